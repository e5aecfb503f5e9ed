import crypto from "node:crypto";
import type { Config } from "../config";

// Interim version of the interface the security-headers branch provides; replaced at its merge.
export const newNonce = (): string => crypto.randomBytes(16).toString("base64");

export function contentSecurityPolicy(
  _config: Config,
  source: { nonce: string } | { hashes: string[] },
): string {
  const scripts =
    "nonce" in source ? `'nonce-${source.nonce}'` : source.hashes.map((h) => `'${h}'`).join(" ");
  return `default-src 'self'; script-src 'self' ${scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; frame-ancestors 'none'`;
}
