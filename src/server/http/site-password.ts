import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Server as SocketServer } from "socket.io";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { readCookie } from "./cookies";
import { ApiError } from "./errors";
import { enforceRateLimit } from "./rate-limit";

const COOKIE = "site_access";

function token(password: string): string {
  return crypto.createHmac("sha256", password).update("site-access-v1").digest("hex");
}

/** Tries of the password form per client address per 10 minutes (the DB rate limiter's window). */
export const SITE_PASSWORD_TRIES = 10;

function page(error?: string): string {
  return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Środowisko testowe</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f3f4f6}
form{background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 1px 4px #0002;max-width:22rem;width:90%}
label,input,button{display:block;width:100%;box-sizing:border-box;font-size:1rem}input{margin:.5rem 0 1rem;padding:.6rem;border:1px solid #6b7280;border-radius:.4rem}
button{padding:.7rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;font-weight:600;cursor:pointer}p[role=alert]{color:#b91c1c}</style></head>
<body><form method="post" action="/__site-password"><h1>Środowisko testowe</h1><p>Ta wersja serwisu jest chroniona hasłem.</p>
${error ? `<p role="alert">${error}</p>` : ""}
<label for="password">Hasło</label><input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Wejdź</button></form></body></html>`;
}

/**
 * The test-environment gate (spec section 6): with SITE_PASSWORD set, every page and API call asks for
 * the password until the right one is given; health checks stay open for load balancers, and /metrics
 * for scrapers (it has its own access rule: loopback or METRICS_TOKEN, see metrics.ts).
 */
export function registerSitePassword(app: FastifyInstance, password: string, db: Db, clock: Clock): void {
  const expected = token(password);
  // The password form's parser lives in its own scope, so API areas can register their own.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post("/__site-password", async (request, reply) => {
      // Every try counts, so the password cannot be guessed at the speed of the network.
      try {
        await enforceRateLimit({ db, clock }, request, reply, "SitePassword", SITE_PASSWORD_TRIES);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 429) throw err;
        const minutes = Math.max(1, Math.ceil(Number(reply.getHeader("retry-after")) / 60));
        return reply
          .status(429)
          .type("text/html; charset=utf-8")
          .send(page(`Zbyt wiele prób podania hasła. Spróbuj ponownie za ${minutes} min.`));
      }
      const given = (request.body as Record<string, string> | undefined)?.password ?? "";
      if (given !== password) {
        return reply
          .status(401)
          .type("text/html; charset=utf-8")
          .send(page("Hasło jest nieprawidłowe. Spróbuj ponownie."));
      }
      reply.header("set-cookie", `${COOKIE}=${expected}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`);
      return reply.redirect("/", 303);
    });
  });
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0];
    if (path === "/healthz" || path === "/readyz" || path === "/metrics" || path === "/__site-password")
      return;
    if (readCookie(request.headers.cookie, COOKIE) === expected) return;
    if (path.startsWith("/api/")) {
      return reply.status(401).send({ ErrorCode: 44, ErrorMessage: "Środowisko testowe wymaga hasła." });
    }
    return reply
      .status(401)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(page());
  });
}

/**
 * The live hubs' socket.io endpoint is answered by engine.io on the raw Node server, before Fastify's
 * hooks: it checks the same cookie itself (one socket.io server carries both hubs).
 */
export function gateSockets(io: SocketServer, password: string): void {
  const expected = token(password);
  io.engine.opts.allowRequest = (req: IncomingMessage, callback) => {
    if (readCookie(req.headers.cookie, COOKIE) === expected) return callback(null, true);
    callback("Środowisko testowe wymaga hasła.", false);
  };
}
