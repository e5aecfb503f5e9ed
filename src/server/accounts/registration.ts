import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  DEFAULT_NOTIFICATIONS,
  PASSWORD_MIN,
  PASSWORD_RULES,
  type registerSchema,
} from "../../domain/account";
import { DOCUMENTS } from "../../domain/documents";
import { ErrorCode } from "../../domain/errors";
import { formatApiDateTime } from "../../domain/format";
import { isValidNip, NIP_INVALID_MESSAGE, normalizeNip } from "../../domain/nip";
import { bidderPanelPath } from "../../domain/staff/bidder-states";
import type { Db, Tx } from "../db/client";
import { accountConsents, accountOneTimeTokens, accountSettings, users } from "../db/schema/index";
import { ApiError } from "../http/errors";
import { countRecipientMail } from "../mail/recipient-limit";
import { recordConversion } from "../tracking/conversions";
import { ACTIVATION_HOURS, ACTIVATION_TEXTS, type User } from "./base";
import { activationMail, registrationAttemptMail, verificationRequestMail } from "./mails";
import { AccountRules } from "./rules";
import { hashPassword, tokenHash } from "./secrets";

/** Registration and the activation link (staff verify the company in the panel: staff/bidders.ts). */
export class AccountRegistration extends AccountRules {
  /** GET /api/Register: what the registration form shows (rules, consents, password rules). */
  async registrationInfo() {
    const rules = await this.currentRules();
    return {
      PasswordMinLength: PASSWORD_MIN,
      PasswordRules: [...PASSWORD_RULES],
      AuctionRules: {
        Version: rules.version,
        EffectiveFrom: formatApiDateTime(rules.effectiveFrom),
        EffectiveFromUtc: rules.effectiveFrom.toISOString(),
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

  /**
   * POST /api/Register: the account, its consents, and the activation e-mail in one transaction.
   * An address that already has an account gets the same answer (ADR 032: the form must not tell who
   * is registered); its owner is e-mailed instead, with links to sign in and to set a new password.
   * Both paths hash the password and write one e-mail, so their times are alike.
   */
  async register(input: z.output<typeof registerSchema>, ip: string) {
    const passwordHash = await hashPassword(input.Password, this.config.PASSWORD_HASH_COST);
    const rules = await this.currentRules();
    const guid = crypto.randomUUID();
    const taken = await this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id, email: users.email, status: users.status })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.Email})`);
      if (taken) return taken;
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
      await recordConversion(tx, "registration", input);
      return undefined;
    });
    // A blocked account is told nothing, as a password reset does not mail it either; the owner is
    // told at most a few times in a window, however many clients try the address (recipient-limit.ts).
    if (
      taken &&
      taken.status !== "blocked" &&
      (await countRecipientMail(
        { db: this.db, config: this.config, clock: this.clock },
        "RegistrationAttempt",
        taken.email,
      )) === null
    ) {
      const site = this.config.publicUrl;
      await this.mail.enqueue(
        this.db,
        registrationAttemptMail(taken.email, `${site}/login`, `${site}/przypomnienie-hasla`),
      );
    }
    this.mail.wake();
    return { Email: input.Email, Status: "pending_email" };
  }

  protected async issueActivation(tx: Db | Tx, userId: number, email: string, guid = crypto.randomUUID()) {
    await tx.insert(accountOneTimeTokens).values({
      tokenHash: tokenHash(guid),
      userId,
      purpose: "activation",
      createdAt: this.clock.now(),
      expiresAt: new Date(this.clock.now().getTime() + ACTIVATION_HOURS * 3600_000),
    });
    const link = `${this.config.publicUrl}/aktywuj-konto?guid=${guid}`;
    await this.mail.enqueue(tx, activationMail(email, link, ACTIVATION_HOURS));
  }

  /**
   * What an activation link would do, read without using it (the /aktywuj-konto page opened: a mail
   * scanner following the link must not confirm the address): null for an unknown link.
   */
  async activationLinkState(guid: string): Promise<"valid" | "used" | "expired" | null> {
    const [row] = await this.db
      .select({ usedAt: accountOneTimeTokens.usedAt, expiresAt: accountOneTimeTokens.expiresAt })
      .from(accountOneTimeTokens)
      .where(
        and(
          eq(accountOneTimeTokens.tokenHash, tokenHash(guid)),
          eq(accountOneTimeTokens.purpose, "activation"),
        ),
      );
    if (!row) return null;
    if (row.usedAt) return "used";
    return row.expiresAt.getTime() < this.clock.now().getTime() ? "expired" : "valid";
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
            `${this.config.publicUrl}${bidderPanelPath(userId)}`,
          ),
        );
        return "pending_verification";
      }
      return user.status;
    });
    this.mail.wake();
    return { Status: result };
  }

  /** A new activation link, at most one every 10 minutes (a person retrying sign-in gets one mail). */
  /** A new activation link, unless one went out in the last 10 minutes; true when one was sent now. */
  protected async resendActivation(user: User): Promise<boolean> {
    if ((await this.linksSent(user.id, "activation", "10 minutes")) > 0) return false;
    await this.db.transaction((tx) => this.issueActivation(tx, user.id, user.email));
    this.mail.wake();
    return true;
  }
}
