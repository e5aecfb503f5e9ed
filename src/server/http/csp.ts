import crypto from "node:crypto";
import type { Config } from "../config";
import { tagOrigins } from "../tracking/tags";

/**
 * Content Security Policy of the web app (ADR 015). Access tokens live in localStorage, so this is the
 * main defence against XSS: scripts only from our origin and the inline scripts React Router writes
 * into the page, which carry the per-response nonce (or, for a cached page, their hashes).
 */
export function newNonce(): string {
  return crypto.randomBytes(18).toString("base64");
}

export function contentSecurityPolicy(
  config: Pick<Config, "publicUrl"> & Partial<Config>,
  source: { nonce: string } | { hashes: string[] },
  { staffPage = false }: { staffPage?: boolean } = {},
): string {
  const inline = "nonce" in source ? [`'nonce-${source.nonce}'`] : source.hashes.map((h) => `'${h}'`);
  const https = config.publicUrl.startsWith("https:");
  // 'self' covers ws(s) of the same origin in CSP 3; the public origin is named too for older engines.
  const socketOrigin = config.publicUrl.replace(/^http/, "ws");
  // npm run dev: Vite's hot reload socket listens on its own default port.
  const viteHmr = config.NODE_ENV === "development" ? " ws://localhost:24678" : "";
  // The advertising tags' hosts, only when a tag is configured (its script, pixels and requests); the
  // browser still loads them only after marketing consent (ADR 021). Never on a staff page, whose
  // customers' data no tag may see: there the browser would refuse one even if a script added it.
  const tags = (staffPage ? [] : tagOrigins(config)).map((o) => ` ${o}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self' ${inline.join(" ")}${tags}`,
    // React style attributes and the ALTCHA widget's own <style> element.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tags}`,
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}${viteHmr}${tags}`,
    // ALTCHA solves its proof of work in workers made from blob: URLs.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** For everything that is not a page of the web app: JSON, images, PDFs, assets, socket.io, plain pages. */
export const STRICT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The headers every response carries (set on the raw Node response, see security-headers.ts). */
export function securityHeaders(config: Pick<Config, "publicUrl">): Record<string, string> {
  return {
    "content-security-policy": STRICT_CSP,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "cross-origin-opener-policy": "same-origin",
    ...(config.publicUrl.startsWith("https:")
      ? { "strict-transport-security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}
