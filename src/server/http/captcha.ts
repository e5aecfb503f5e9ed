import crypto from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { captchaUses } from "../db/schema/index";

/**
 * ALTCHA proof of work, self-hosted: the browser widget fetches a signed challenge, searches the
 * counter in a web worker and sends the payload with the form; the server checks signature, expiry
 * and solution, then records the challenge id so the same solved captcha is refused a second time.
 *
 * SHA-256 with a counter drawn from COUNTER_RANGE: about 0.2-1 s of work in a browser, a few ms to
 * check here (the derived key is signed, no search needed).
 */
const ALGORITHM = "SHA-256";
const COST = 1;
const COUNTER_RANGE = [5_000, 25_000] as const;
const TTL_MS = 20 * 60_000;

export type CaptchaFailure = "invalid" | "expired" | "replayed";

export class CaptchaService {
  private readonly secret: string;
  private readonly keySecret: string;

  constructor(
    secret: string | undefined,
    private readonly clock: Clock,
  ) {
    // Without a configured secret each process signs with its own random key (fine for one process).
    this.secret = secret ?? crypto.randomBytes(32).toString("hex");
    this.keySecret = crypto.createHmac("sha256", this.secret).update("altcha-key").digest("hex");
  }

  challenge(): Promise<Challenge> {
    const now = this.clock.now().getTime();
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

  /** Checks a widget payload (base64 JSON of {challenge, solution}); returns the challenge id when valid. */
  async verify(payload: string): Promise<{ ok: true; id: string } | { ok: false; reason: CaptchaFailure }> {
    let parsed: { challenge?: Challenge; solution?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    } catch {
      return { ok: false, reason: "invalid" };
    }
    if (!parsed?.challenge?.parameters || !parsed.solution || typeof parsed.solution !== "object") {
      return { ok: false, reason: "invalid" };
    }
    // Expiry by the server's clock, as altcha-lib's own check does (first, like it) by the system's:
    // a test that moves the clock sees a challenge expire.
    const expiresAt = Number(parsed.challenge.parameters.expiresAt);
    if (expiresAt && expiresAt < this.clock.now().getTime() / 1000) return { ok: false, reason: "expired" };
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

  /**
   * Records a used challenge inside the caller's transaction; false when it was used before. Used ids
   * older than the challenge lifetime are pruned now and then (they could not verify anyway).
   */
  async consume(tx: Db | Tx, id: string): Promise<boolean> {
    const rows = await tx
      .insert(captchaUses)
      .values({ challengeId: id, usedAt: this.clock.now() })
      .onConflictDoNothing()
      .returning({ id: captchaUses.challengeId });
    if (Math.random() < 0.01) {
      const dayAgo = new Date(this.clock.now().getTime() - 86_400_000).toISOString();
      await tx.delete(captchaUses).where(sql`${captchaUses.usedAt} < ${dayAgo}::timestamptz`);
    }
    return rows.length === 1;
  }
}
