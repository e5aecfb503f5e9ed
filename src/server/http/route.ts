import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { prettifyError, type z } from "zod";
import { parseInput } from "./errors";
import type { OpenApiRegistry } from "./openapi";
import type { RouteAuth, RouteConfig, RouteRateLimit } from "./route-guards";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteDef<Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  /** What the summary leaves out; a route for the signed-in user is said to need the token first. */
  description?: string;
  query?: Q;
  body?: B;
  response?: z.ZodType;
  responseContentType?: string;
  /** Other forms of the same answer a query asks for (the data export's CSV), by content type. */
  alsoAnswers?: Record<string, z.ZodType>;
  /** Who may call it (http/route-guards.ts); the handler then reads request.user. */
  auth?: RouteAuth;
  /** A per-address limit, counted after the input is valid. */
  rateLimit?: RouteRateLimit;
  handler: (
    input: {
      query: Q extends z.ZodType ? z.output<Q> : undefined;
      body: B extends z.ZodType ? z.output<B> : undefined;
    },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>;
}

/** The docs of every route for the signed-in user (auth "user") begin with how it is called. */
const USER_TOKEN_NOTE = "Wymaga nagłówka Authorization: Bearer {access_token}.";

const documented = (def: { auth?: RouteAuth; description?: string }) =>
  def.auth === "user" ? [USER_TOKEN_NOTE, def.description].filter(Boolean).join(" ") : def.description;

/**
 * Declares one API route: validates query and body with zod (bad input: 400 naming the field),
 * applies its rate limit and auth (route-guards.ts), calls the handler, and records the route in the OpenAPI description served at /api/docs.
 */
export function apiRoute<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(app: FastifyInstance, docs: OpenApiRegistry, def: RouteDef<Q, B>): void {
  docs.add({
    method: def.method,
    url: `/api${def.url}`,
    summary: def.summary,
    tags: def.tags,
    description: documented(def),
    query: def.query,
    body: def.body,
    response: def.response,
    responseContentType: def.responseContentType,
    alsoAnswers: def.alsoAnswers,
    auth: def.auth,
  });
  const config: RouteConfig = { auth: def.auth, rateLimit: def.rateLimit };
  app.route({
    method: def.method,
    url: def.url,
    config,
    handler: async (request, reply) => {
      const query = def.query ? parseInput(def.query, request.query) : undefined;
      const body = def.body ? parseInput(def.body, request.body) : undefined;
      if (def.auth || def.rateLimit) await request.server.routeGuards.beforeHandler(config, request, reply);
      const answer = await def.handler({ query, body } as never, request, reply);
      if (docs.checksAnswers && answer !== undefined && !reply.sent) checkAnswer(def, answer);
      return answer;
    },
  });
}

/**
 * Under test every answer is checked against the schema /api/docs gives for it, so the description
 * cannot drift from what the server says: a mismatch fails the request (500) and prints the fields.
 */
function checkAnswer(def: { method: Method; url: string; response?: z.ZodType }, answer: unknown): void {
  const isoFields = machineTimesOutsideUtcFields(answer);
  if (isoFields.length)
    throw new Error(
      `The answer of ${def.method} /api${def.url} gives a time as ISO 8601 outside a …Utc field (the spec's format is 'YYYY-MM-DD HH:mm:SS', Polish time): ${isoFields.join(", ")}`,
    );
  const result = def.response?.safeParse(answer);
  if (!result || result.success) return;
  // The error handler logs it with the request (and the test reads the 500).
  throw new Error(
    `The answer of ${def.method} /api${def.url} does not match its documented schema:\n${prettifyError(result.error)}`,
  );
}

/** The server's clock, which a page reads to tick its countdowns from the server's time. */
const SERVER_CLOCK_FIELDS = new Set(["ServerTime", "ServerNow"]);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The spec writes every date and time of an answer as 'YYYY-MM-DD HH:mm:SS' in Polish time
 * (`formatApiDateTime`). A client's clock needs the instant itself, so an answer may add it as ISO 8601
 * in UTC, in a field whose name says so (`AuctionEndUtc`), and `ServerTime` (`ServerNow`), the server's
 * clock for a countdown's offset. The paths of the fields that break this, for the check under test.
 */
export function machineTimesOutsideUtcFields(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => machineTimesOutsideUtcFields(v, `${at}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) =>
      typeof v === "string"
        ? ISO_INSTANT.test(v) && !k.endsWith("Utc") && !SERVER_CLOCK_FIELDS.has(k)
          ? [`${at}.${k}`]
          : []
        : machineTimesOutsideUtcFields(v, `${at}.${k}`),
    );
  return [];
}
