import { and, eq, isNull, sql } from "drizzle-orm";
import { displayName } from "../../domain/account";
import { BRAND } from "../../domain/brand";
import { ErrorCode } from "../../domain/errors";
import type { Tx } from "../db/client";
import {
  accountAccessTokens,
  accountRefreshTokens,
  accountSessions,
  accountSignInFailures,
  users,
} from "../db/schema/index";
import { bearerToken } from "../http/bearer";
import { ApiError } from "../http/errors";
import { minutesToWait } from "../http/rate-limit";
import {
  type AuthContext,
  InvalidCredentialsError,
  type LoginResult,
  SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  SIGN_IN_MAX_FAILURES_PER_PAIR,
  SIGN_IN_WINDOW_MINUTES,
  sessionRevoked,
  superseded,
  type User,
  unauthenticated,
} from "./base";
import { AccountRegistration } from "./registration";
import { dummyPasswordHash, randomToken, tokenHash, verifyPassword } from "./secrets";

/** Sign-in with its failure limits, token pairs, refresh, authentication of requests and logout. */
export class AccountSessions extends AccountRegistration {
  protected async signInFailures(email: string, ip: string) {
    const since = sql`${new Date(this.clock.now().getTime() - SIGN_IN_WINDOW_MINUTES * 60_000).toISOString()}::timestamptz`;
    const pair = sql`lower(${accountSignInFailures.email}) = lower(${email}) and ${accountSignInFailures.ip} = ${ip}`;
    const [counts] = await this.db
      .select({
        pair: sql<number>`count(*) filter (where ${pair})::int`,
        pairOldest: sql<Date | null>`min(${accountSignInFailures.at}) filter (where ${pair})`,
        address: sql<number>`count(*)::int`,
        addressOldest: sql<Date | null>`min(${accountSignInFailures.at})`,
      })
      .from(accountSignInFailures)
      .where(and(sql`${accountSignInFailures.at} > ${since}`, eq(accountSignInFailures.ip, ip)));
    return counts;
  }

  /**
   * 47 (HTTP 429) for this e-mail from this address, or for this address altogether; the same e-mail
   * from any other address is not affected. The wait is until the oldest counted failure leaves the
   * window.
   */
  protected async assertNotRateLimited(email: string, ip: string) {
    const c = await this.signInFailures(email, ip);
    const oldest =
      c.address >= SIGN_IN_MAX_FAILURES_PER_ADDRESS
        ? c.addressOldest
        : c.pair >= SIGN_IN_MAX_FAILURES_PER_PAIR
          ? c.pairOldest
          : undefined;
    if (oldest === undefined) return;
    const from = oldest ? new Date(oldest).getTime() : this.clock.now().getTime();
    const retryAfterS = Math.max(
      1,
      Math.ceil((from + SIGN_IN_WINDOW_MINUTES * 60_000 - this.clock.now().getTime()) / 1000),
    );
    throw new ApiError(
      429,
      ErrorCode.TooManySignInAttempts,
      `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${minutesToWait(retryAfterS)} min albo ustaw nowe hasło.`,
      retryAfterS,
    );
  }

  /** POST /api/Account/Login. */
  async login(
    emailInput: string,
    password: string,
    ip: string,
    userAgent: string | undefined,
  ): Promise<LoginResult> {
    const email = emailInput.trim();
    await this.assertNotRateLimited(email, ip);
    const [user] = await this.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    // Unknown e-mail: compare with a dummy hash anyway, so the answer time does not reveal accounts.
    const ok = await verifyPassword(
      password,
      user?.passwordHash ?? (await dummyPasswordHash(this.config.PASSWORD_HASH_COST)),
    );
    if (!user || !ok) {
      const at = this.clock.now();
      await this.db.insert(accountSignInFailures).values({ email: email.slice(0, 254), ip, at });
      const dayAgo = new Date(at.getTime() - 86_400_000).toISOString();
      await this.db
        .delete(accountSignInFailures)
        .where(sql`${accountSignInFailures.at} < ${dayAgo}::timestamptz`);
      throw new InvalidCredentialsError();
    }
    if (user.status === "blocked") {
      throw new ApiError(401, ErrorCode.AccountBlocked, "Konto zostało zablokowane. Skontaktuj się z nami.");
    }
    if (user.status === "pending_email") {
      // Say what happened: a new link, or (one went out minutes ago) where to look for that one.
      throw new ApiError(
        403,
        ErrorCode.AccountNotActive,
        (await this.resendActivation(user))
          ? "Adres e-mail nie został jeszcze potwierdzony. Wysłaliśmy ponownie link aktywacyjny: sprawdź skrzynkę."
          : "Adres e-mail nie został jeszcze potwierdzony. Link aktywacyjny wysłaliśmy w ciągu ostatnich 10 minut: sprawdź skrzynkę, także folder spam. Jeśli go nie ma, zaloguj się ponownie za kilka minut, a wyślemy nowy.",
      );
    }
    if (user.status === "pending_verification" && user.verificationRefusedAt) {
      throw new ApiError(
        403,
        ErrorCode.AccountNotActive,
        `Nie zweryfikowaliśmy danych firmy (powód wysłaliśmy e-mailem). Zadzwoń do nas: ${BRAND.phone}.`,
      );
    }
    if (user.status === "pending_verification") {
      throw new ApiError(
        403,
        ErrorCode.AccountNotActive,
        "Konto czeka na weryfikację danych firmy. Poinformujemy Cię e-mailem, gdy będzie aktywne.",
      );
    }
    // Only this address's failures on this e-mail: someone else's failures keep counting against them.
    await this.db
      .delete(accountSignInFailures)
      .where(
        and(sql`lower(${accountSignInFailures.email}) = lower(${email})`, eq(accountSignInFailures.ip, ip)),
      );
    return this.db.transaction(async (tx) => {
      const [s] = await tx
        .insert(accountSessions)
        .values({ userId: user.id, userAgent: userAgent?.slice(0, 300) })
        .returning({ id: accountSessions.id });
      return this.issueTokens(tx, s.id, user);
    });
  }

  protected async issueTokens(tx: Tx, sessionId: string, user: User): Promise<LoginResult> {
    const access = randomToken();
    const refresh = randomToken();
    const ttl = this.config.ACCESS_TOKEN_TTL_SECONDS;
    await tx.insert(accountAccessTokens).values({
      tokenHash: tokenHash(access),
      sessionId,
      expiresAt: new Date(this.clock.now().getTime() + ttl * 1000),
    });
    await tx.insert(accountRefreshTokens).values({
      tokenHash: tokenHash(refresh),
      sessionId,
      expiresAt: new Date(this.clock.now().getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    // Expired access tokens of this session are no longer needed once a new one exists.
    await tx
      .delete(accountAccessTokens)
      .where(
        and(
          eq(accountAccessTokens.sessionId, sessionId),
          sql`${accountAccessTokens.expiresAt} < ${new Date(this.clock.now().getTime() - 86_400_000).toISOString()}::timestamptz`,
        ),
      );
    return {
      access_token: access,
      refresh_token: refresh,
      utoken: user.utoken,
      UserName: displayName(this.nameParts(user)),
      expires_in: ttl,
    };
  }

  /**
   * POST /api/Account/RefreshManually: rotates the refresh token. A refresh token presented a second
   * time means someone holds a copy: the whole session (every device that shares it) is revoked,
   * unless it comes within REFRESH_REUSE_GRACE_SECONDS of the first use (a concurrent refresh).
   */
  async refresh(expiredAccessToken: string, refreshToken: string): Promise<LoginResult> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accountRefreshTokens)
        .where(eq(accountRefreshTokens.tokenHash, tokenHash(refreshToken)))
        .for("update");
      if (!row) return { error: sessionRevoked() };
      const [s] = await tx
        .select()
        .from(accountSessions)
        .where(eq(accountSessions.id, row.sessionId))
        .for("update");
      if (s.revokedAt) return { error: s.revokedReason === "superseded" ? superseded() : sessionRevoked() };
      const concurrent =
        row.usedAt !== null &&
        this.clock.now().getTime() - row.usedAt.getTime() < this.config.REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (row.usedAt && !concurrent) {
        await tx
          .update(accountSessions)
          .set({ revokedAt: this.clock.now(), revokedReason: "reuse" })
          .where(eq(accountSessions.id, s.id));
        await tx.delete(accountAccessTokens).where(eq(accountAccessTokens.sessionId, s.id));
        return { error: sessionRevoked() };
      }
      if (row.expiresAt.getTime() < this.clock.now().getTime()) return { error: sessionRevoked() };
      // The access token must be one this session was given (expired or not).
      const [access] = await tx
        .select({ sessionId: accountAccessTokens.sessionId })
        .from(accountAccessTokens)
        .where(eq(accountAccessTokens.tokenHash, tokenHash(expiredAccessToken)));
      if (access?.sessionId !== s.id) return { error: sessionRevoked() };
      const [user] = await tx.select().from(users).where(eq(users.id, s.userId));
      if (user.status === "blocked") {
        return {
          error: new ApiError(
            401,
            ErrorCode.AccountBlocked,
            "Konto zostało zablokowane. Skontaktuj się z nami.",
          ),
        };
      }
      // Within the grace window the first use's time stays: the window is not extended by reuse.
      if (!row.usedAt) {
        await tx
          .update(accountRefreshTokens)
          .set({ usedAt: this.clock.now() })
          .where(eq(accountRefreshTokens.tokenHash, row.tokenHash));
      }
      await tx
        .update(accountSessions)
        .set({ lastUsedAt: this.clock.now() })
        .where(eq(accountSessions.id, s.id));
      return { tokens: await this.issueTokens(tx, s.id, user) };
    });
    // The revocation above must be committed, so the error is thrown only after the transaction.
    if ("error" in outcome) throw outcome.error;
    return outcome.tokens;
  }

  /** Resolves the bearer token of a request to its user and session, or throws the right 401/409. */
  async authenticate(authorization: string | undefined): Promise<AuthContext & { user: User }> {
    const token = bearerToken(authorization);
    if (!token) throw unauthenticated();
    const [row] = await this.db
      .select({ access: accountAccessTokens, session: accountSessions, user: users })
      .from(accountAccessTokens)
      .innerJoin(accountSessions, eq(accountSessions.id, accountAccessTokens.sessionId))
      .innerJoin(users, eq(users.id, accountSessions.userId))
      .where(eq(accountAccessTokens.tokenHash, tokenHash(token)));
    if (!row) throw unauthenticated();
    if (row.session.revokedAt)
      throw row.session.revokedReason === "superseded" ? superseded() : sessionRevoked();
    if (row.access.expiresAt.getTime() < this.clock.now().getTime()) throw unauthenticated();
    if (row.user.status === "blocked") {
      throw new ApiError(401, ErrorCode.AccountBlocked, "Konto zostało zablokowane. Skontaktuj się z nami.");
    }
    if (row.user.status !== "active") {
      throw new ApiError(
        401,
        ErrorCode.AccountNotVerified,
        "Konto nie jest zweryfikowane. Zaloguj się ponownie później.",
      );
    }
    return { userId: row.user.id, sessionId: row.session.id, user: row.user };
  }

  /**
   * POST /api/Account/Logout: ends the session of the bearer token, or of the refresh token when the
   * access token has already expired. Answers 200 either way: signing out cannot fail for the person.
   */
  async logout(authorization: string | undefined, refreshToken: string | undefined): Promise<void> {
    let sessionId: string | undefined;
    const token = bearerToken(authorization);
    if (token) {
      const [a] = await this.db
        .select({ sessionId: accountAccessTokens.sessionId })
        .from(accountAccessTokens)
        .where(eq(accountAccessTokens.tokenHash, tokenHash(token)));
      sessionId = a?.sessionId;
    }
    if (!sessionId && refreshToken) {
      const [r] = await this.db
        .select({ sessionId: accountRefreshTokens.sessionId })
        .from(accountRefreshTokens)
        .where(eq(accountRefreshTokens.tokenHash, tokenHash(refreshToken)));
      sessionId = r?.sessionId;
    }
    if (!sessionId) return;
    await this.db.transaction(async (tx) => {
      await tx
        .update(accountSessions)
        .set({ revokedAt: this.clock.now(), revokedReason: "logout" })
        .where(and(eq(accountSessions.id, sessionId), isNull(accountSessions.revokedAt)));
    });
    // The access tokens stay until they expire: one used after the logout then finds its revoked
    // session and answers ErrorCode 44 (access denied: the browser clears its tokens and goes to
    // /login), where an unknown token would answer 8 and send the browser to refresh first.
  }

  /** Ends every session of the user except `keep`; their next call gets 409 (session superseded). */
  protected async supersedeSessions(tx: Tx, userId: number, keep?: string) {
    await tx
      .update(accountSessions)
      .set({ revokedAt: this.clock.now(), revokedReason: "superseded" })
      .where(
        and(
          eq(accountSessions.userId, userId),
          isNull(accountSessions.revokedAt),
          keep ? sql`${accountSessions.id} <> ${keep}` : undefined,
        ),
      );
  }
}
