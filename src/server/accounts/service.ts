import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AccountView,
  type changePasswordSchema,
  type contractorUpdateSchema,
  DEFAULT_NOTIFICATIONS,
  displayName,
  missingProfileFields,
  type Notifications,
  PASSWORD_MIN,
  PASSWORD_RULES,
  type personSchema,
  type registerSchema,
  STATEMENT_VERSION,
} from "../../domain/account";
import { BRAND } from "../../domain/brand";
import { DOCUMENTS } from "../../domain/documents";
import { ErrorCode, INVALID_CREDENTIALS_BODY } from "../../domain/errors";
import { isValidNip, NIP_INVALID_MESSAGE, normalizeNip } from "../../domain/nip";
import { type Clock, systemClock } from "../clock";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import {
  accountAccessTokens,
  accountConsents,
  accountOneTimeTokens,
  accountRefreshTokens,
  accountSessions,
  accountSettings,
  accountSignInFailures,
  documents,
  users,
} from "../db/schema/index";
import { bearerToken } from "../http/bearer";
import { ApiError } from "../http/errors";
import type { MailService } from "../services";
import type { CompanyRegistry } from "./company-registry";
import {
  accountActiveMail,
  activationMail,
  companyChangedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationRequestMail,
} from "./mails";
import { dummyPasswordHash, hashPassword, randomToken, tokenHash, verifyPassword } from "./secrets";

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
const ACTIVATION_HOURS = 48;
const RESET_MINUTES = 60;
/** The auction rules in force when no version has been published in `documents` (spec section 9). */
export const DEFAULT_RULES = { version: 1, effectiveFrom: new Date("2021-01-07T00:00:00+01:00") };

/** 401 for a wrong e-mail or password: carries the spec's 'Invalid credentials' so no refresh is tried. */
class InvalidCredentialsError extends ApiError {
  constructor() {
    super(401, ErrorCode.InvalidCredentials, "Nieprawidłowy adres e-mail lub hasło.");
  }
  override body() {
    return { ...super.body(), Error: INVALID_CREDENTIALS_BODY };
  }
}

const unauthenticated = () =>
  new ApiError(
    401,
    ErrorCode.Unauthenticated,
    "Sesja wygasła albo nie zalogowano się. Zaloguj się ponownie.",
  );
const sessionRevoked = () =>
  new ApiError(401, ErrorCode.SessionRevoked, "Sesja została zakończona. Zaloguj się ponownie.");
const linkInvalid = (message: string) => new ApiError(400, ErrorCode.LinkInvalid, message);

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

type User = typeof users.$inferSelect;
/** The account row of a signed-in person (request.user.user). */
export type SignedInUser = User;

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailService,
    readonly registry: CompanyRegistry,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The auction rules in force: of the versions in `documents` (kept by the content area), the newest
   * one already in effect, the same one /dokumenty/regulamin-aukcji.pdf serves; with none published,
   * version 1 of 7 January 2021.
   */
  async currentRules(): Promise<{ version: number; effectiveFrom: Date; name: string | null }> {
    const [row] = await this.db
      .select({ version: documents.version, effectiveFrom: documents.effectiveFrom, name: documents.name })
      .from(documents)
      .where(
        and(eq(documents.kind, DOCUMENTS.auctionRules.kind), lte(documents.effectiveFrom, this.clock.now())),
      )
      .orderBy(desc(documents.effectiveFrom), desc(documents.version))
      .limit(1);
    return row ?? { ...DEFAULT_RULES, name: null };
  }

  /**
   * Staff command (npm run rules:publish): a new auction rules version, in force from now unless
   * given a later date. Everyone who accepted an older one gets error 100 before bidding until they
   * accept it.
   */
  async publishRules(doc: { data: Buffer; contentType: string; effectiveFrom?: Date }) {
    return this.db.transaction(async (tx) => {
      // Serialises concurrent publications so two never get the same number.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('auction-rules'))`);
      const [{ max }] = await tx
        .select({ max: sql<number>`coalesce(max(${documents.version}), ${DEFAULT_RULES.version})::int` })
        .from(documents)
        .where(eq(documents.kind, DOCUMENTS.auctionRules.kind));
      const version = max + 1;
      await tx.insert(documents).values({
        kind: DOCUMENTS.auctionRules.kind,
        name: `${DOCUMENTS.auctionRules.title} ${BRAND.name} (wersja ${version}).pdf`,
        version,
        effectiveFrom: doc.effectiveFrom ?? this.clock.now(),
        contentType: doc.contentType,
        data: doc.data,
      });
      return { version };
    });
  }

  /** GET /api/Register: what the registration form shows (rules, consents, password rules). */
  async registrationInfo() {
    const rules = await this.currentRules();
    return {
      PasswordMinLength: PASSWORD_MIN,
      PasswordRules: [...PASSWORD_RULES],
      AuctionRules: {
        Version: rules.version,
        EffectiveFrom: rules.effectiveFrom.toISOString(),
        Url: DOCUMENTS.auctionRules.url,
      },
      SiteRules: { Url: DOCUMENTS.siteRules.url },
      Consents: [
        { Key: "AcceptSiteRules", Required: true, Text: "Akceptuję regulamin serwisu." },
        {
          Key: "AcceptAuctionRules",
          Required: true,
          Text: `Akceptuję regulamin aukcji (wersja ${rules.version}).`,
        },
        {
          Key: "MarketingEmail",
          Required: false,
          Text: "Zgadzam się na otrzymywanie informacji handlowych o ofertach i aukcjach na podany adres e-mail.",
        },
        {
          Key: "MarketingPhone",
          Required: false,
          Text: "Zgadzam się na kontakt telefoniczny w sprawie ofert i aukcji.",
        },
      ],
    };
  }

  /** GET /api/Register/Contractor: checks the NIP and fills company data from the registry. */
  async contractor(nipInput: string) {
    if (!isValidNip(nipInput)) throw new ApiError(400, ErrorCode.NipInvalid, NIP_INVALID_MESSAGE);
    const nip = normalizeNip(nipInput);
    const found = await this.registry.lookupByNip(nip);
    if (found.status === "found") {
      return { Nip: nip, RegistryAvailable: true, Found: true, Company: found.company };
    }
    return { Nip: nip, RegistryAvailable: found.status === "not-found", Found: false, Company: null };
  }

  /** POST /api/Register: the account, its consents, and the activation e-mail in one transaction. */
  async register(input: z.output<typeof registerSchema>, ip: string) {
    const passwordHash = await hashPassword(input.Password);
    const rules = await this.currentRules();
    const guid = crypto.randomUUID();
    await this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.Email})`);
      if (taken) {
        throw new ApiError(
          400,
          ErrorCode.EmailTaken,
          "Konto z tym adresem e-mail już istnieje. Zaloguj się albo ustaw nowe hasło.",
        );
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: input.Email,
          passwordHash,
          utoken: crypto.randomUUID(),
          nip: input.Nip,
          companyName: input.CompanyName,
          regon: input.Regon || null,
          street: input.Street,
          postalCode: input.PostalCode,
          city: input.City,
          status: "pending_email",
          acceptedRulesVersion: rules.version,
        })
        .returning({ id: users.id });
      await tx.insert(accountSettings).values({
        userId: user.id,
        notifications: DEFAULT_NOTIFICATIONS,
        marketingEmail: input.MarketingEmail,
        marketingPhone: input.MarketingPhone,
      });
      await tx.insert(accountConsents).values([
        { userId: user.id, kind: "site-rules", granted: true, version: 1, ip },
        { userId: user.id, kind: "auction-rules", granted: true, version: rules.version, ip },
        { userId: user.id, kind: "marketing-email", granted: input.MarketingEmail, version: 1, ip },
        { userId: user.id, kind: "marketing-phone", granted: input.MarketingPhone, version: 1, ip },
      ]);
      await this.issueActivation(tx, user.id, input.Email, guid);
    });
    this.mail.wake();
    return { Email: input.Email, Status: "pending_email" };
  }

  private async issueActivation(tx: Db | Tx, userId: number, email: string, guid = crypto.randomUUID()) {
    await tx.insert(accountOneTimeTokens).values({
      tokenHash: tokenHash(guid),
      userId,
      purpose: "activation",
      expiresAt: new Date(this.clock.now().getTime() + ACTIVATION_HOURS * 3600_000),
    });
    const link = `${this.config.publicUrl}/aktywuj-konto?guid=${guid}`;
    await this.mail.enqueue(tx, activationMail(email, link, ACTIVATION_HOURS));
  }

  /** Marks a one-time link used, or explains why it cannot be used. */
  private async consumeLink(
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

  /** GET /api/Register/Activate: confirms the e-mail; the account then waits for our check. */
  async activate(guid: string) {
    const result = await this.db.transaction(async (tx) => {
      const userId = await this.consumeLink(tx, guid, "activation", ACTIVATION_TEXTS);
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (user.status === "pending_email") {
        await tx.update(users).set({ status: "pending_verification" }).where(eq(users.id, userId));
        await this.mail.enqueue(
          tx,
          verificationRequestMail(
            this.config.SALES_EMAIL,
            user.email,
            user.companyName ?? "",
            user.nip ?? "",
          ),
        );
        return "pending_verification";
      }
      return user.status;
    });
    this.mail.wake();
    return { Status: result };
  }

  /** Staff verification (npm run account:verify): the company was checked, the account becomes active. */
  async verify(email: string): Promise<{ email: string; status: string; changed: boolean }> {
    const outcome = await this.db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .for("update");
      if (!user) throw new Error(`Nie ma konta z adresem ${email}.`);
      if (user.status === "active" && user.reverificationRequestedAt === null) {
        return { email: user.email, status: user.status, changed: false };
      }
      if (user.status === "pending_email") {
        throw new Error(`Konto ${user.email} nie ma jeszcze potwierdzonego adresu e-mail.`);
      }
      if (user.status === "blocked") throw new Error(`Konto ${user.email} jest zablokowane.`);
      await tx
        .update(users)
        .set({ status: "active", reverificationRequestedAt: null })
        .where(eq(users.id, user.id));
      await this.mail.enqueue(
        tx,
        accountActiveMail(user.email, `${this.config.publicUrl}/aktywacja-zakonczona-sukcesem`),
      );
      return { email: user.email, status: "active", changed: true };
    });
    this.mail.wake();
    return outcome;
  }

  private async signInFailures(email: string, ip: string) {
    const since = sql`now() - make_interval(mins => ${SIGN_IN_WINDOW_MINUTES})`;
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
  private async assertNotRateLimited(email: string, ip: string) {
    const c = await this.signInFailures(email, ip);
    const oldest =
      c.address >= SIGN_IN_MAX_FAILURES_PER_ADDRESS
        ? c.addressOldest
        : c.pair >= SIGN_IN_MAX_FAILURES_PER_PAIR
          ? c.pairOldest
          : undefined;
    if (oldest === undefined) return;
    const from = oldest ? new Date(oldest).getTime() : this.clock.now().getTime();
    const minutes = Math.max(
      1,
      Math.ceil((from + SIGN_IN_WINDOW_MINUTES * 60_000 - this.clock.now().getTime()) / 60_000),
    );
    throw new ApiError(
      429,
      ErrorCode.TooManySignInAttempts,
      `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${minutes} min albo ustaw nowe hasło.`,
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
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok) {
      await this.db.insert(accountSignInFailures).values({ email: email.slice(0, 254), ip });
      await this.db
        .delete(accountSignInFailures)
        .where(sql`${accountSignInFailures.at} < now() - interval '1 day'`);
      throw new InvalidCredentialsError();
    }
    if (user.status === "blocked") {
      throw new ApiError(401, ErrorCode.AccountBlocked, "Konto zostało zablokowane. Skontaktuj się z nami.");
    }
    if (user.status === "pending_email") {
      await this.resendActivation(user);
      throw new ApiError(
        403,
        ErrorCode.AccountNotActive,
        "Adres e-mail nie został jeszcze potwierdzony. Wysłaliśmy ponownie link aktywacyjny: sprawdź skrzynkę.",
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

  /** A new activation link, at most one every 10 minutes (a person retrying sign-in gets one mail). */
  private async resendActivation(user: User) {
    const [recent] = await this.db
      .select({ at: accountOneTimeTokens.createdAt })
      .from(accountOneTimeTokens)
      .where(
        and(
          eq(accountOneTimeTokens.userId, user.id),
          eq(accountOneTimeTokens.purpose, "activation"),
          gt(accountOneTimeTokens.createdAt, sql`now() - interval '10 minutes'`),
        ),
      )
      .limit(1);
    if (recent) return;
    await this.db.transaction((tx) => this.issueActivation(tx, user.id, user.email));
    this.mail.wake();
  }

  private async issueTokens(tx: Tx, sessionId: string, user: User): Promise<LoginResult> {
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
          sql`${accountAccessTokens.expiresAt} < now() - interval '1 day'`,
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

  private nameParts(user: User) {
    return {
      FirstName: user.firstName,
      LastName: user.lastName,
      CompanyName: user.companyName ?? "",
      Email: user.email,
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

  private async settings(tx: Db | Tx, userId: number) {
    const [row] = await tx.select().from(accountSettings).where(eq(accountSettings.userId, userId));
    if (row) return row;
    const [created] = await tx
      .insert(accountSettings)
      .values({ userId, notifications: DEFAULT_NOTIFICATIONS })
      .onConflictDoNothing()
      .returning();
    return created ?? (await tx.select().from(accountSettings).where(eq(accountSettings.userId, userId)))[0];
  }

  /** GET /api/Account: the signed-in person's account (never the password or its hash). */
  async view(userId: number): Promise<AccountView> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    const s = await this.settings(this.db, userId);
    const rules = await this.currentRules();
    const base = {
      FirstName: user.firstName,
      LastName: user.lastName,
      PhoneNumber: user.phone ?? "",
      CompanyName: user.companyName ?? "",
      Street: user.street ?? "",
      PostalCode: user.postalCode ?? "",
      City: user.city ?? "",
      StatementAccepted: Boolean(s.statementAcceptedAt),
    };
    const missing = missingProfileFields(base);
    return {
      ...base,
      Email: user.email,
      UserName: displayName({ ...base, Email: user.email }),
      UToken: user.utoken,
      Status: user.status,
      Nip: user.nip ?? "",
      Regon: user.regon ?? "",
      MarketingEmail: s.marketingEmail,
      MarketingPhone: s.marketingPhone,
      Notifications: { ...DEFAULT_NOTIFICATIONS, ...s.notifications },
      AcceptedRulesVersion: user.acceptedRulesVersion,
      CurrentRulesVersion: rules.version,
      RulesAccepted: (user.acceptedRulesVersion ?? 0) >= rules.version,
      CompanyReverification: user.reverificationRequestedAt !== null,
      ProfileComplete: missing.length === 0,
      MissingProfileFields: missing,
    };
  }

  async updatePerson(userId: number, input: z.output<typeof personSchema>) {
    await this.db
      .update(users)
      .set({ firstName: input.FirstName, lastName: input.LastName, phone: input.PhoneNumber })
      .where(eq(users.id, userId));
    return this.view(userId);
  }

  /**
   * PATCH /api/Account/UpdateContractor. A new NIP or company name is a different company as far as
   * verification goes: the account goes back to verification (no bidding until staff run
   * account:verify again) and staff are e-mailed; the address and REGON change freely.
   */
  async updateContractor(userId: number, input: z.output<typeof contractorUpdateSchema>) {
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      const nip = input.Nip ?? user.nip;
      const changed = nip !== user.nip || input.CompanyName !== user.companyName;
      const again = changed && user.reverificationRequestedAt === null;
      await tx
        .update(users)
        .set({
          nip,
          companyName: input.CompanyName,
          regon: input.Regon || null,
          street: input.Street,
          postalCode: input.PostalCode,
          city: input.City,
          ...(again ? { reverificationRequestedAt: this.clock.now() } : {}),
        })
        .where(eq(users.id, userId));
      if (changed) {
        await this.mail.enqueue(
          tx,
          companyChangedMail(this.config.SALES_EMAIL, user.email, {
            before: { company: user.companyName ?? "", nip: user.nip ?? "" },
            after: { company: input.CompanyName, nip: nip ?? "" },
          }),
        );
      }
    });
    this.mail.wake();
    return this.view(userId);
  }

  async updateMarketing(
    userId: number,
    input: { MarketingEmail: boolean; MarketingPhone: boolean },
    ip: string,
  ) {
    await this.db.transaction(async (tx) => {
      const current = await this.settings(tx, userId);
      await tx
        .update(accountSettings)
        .set({
          marketingEmail: input.MarketingEmail,
          marketingPhone: input.MarketingPhone,
          updatedAt: this.clock.now(),
        })
        .where(eq(accountSettings.userId, userId));
      // Only changes are recorded, each with its time: the consent history stays readable.
      const rows = [];
      if (current.marketingEmail !== input.MarketingEmail) {
        rows.push({ userId, kind: "marketing-email", granted: input.MarketingEmail, version: 1, ip });
      }
      if (current.marketingPhone !== input.MarketingPhone) {
        rows.push({ userId, kind: "marketing-phone", granted: input.MarketingPhone, version: 1, ip });
      }
      if (rows.length) await tx.insert(accountConsents).values(rows);
    });
    return this.view(userId);
  }

  async updateNotifications(userId: number, input: Notifications) {
    await this.settings(this.db, userId);
    await this.db
      .update(accountSettings)
      .set({ notifications: input, updatedAt: this.clock.now() })
      .where(eq(accountSettings.userId, userId));
    return this.view(userId);
  }

  async updateStatement(userId: number, ip: string) {
    await this.db.transaction(async (tx) => {
      await this.settings(tx, userId);
      await tx
        .update(accountSettings)
        .set({ statementAcceptedAt: this.clock.now(), updatedAt: this.clock.now() })
        .where(eq(accountSettings.userId, userId));
      await tx
        .insert(accountConsents)
        .values({ userId, kind: "statement", granted: true, version: STATEMENT_VERSION, ip });
    });
    return this.view(userId);
  }

  /** PUT /api/Account/AcceptNewRules: records acceptance of the version in force now. */
  async acceptRules(userId: number, ip: string) {
    const rules = await this.currentRules();
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ acceptedRulesVersion: rules.version }).where(eq(users.id, userId));
      await tx
        .insert(accountConsents)
        .values({ userId, kind: "auction-rules", granted: true, version: rules.version, ip });
    });
    return this.view(userId);
  }

  /**
   * What bidding needs (the auctions area calls this before a bid): the rules accepted (else 100) and
   * the profile complete (else 101). `rulesVersion`: the version the auction binds its bidders to (the
   * one in force when it started, issue 15); by default the version in force now.
   */
  async assertCanBid(userId: number, rulesVersion?: number): Promise<void> {
    const v = await this.view(userId);
    const required = rulesVersion ?? v.CurrentRulesVersion;
    if ((v.AcceptedRulesVersion ?? 0) < required) {
      throw new ApiError(
        403,
        ErrorCode.RulesNotAccepted,
        `Obowiązuje nowy regulamin aukcji (wersja ${v.CurrentRulesVersion}). Zaakceptuj go, aby licytować.`,
      );
    }
    if (!v.ProfileComplete) {
      throw new ApiError(
        403,
        ErrorCode.ProfileIncomplete,
        "Uzupełnij dane w ustawieniach konta, aby licytować.",
      );
    }
  }

  /** Ends every session of the user except `keep`; their next call gets 409 (session superseded). */
  private async supersedeSessions(tx: Tx, userId: number, keep?: string) {
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

  /** POST /api/Account/ChangePassword: needs the current password; other devices are signed out. */
  async changePassword(auth: AuthContext, input: z.output<typeof changePasswordSchema>) {
    const [user] = await this.db.select().from(users).where(eq(users.id, auth.userId));
    if (!(await verifyPassword(input.CurrentPassword, user.passwordHash))) {
      throw new ApiError(400, ErrorCode.InvalidCredentials, "Obecne hasło jest nieprawidłowe.");
    }
    const hash = await hashPassword(input.NewPassword);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
      await this.settings(tx, user.id);
      await tx
        .update(accountSettings)
        .set({ passwordChangedAt: this.clock.now() })
        .where(eq(accountSettings.userId, user.id));
      await this.supersedeSessions(tx, user.id, auth.sessionId);
      await this.mail.enqueue(
        tx,
        passwordChangedMail(user.email, `${this.config.publicUrl}/przypomnienie-hasla`),
      );
    });
    this.mail.wake();
  }

  /**
   * POST /api/Account/ResetPassword: e-mails a one-time link. The answer is the same whether the
   * address has an account or not, so the form cannot be used to find out who is registered.
   */
  async requestReset(email: string) {
    const [user] = await this.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    if (!user || user.status === "blocked") return;
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountOneTimeTokens)
      .where(
        and(
          eq(accountOneTimeTokens.userId, user.id),
          eq(accountOneTimeTokens.purpose, "password-reset"),
          gt(accountOneTimeTokens.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if (n >= 3) return; // enough links in the inbox already; stops mail bombing through the form
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await tx.insert(accountOneTimeTokens).values({
        tokenHash: tokenHash(token),
        userId: user.id,
        purpose: "password-reset",
        expiresAt: new Date(this.clock.now().getTime() + RESET_MINUTES * 60_000),
      });
      const link = `${this.config.publicUrl}/przypomnienie-hasla?token=${token}`;
      await this.mail.enqueue(tx, passwordResetMail(user.email, link, RESET_MINUTES));
    });
    this.mail.wake();
  }

  /** POST /api/Account/ResetPassword/Confirm: sets the new password; every session is signed out. */
  async confirmReset(token: string, newPassword: string) {
    const hash = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      const userId = await this.consumeLink(tx, token, "password-reset", RESET_TEXTS);
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
      await this.settings(tx, userId);
      await tx
        .update(accountSettings)
        .set({ passwordChangedAt: this.clock.now() })
        .where(eq(accountSettings.userId, userId));
      await this.supersedeSessions(tx, userId);
      // Other reset links of this account stop working once one has been used.
      await tx
        .update(accountOneTimeTokens)
        .set({ usedAt: this.clock.now() })
        .where(
          and(
            eq(accountOneTimeTokens.userId, userId),
            eq(accountOneTimeTokens.purpose, "password-reset"),
            isNull(accountOneTimeTokens.usedAt),
          ),
        );
      await tx
        .delete(accountSignInFailures)
        .where(sql`lower(${accountSignInFailures.email}) = lower(${user.email})`);
    });
  }
}

const superseded = () =>
  new ApiError(
    409,
    ErrorCode.SessionSuperseded,
    "Hasło zostało zmienione na innym urządzeniu. Zaloguj się ponownie.",
  );

interface LinkTexts {
  unknown: string;
  used: string;
  expired: string;
}

const ACTIVATION_TEXTS: LinkTexts = {
  unknown: "Link aktywacyjny jest nieprawidłowy. Sprawdź, czy skopiowano go w całości.",
  used: "Ten link aktywacyjny został już użyty: adres e-mail jest potwierdzony.",
  expired: "Link aktywacyjny wygasł. Zaloguj się, a wyślemy nowy link na Twój adres e-mail.",
};

const RESET_TEXTS: LinkTexts = {
  unknown: "Link do ustawienia hasła jest nieprawidłowy. Poproś o nowy link.",
  used: "Ten link do ustawienia hasła został już użyty. Poproś o nowy link.",
  expired: "Link do ustawienia hasła wygasł. Poproś o nowy link.",
};
