import crypto from "node:crypto";
import { generate, generateSecret, generateURI } from "otplib";
import { renderSVG } from "uqr";

/**
 * The second factor of staff sign-in: RFC 6238 codes (6 digits, 30 s, SHA-1: what every
 * authenticator app reads from a QR code) through otplib. A code is accepted from the step before to
 * the step after now (clocks drift), and never at or before the last step accepted, so a code seen
 * over a shoulder cannot be used again.
 */
const STEP_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an authenticator app takes, and the same as a QR code (SVG). */
export function totpEnrollment(
  secret: string,
  email: string,
  issuer: string,
): { uri: string; qrSvg: string } {
  const uri = generateURI({ issuer, label: email, secret });
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** The step of a valid code (to store as the last one used), or null. */
export async function acceptTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): Promise<number | null> {
  const current = Math.floor(now.getTime() / 1000 / STEP_SECONDS);
  for (const step of [current, current - 1, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    const expected = await generate({ secret, epoch: step * STEP_SECONDS });
    if (expected.length === code.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(code)))
      return step;
  }
  return null;
}

/** A code as the app shows it at `now` (tests and the setup screen's check). */
export const totpAt = (secret: string, now: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(now.getTime() / 1000) });

/** Ten single-use recovery codes, 'abcde-12345', for a lost phone. */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const group = () => Array.from(crypto.randomBytes(5), (b) => alphabet[b % alphabet.length]).join("");
  return Array.from({ length: 10 }, () => `${group()}-${group()}`);
}
