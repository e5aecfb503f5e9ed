import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { contentSecurityPolicy, newNonce } from "../http/csp";
import type { Services } from "../services";

/** Builds the Web Request that React Router expects from Fastify's request. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD" && request.body) {
    init.body = createReadableStreamFromReadable(request.body as Readable);
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
}

/**
 * Every path that is not API, health or a static file is answered by the React Router app: server
 * rendered HTML with real status codes (404 page is a real 404) and the route loaders calling the
 * same services as the API, with no HTTP hop to itself.
 */
export async function registerSsr(
  app: FastifyInstance,
  opts: { getBuild: () => Promise<ServerBuild>; mode: string; services: Services },
): Promise<void> {
  let cached: { build: ServerBuild; handle: ReturnType<typeof createRequestHandler> } | undefined;
  const handlerFor = async () => {
    const build = await opts.getBuild();
    if (cached?.build !== build) cached = { build, handle: createRequestHandler(build, opts.mode) };
    return cached.handle;
  };
  await app.register(async (scope) => {
    // Forms posted to route actions are read by React Router itself: hand it the raw stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      handler: async (request, reply) => {
        const handle = await handlerFor();
        // A fresh nonce per response for React Router's inline scripts (entry.server.tsx), named in
        // this page's CSP; it replaces the strict CSP every other response carries (ADR 015).
        const cspNonce = newNonce();
        const response = await handle(toWebRequest(request, reply), { services: opts.services, cspNonce });
        reply.header(
          "content-security-policy",
          contentSecurityPolicy(opts.services.config, { nonce: cspNonce }),
        );
        return sendWebResponse(reply, response);
      },
    });
  });
}
