import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { RECOVERY_CODE_PATTERN, TOO_MANY_CODES } from "../../domain/staff/forms";
import { dummyPasswordHash, randomToken, tokenHash, verifyPassword } from "../accounts/secrets";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { staffMembers, staffSessions } from "../db/schema/index";
import { readCookie } from "../http/cookies";
import { audit } from "./audit";
import { memberOf, type StaffMember } from "./members";
import { StaffError } from "./staff-error";
import { acceptTotp, newRecoveryCodes, newTotpSecret, totpEnrollment } from "./totp";

/** The panel session's cookie (HttpOnly, SameSite=Strict; web/features/panel/panel.server.ts sets it). */
export const PANEL_COOKIE = "panel_session";

/** The panel session's token in a Cookie header, if any. */
export const panelTokenOf = (cookieHeader: string | null | undefined): string | undefined =>
  readCookie(cookieHeader, PANEL_COOKIE);

/** Between the password and the second factor. */
const PASSWORD_STAGE_MINUTES = 10;
/** A signed-in session ends after this long without a request, and in any case after a working day. */
const IDLE_MINUTES = 120;
const SESSION_HOURS = 12;
/** Wrong codes in one sign-in before it ends (a new sign-in starts with the password again). */
export const MAX_FAILED_CODES = 5;

export type SessionStage = "password" | "signed-in";

export interface StaffSession {
  /** The session's public id in the panel (a prefix of the token's hash; never the token). */
  id: string;
  stage: SessionStage;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

const SIGN_IN_REFUSED = "Nieprawidłowy e-mail lub hasło.";
const CODE_REFUSED = "Nieprawidłowy kod. Sprawdź, czy czas w telefonie jest ustawiony automatycznie.";
/** A recovery code works once: one that is not among the member's is wrong or already spent. */
const RECOVERY_CODE_REFUSED = "Nieprawidłowy kod zapasowy albo kod już użyty: każdy działa tylko raz.";
const sessionId = (hash: string) => hash.slice(0, 16);
const hashCode = (code: string) => crypto.createHash("sha256").update(code).digest("hex");

/**
 * Signing in to the back-office: e-mail and password, then the second factor (a code from the
 * authenticator app, set up at the first sign-in, or a single-use recovery code). The browser holds
 * the session's token in an HttpOnly cookie; the member sees their sessions and ends any of them, and
 * blocking a member or changing their role ends all of theirs.
 */
export class StaffSessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly issuer: string,
    /** PASSWORD_HASH_COST: the unknown address's comparison costs what a member's does. */
    private readonly passwordHashCost: number,
  ) {}

  /** The password step: a session waiting for the second factor, and whether it must be set up first. */
  async signIn(
    email: string,
    password: string,
    meta: { ip: string | null; userAgent: string | null },
  ): Promise<{ token: string; setup: boolean }> {
    const [row] = await this.db
      .select()
      .from(staffMembers)
      .where(sql`lower(${staffMembers.email}) = lower(${email.trim()})`);
    // The same work whether or not the address is known, so the answer's time tells nothing.
    const ok = await verifyPassword(
      password,
      row?.passwordHash ?? (await dummyPasswordHash(this.passwordHashCost)),
    );
    if (!row || !ok) throw new StaffError(401, SIGN_IN_REFUSED);
    if (!row.active)
      throw new StaffError(403, "Twoje konto w panelu jest zablokowane. Skontaktuj się z administratorem.");
    const token = randomToken();
    const now = this.clock.now();
    await this.db.insert(staffSessions).values({
      tokenHash: tokenHash(token),
      staffId: row.id,
      stage: "password",
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_STAGE_MINUTES * 60_000),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await this.db
      .delete(staffSessions)
      .where(lt(staffSessions.expiresAt, new Date(now.getTime() - 30 * 86_400_000)));
    return { token, setup: row.totpConfirmedAt === null };
  }

  /** The member and session of a cookie's token, while it is valid; a signed-in session is kept alive. */
  async session(token: string | undefined): Promise<{ member: StaffMember; session: StaffSession } | null> {
    return token ? this.sessionByHash(tokenHash(token)) : null;
  }

  /** The same by the token's hash (what a chat console's session records of the panel session). */
  async sessionByHash(hash: string): Promise<{ member: StaffMember; session: StaffSession } | null> {
    const now = this.clock.now();
    const row = await this.openSession(hash, now);
    if (!row) return null;
    const { s, m } = row;
    if (s.stage === "signed-in" && now.getTime() - s.lastSeenAt.getTime() > IDLE_MINUTES * 60_000)
      return null;
    // Written at most once a minute: a page with several requests does not write each time.
    if (now.getTime() - s.lastSeenAt.getTime() > 60_000)
      await this.db
        .update(staffSessions)
        .set({ lastSeenAt: now })
        .where(eq(staffSessions.tokenHash, s.tokenHash));
    return { member: memberOf(m), session: toSession(s) };
  }

  /** The app's QR code and secret for a member setting up the second factor (the secret is kept until confirmed). */
  async totpSetup(token: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
    const { row } = await this.passwordStage(token);
    if (row.totpConfirmedAt) throw new StaffError(400, "Drugi składnik jest już ustawiony.");
    const secret = row.totpSecret ?? newTotpSecret();
    if (!row.totpSecret)
      await this.db.update(staffMembers).set({ totpSecret: secret }).where(eq(staffMembers.id, row.id));
    return { secret, ...totpEnrollment(secret, row.email, this.issuer) };
  }

  /** The first code from the app confirms it: the session is signed in, and the recovery codes are shown once. */
  async confirmTotp(token: string, code: string): Promise<{ recoveryCodes: string[] }> {
    const { row } = await this.passwordStage(token);
    if (!row.totpSecret || row.totpConfirmedAt) throw new StaffError(400, "Zacznij logowanie od nowa.");
    const step = await acceptTotp(row.totpSecret, code, row.totpLastStep, this.clock.now());
    if (step === null) return this.refuseCode(token);
    const recoveryCodes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await tx
        .update(staffMembers)
        .set({
          totpConfirmedAt: this.clock.now(),
          totpLastStep: step,
          recoveryCodeHashes: recoveryCodes.map(hashCode),
        })
        .where(eq(staffMembers.id, row.id));
      await audit(tx, row, { action: "staff.totp", entity: "staff", entityId: row.id });
      await this.upgrade(tx, token);
    });
    return { recoveryCodes };
  }

  /** The second step: a code from the app, or one of the recovery codes (then spent). */
  async secondFactor(token: string, code: string): Promise<{ recoveryCodesLeft: number | null }> {
    const { row } = await this.passwordStage(token);
    if (!row.totpSecret || !row.totpConfirmedAt) throw new StaffError(400, "Zacznij logowanie od nowa.");
    if (RECOVERY_CODE_PATTERN.test(code)) {
      const left = row.recoveryCodeHashes.filter((h) => h !== hashCode(code));
      if (left.length === row.recoveryCodeHashes.length) return this.refuseCode(token, RECOVERY_CODE_REFUSED);
      await this.db.transaction(async (tx) => {
        await tx.update(staffMembers).set({ recoveryCodeHashes: left }).where(eq(staffMembers.id, row.id));
        await audit(tx, row, { action: "staff.recovery-code", entity: "staff", entityId: row.id });
        await this.upgrade(tx, token);
      });
      return { recoveryCodesLeft: left.length };
    }
    const step = await acceptTotp(row.totpSecret, code, row.totpLastStep, this.clock.now());
    if (step === null) return this.refuseCode(token);
    await this.db.transaction(async (tx) => {
      // Compare-and-set: of two requests with the same code, one wins.
      const [won] = await tx
        .update(staffMembers)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(staffMembers.id, row.id),
            or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
          ),
        )
        .returning({ id: staffMembers.id });
      if (!won) throw new StaffError(400, CODE_REFUSED, "Code");
      await this.upgrade(tx, token);
    });
    return { recoveryCodesLeft: null };
  }

  /** A fresh set of recovery codes (the old ones stop working). */
  async renewRecoveryCodes(member: StaffMember): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await tx
        .update(staffMembers)
        .set({ recoveryCodeHashes: codes.map(hashCode) })
        .where(eq(staffMembers.id, member.id));
      await audit(tx, member, { action: "staff.recovery-renew", entity: "staff", entityId: member.id });
    });
    return codes;
  }

  /** A member's signed-in sessions, the most recent first. */
  async list(staffId: number): Promise<StaffSession[]> {
    const rows = await this.db
      .select()
      .from(staffSessions)
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          eq(staffSessions.stage, "signed-in"),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, this.clock.now()),
        ),
      )
      .orderBy(desc(staffSessions.lastSeenAt));
    return rows.map(toSession);
  }

  /** Ends one of the member's own sessions (by its public id). */
  async revoke(staffId: number, id: string): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({ revokedAt: this.clock.now() })
      .where(
        and(
          eq(staffSessions.staffId, staffId),
          sql`left(${staffSessions.tokenHash}, 16) = ${id}`,
          isNull(staffSessions.revokedAt),
        ),
      );
  }

  async signOut(token: string): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({ revokedAt: this.clock.now() })
      .where(eq(staffSessions.tokenHash, tokenHash(token)));
  }

  /** A session by its token's hash, with its member, while neither is ended (and at `stage`, if given). */
  private async openSession(hash: string, now: Date, stage?: SessionStage) {
    const [row] = await this.db
      .select({ s: staffSessions, m: staffMembers })
      .from(staffSessions)
      .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, hash),
          stage ? eq(staffSessions.stage, stage) : undefined,
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, now),
          eq(staffMembers.active, true),
        ),
      );
    return row;
  }

  private async passwordStage(token: string) {
    const row = await this.openSession(tokenHash(token), this.clock.now(), "password");
    if (!row) throw new StaffError(401, "Sesja logowania wygasła. Zaloguj się ponownie.");
    return { row: row.m, session: row.s };
  }

  /** Counts a wrong code; at the limit the sign-in ends. */
  private async refuseCode(token: string, message = CODE_REFUSED): Promise<never> {
    const [s] = await this.db
      .update(staffSessions)
      .set({ failedCodes: sql`${staffSessions.failedCodes} + 1` })
      .where(eq(staffSessions.tokenHash, tokenHash(token)))
      .returning({ failed: staffSessions.failedCodes });
    if ((s?.failed ?? MAX_FAILED_CODES) >= MAX_FAILED_CODES) {
      await this.signOut(token);
      throw new StaffError(401, TOO_MANY_CODES);
    }
    throw new StaffError(400, message, "Code");
  }

  private async upgrade(tx: Tx, token: string): Promise<void> {
    const now = this.clock.now();
    await tx
      .update(staffSessions)
      .set({
        stage: "signed-in",
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000),
      })
      .where(eq(staffSessions.tokenHash, tokenHash(token)));
  }
}

function toSession(s: typeof staffSessions.$inferSelect): StaffSession {
  return {
    id: sessionId(s.tokenHash),
    stage: s.stage as SessionStage,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    ip: s.ip,
    userAgent: s.userAgent,
  };
}
