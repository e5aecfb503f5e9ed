import { and, eq, gt, sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATIONS } from "../../domain/account";
import { ErrorCode, INVALID_CREDENTIALS_BODY } from "../../domain/errors";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import { accountOneTimeTokens, accountSettings, type users } from "../db/schema/index";
import { ApiError } from "../http/errors";
import type { MailService } from "../service-types";
import type { CompanyRegistry } from "./company-registry";
import { tokenHash } from "./secrets";

/**
 * The accounts area, written by seam (ADR 006): base.ts holds what every part shares (settings row,
 * one-time links, errors and limits); rules.ts, registration.ts, sessions.ts, profile.ts and
 * service.ts (passwords) each add their part, one class on top of the other, so the area stays one
 * service (`AccountService`) for its callers.
 */

/**
 * Sign-in failure limits in a sliding window (ADR 006). Failures count per (e-mail, client address)
 * pair, never per account alone: someone else failing on a bidder's e-mail must not lock the bidder
 * out (a rival could do it just before an auction ends). Guessing one password is stopped by the
 * pair limit; one address trying many e-mails (credential stuffing) by the per-address limit.
 */
export const SIGN_IN_WINDOW_MINUTES = 15;
/** A person mistyping their password gets this many tries before a pause for that e-mail here. */
export const SIGN_IN_MAX_FAILURES_PER_PAIR = 5;
/** Failures from one address over all e-mails: a whole office behind one NAT never gets near it. */
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 20;
/**
 * A refresh token presented again this soon after its rotation is a concurrent refresh (two tabs
 * waking up together, a retried request whose answer was lost), not theft: it gets a fresh pair of
 * the same session instead of revoking it. Later reuse still revokes the session (ADR 006). The
 * default of config's REFRESH_REUSE_GRACE_SECONDS.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
export const ACTIVATION_HOURS = 48;
export const RESET_MINUTES = 60;
/** The auction rules in force when no version has been published in `documents` (spec section 9). */
export const DEFAULT_RULES = { version: 1, effectiveFrom: new Date("2021-01-07T00:00:00+01:00") };

/** 401 for a wrong e-mail or password: carries the spec's 'Invalid credentials' so no refresh is tried. */
export class InvalidCredentialsError extends ApiError {
  constructor() {
    super(401, ErrorCode.InvalidCredentials, "Nieprawidłowy adres e-mail lub hasło.");
  }
  override body() {
    return { ...super.body(), Error: INVALID_CREDENTIALS_BODY };
  }
}

export const unauthenticated = () =>
  new ApiError(
    401,
    ErrorCode.Unauthenticated,
    "Sesja wygasła albo nie zalogowano się. Zaloguj się ponownie.",
  );
export const sessionRevoked = () =>
  new ApiError(401, ErrorCode.SessionRevoked, "Sesja została zakończona. Zaloguj się ponownie.");
export const linkInvalid = (message: string) => new ApiError(400, ErrorCode.LinkInvalid, message);

export interface LoginResult {
  access_token: string;
  refresh_token: string;
  utoken: string;
  UserName: string;
  expires_in: number;
}

export interface AuthContext {
  userId: number;
  sessionId: string;
}

export type User = typeof users.$inferSelect;
/** The account row of a signed-in person (request.user.user). */
export type SignedInUser = User;

export class AccountBase {
  constructor(
    protected readonly db: Db,
    protected readonly config: Config,
    protected readonly mail: MailService,
    readonly registry: CompanyRegistry,
    protected readonly clock: Clock,
  ) {}

  /** How many one-time links of `purpose` the person was sent within `within` (a PostgreSQL interval). */
  protected async linksSent(
    userId: number,
    purpose: "activation" | "password-reset",
    within: "10 minutes" | "1 hour",
  ): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountOneTimeTokens)
      .where(
        and(
          eq(accountOneTimeTokens.userId, userId),
          eq(accountOneTimeTokens.purpose, purpose),
          gt(
            accountOneTimeTokens.createdAt,
            sql`${this.clock.now().toISOString()}::timestamptz - ${within}::interval`,
          ),
        ),
      );
    return n;
  }

  protected async settings(tx: Db | Tx, userId: number) {
    const [row] = await tx.select().from(accountSettings).where(eq(accountSettings.userId, userId));
    if (row) return row;
    const [created] = await tx
      .insert(accountSettings)
      .values({ userId, notifications: DEFAULT_NOTIFICATIONS })
      .onConflictDoNothing()
      .returning();
    return created ?? (await tx.select().from(accountSettings).where(eq(accountSettings.userId, userId)))[0];
  }

  protected nameParts(user: User) {
    return {
      FirstName: user.firstName,
      LastName: user.lastName,
      CompanyName: user.companyName ?? "",
      Email: user.email,
    };
  }

  /** Marks a one-time link used, or explains why it cannot be used. */
  protected async consumeLink(
    tx: Tx,
    token: string,
    purpose: "activation" | "password-reset",
    texts: LinkTexts,
  ) {
    const [row] = await tx
      .select()
      .from(accountOneTimeTokens)
      .where(
        and(eq(accountOneTimeTokens.tokenHash, tokenHash(token)), eq(accountOneTimeTokens.purpose, purpose)),
      )
      .for("update");
    if (!row) throw linkInvalid(texts.unknown);
    if (row.usedAt) throw linkInvalid(texts.used);
    if (row.expiresAt.getTime() < this.clock.now().getTime()) throw linkInvalid(texts.expired);
    await tx
      .update(accountOneTimeTokens)
      .set({ usedAt: this.clock.now() })
      .where(eq(accountOneTimeTokens.tokenHash, row.tokenHash));
    return row.userId;
  }
}

export const superseded = () =>
  new ApiError(
    409,
    ErrorCode.SessionSuperseded,
    "Hasło zostało zmienione na innym urządzeniu. Zaloguj się ponownie.",
  );

export interface LinkTexts {
  unknown: string;
  used: string;
  expired: string;
}

export const ACTIVATION_TEXTS: LinkTexts = {
  unknown: "Link aktywacyjny jest nieprawidłowy. Sprawdź, czy skopiowano go w całości.",
  used: "Ten link aktywacyjny został już użyty: adres e-mail jest potwierdzony.",
  expired: "Link aktywacyjny wygasł. Zaloguj się, a wyślemy nowy link na Twój adres e-mail.",
};

export const RESET_TEXTS: LinkTexts = {
  unknown: "Link do ustawienia hasła jest nieprawidłowy. Poproś o nowy link.",
  used: "Ten link do ustawienia hasła został już użyty. Poproś o nowy link.",
  expired: "Link do ustawienia hasła wygasł. Poproś o nowy link.",
};
