import crypto from "node:crypto";
import { promisify } from "node:util";

/**
 * Passwords are hashed with scrypt (memory-hard, in node:crypto, no dependency). The parameters are
 * stored with each hash so they can be raised later without breaking existing accounts:
 * N=2^15, r=8, p=3 (32 MiB per hash), one of the OWASP-recommended scrypt settings. The exponent is
 * PASSWORD_HASH_COST; test servers lower it, as they sign in thousands of times (ADR 040).
 */
const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes: enough for N up to 2^17 with r = 8, PASSWORD_HASH_COST's highest. */
const MAXMEM = 256 * 1024 * 1024;

export async function hashPassword(password: string, cost: number): Promise<string> {
  const params = { N: 2 ** cost, r: 8, p: 3 };
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFC"), salt, KEY_LENGTH, {
    ...params,
    maxmem: MAXMEM,
  });
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password.normalize("NFC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * A hash to compare against when the e-mail is unknown, so both cases take the same time: made with
 * the cost of the server's own hashes.
 */
const dummyHashes = new Map<number, Promise<string>>();
export function dummyPasswordHash(cost: number): Promise<string> {
  const known = dummyHashes.get(cost);
  if (known) return known;
  const hash = hashPassword(crypto.randomBytes(16).toString("hex"), cost);
  dummyHashes.set(cost, hash);
  return hash;
}

/** A random token for a link or a bearer header (256 bits, URL-safe). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256: a copy of the database does not let anyone sign in. */
export function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
