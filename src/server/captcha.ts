import crypto from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/**
 * ALTCHA proof of work, self-hosted (architecture guide: captcha). The widget fetches a signed
 * challenge, searches the counter in a web worker and sends the payload with the form; the server
 * checks the signature, expiry and solution. Replay protection belongs to the caller, which records
 * the returned id in its own transaction (alerts: a unique column), so one solution serves one form.
 *
 * Shared by every form with a robot check. The lead forms' branch has the same service in
 * src/server/leads/captcha.ts; the two are meant to become this one module.
 */
const ALGORITHM = "SHA-256";
const COST = 1;
/** About 0.2-1 s of work in a browser, a few milliseconds to check here (the derived key is signed). */
const COUNTER_RANGE = [5_000, 25_000] as const;
const TTL_MS = 20 * 60_000;

export type CaptchaFailure = "invalid" | "expired";
export type CaptchaResult = { ok: true; id: string } | { ok: false; reason: CaptchaFailure };

export class CaptchaService {
  private readonly secret: string;
  private readonly keySecret: string;

  constructor(secret: string | undefined) {
    // Without a configured secret each process signs with its own random key (fine for one process).
    this.secret = secret ?? crypto.randomBytes(32).toString("hex");
    this.keySecret = crypto.createHmac("sha256", this.secret).update("altcha-key").digest("hex");
  }

  challenge(now = Date.now()): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      counter: randomInt(COUNTER_RANGE[1], COUNTER_RANGE[0]),
      deriveKey,
      expiresAt: new Date(now + TTL_MS),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /** Checks a widget payload (base64 JSON of {challenge, solution}); the challenge id when valid. */
  async verify(payload: string): Promise<CaptchaResult> {
    let parsed: { challenge?: Challenge; solution?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    } catch {
      return { ok: false, reason: "invalid" };
    }
    if (!parsed?.challenge?.parameters || !parsed.solution || typeof parsed.solution !== "object") {
      return { ok: false, reason: "invalid" };
    }
    try {
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution as never,
        deriveKey,
        hmacSignatureSecret: this.secret,
        hmacKeySignatureSecret: this.keySecret,
      });
      if (result.expired) return { ok: false, reason: "expired" };
      if (!result.verified) return { ok: false, reason: "invalid" };
    } catch {
      return { ok: false, reason: "invalid" };
    }
    return { ok: true, id: String(parsed.challenge.parameters.nonce) };
  }
}
