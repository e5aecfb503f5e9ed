import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ErrorCode } from "../../domain/errors";
import type { AuthContext, SignedInUser } from "../accounts/service";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { bearerToken } from "./bearer";
import { ApiError, notFound } from "./errors";
import { enforceRateLimit, rateLimitedMessage } from "./rate-limit";

/**
 * Who may call a route, declared with the route (apiRoute's `auth`) instead of each handler reading
 * the Authorization header: "user" a signed-in person (401/409 otherwise, from the accounts area),
 * "optional" the person when a valid token came and null otherwise (public views that mark 'you'),
 * "apiKey" the fleet system's OFFERS_API_KEY (ADR 012; without that setting the route answers 404).
 */
export type RouteAuth = "user" | "optional" | "apiKey";

/** A per-address limit of a route (fixed window, counted in the database: http/rate-limit.ts). */
export interface RouteRateLimit {
  /** The counter's name, e.g. "SendQuestion". */
  name: string;
  perWindow: number;
  /** The 429's text, given the minutes to wait; the lead forms' text by default. */
  message?: (minutes: number) => string;
  /** An abuse limit real people never reach: multiplied by RATE_LIMITS_SCALE (tests share one address). */
  scaled?: boolean;
}

export interface RouteConfig {
  auth?: RouteAuth;
  rateLimit?: RouteRateLimit;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in person of a route with auth "user" (or "optional", null when none). */
    user: (AuthContext & { user: SignedInUser }) | null;
  }
  interface FastifyInstance {
    routeGuards: RouteGuards;
  }
}

export interface RouteGuards {
  /** After the input is validated, before the handler: the rate limit, then the person. */
  beforeHandler(config: RouteConfig, request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

interface GuardServices {
  db: Db;
  clock: Clock;
  config: { RATE_LIMITS_SCALE: number; OFFERS_API_KEY?: string };
  accounts: {
    authenticate(authorization: string | undefined): Promise<AuthContext & { user: SignedInUser }>;
  };
}

const sameKey = (given: string, expected: string) => {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/** Installs the guards in the API scope: routes declare `auth` and `rateLimit`, the guards act. */
export function registerRouteGuards(api: FastifyInstance, services: GuardServices): void {
  api.decorateRequest("user", null);
  api.decorate("routeGuards", {
    async beforeHandler(config, request, reply) {
      const limit = config.rateLimit;
      if (limit) {
        const perWindow = limit.perWindow * (limit.scaled ? services.config.RATE_LIMITS_SCALE : 1);
        await enforceRateLimit(
          services,
          request,
          reply,
          limit.name,
          perWindow,
          limit.message ?? rateLimitedMessage,
        );
      }
      if (config.auth === "user")
        request.user = await services.accounts.authenticate(request.headers.authorization);
      else if (config.auth === "optional" && request.headers.authorization) {
        // A token that is sent is checked like any other: an expired one answers 401, so the client
        // refreshes it and asks again. Answering as to a visitor instead made a signed-in bidder's page
        // forget them once the token had expired (no 'Ty' in the history of an ended auction on a reload).
        request.user = await services.accounts.authenticate(request.headers.authorization);
      }
    },
  } satisfies RouteGuards);
  // The machine key is checked on arrival, before a body (a photo of up to 15 MB) is read.
  api.addHook("onRequest", async (request) => {
    if ((request.routeOptions.config as RouteConfig).auth !== "apiKey") return;
    const key = services.config.OFFERS_API_KEY;
    if (!key) throw notFound("Nie znaleziono zasobu.");
    if (!sameKey(bearerToken(request.headers.authorization) ?? "", key)) {
      throw new ApiError(
        401,
        ErrorCode.Unauthenticated,
        "Brak lub nieprawidłowy klucz API zarządzania ofertami.",
      );
    }
  });
}

/** The person of a route declared with auth "user" (the guard has already refused everyone else). */
export function signedIn(request: FastifyRequest): AuthContext & { user: SignedInUser } {
  if (!request.user) throw new Error(`${request.routeOptions.url}: declare auth "user" on the route`);
  return request.user;
}
