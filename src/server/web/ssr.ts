import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { contentSecurityPolicy, newNonce } from "../http/csp";
import type { Services } from "../service-types";
import {
  isAnonymousPageRequest,
  isCacheableResponse,
  nextTimeBoundary,
  sendCachedPage,
  serverClockTiming,
  toCachedPage,
} from "./cached-pages";
import { concurrencyLimit } from "./concurrency-limit";
import { canonicalPageAddress } from "./page-address";
import { type PageCache, pageKey } from "./page-cache";

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

const databaseAnswers = (services: Services) =>
  services.database.ping().then(
    () => true,
    () => false,
  );

async function sendWebResponse(reply: FastifyReply, response: Response, status = response.status) {
  reply.status(status);
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
  opts: { getBuild: () => Promise<ServerBuild>; mode: string; services: Services; pageCache?: PageCache },
): Promise<void> {
  const { services, pageCache } = opts;
  const rendering = concurrencyLimit(services.config.SSR_CONCURRENCY);
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
        // One redirect to the page's one address: no control characters, the path's canonical spelling.
        const canonicalAddress =
          request.method === "GET" || request.method === "HEAD"
            ? await canonicalPageAddress(request.url, (id) => services.offerAddresses.canonicalPath(id))
            : null;
        if (canonicalAddress !== null) return reply.redirect(canonicalAddress, 301);
        const handle = await handlerFor();
        const visit = { method: request.method, url: request.url, headers: request.headers };
        const key = pageCache && isAnonymousPageRequest(request) ? pageKey(request.url) : undefined;
        if (key) {
          const page = pageCache?.get(key);
          if (page) {
            // A stored page never reaches the route's loader: its visit is counted here.
            services.offerVisits.seen({ ...visit, status: page.status });
            return sendCachedPage(request, reply, page, "hit", services.clock);
          }
        }
        const ticket = pageCache?.ticket() ?? 0;
        const startedAt = services.clock.now().getTime();
        const nonce = newNonce();
        const context = Object.assign(new RouterContextProvider(), {
          services,
          cspNonce: nonce,
          clientIp: request.ip,
          log: request.log,
        });
        // The page is whole when handle() answers (entry.server.tsx), so the slot covers the render.
        const response = await rendering(() => handle(toWebRequest(request, reply), context));
        services.offerVisits.seen({ ...visit, status: response.status });
        const csp = () => contentSecurityPolicy(services.config, { nonce }, { staffPage: context.staffPage });
        reply.header("server-timing", serverClockTiming(services.clock));
        // A loader that failed because the database is away renders the site's error page; it is
        // answered 503 (try again soon) rather than 500 (ADR 014). React Router keeps the error itself,
        // so the database is asked directly.
        if (response.status === 500 && !(await databaseAnswers(services))) {
          reply.header("content-security-policy", csp());
          reply.header("retry-after", "5");
          return sendWebResponse(reply, response, 503);
        }
        if (pageCache && key && request.method === "GET" && isCacheableResponse(response)) {
          const page = toCachedPage(
            request.url.split("?")[0],
            response,
            await response.text(),
            nonce,
            services.config,
            services.clock.now().getTime(),
          );
          if (pageCache.needsValidUntil) {
            const boundary = await nextTimeBoundary(services.db, startedAt).catch(() => undefined);
            if (boundary !== undefined) pageCache.setValidUntil(boundary);
          }
          // Without the next time boundary (the database went away just now) the page is sent, not stored.
          if (!pageCache.needsValidUntil) pageCache.set(key, page, ticket);
          return sendCachedPage(request, reply, page, "miss", services.clock);
        }
        reply.header("content-security-policy", csp());
        return sendWebResponse(reply, response);
      },
    });
  });
}
