import type { Server } from "node:http";
import type { Config } from "../config";
import { securityHeaders } from "./csp";

/**
 * Sets the security headers (ADR 015) on every response of the Node server: Fastify's routes, static
 * files, errors, and socket.io, which engine.io answers on the raw server before any Fastify hook.
 * Headers set here merge with those the handler writes later, and the handler's win: the SSR handler
 * replaces the strict CSP with the page's own, which carries its nonce.
 *
 * Call it after socket.io is attached: engine.io moves the 'request' listeners present at its attach
 * behind its own path check, and this one must run before it for socket.io's answers too.
 */
export function applySecurityHeaders(server: Server, config: Pick<Config, "publicUrl">): void {
  const headers = Object.entries(securityHeaders(config));
  server.prependListener("request", (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  });
}
