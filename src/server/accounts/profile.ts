import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type AccountView,
  type contractorUpdateSchema,
  DEFAULT_NOTIFICATIONS,
  displayName,
  missingProfileFields,
  type Notifications,
  type personSchema,
  STATEMENT_VERSION,
} from "../../domain/account";
import { ErrorCode } from "../../domain/errors";
import { bidderPanelPath } from "../../domain/staff/bidder-states";
import { accountConsents, accountSettings, users } from "../db/schema/index";
import { ApiError } from "../http/errors";
import { companyChangedMail } from "./mails";
import { AccountSessions } from "./sessions";

/** The signed-in person's account: view, person and company data, consents, rules, readiness to bid. */
export class AccountProfile extends AccountSessions {
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
   * verification goes: the account goes back to verification (no bidding until staff verify it again
   * in the panel) and staff are e-mailed; the address and REGON change freely.
   */
  async updateContractor(userId: number, input: z.output<typeof contractorUpdateSchema>) {
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      const nip = input.Nip ?? user.nip;
      const changed = nip !== user.nip || input.CompanyName !== user.companyName;
      // A change after a refused check asks for a new check: the account is back in the panel's queue.
      const again =
        changed && (user.reverificationRequestedAt === null || user.verificationRefusedAt !== null);
      // A verified company's data are kept as they were checked until staff verify the new ones.
      const wasVerified = user.status === "active" && user.reverificationRequestedAt === null;
      await tx
        .update(users)
        .set({
          nip,
          companyName: input.CompanyName,
          regon: input.Regon || null,
          street: input.Street,
          postalCode: input.PostalCode,
          city: input.City,
          ...(changed && wasVerified ? { verifiedCompanyName: user.companyName, verifiedNip: user.nip } : {}),
          ...(again
            ? {
                reverificationRequestedAt: this.clock.now(),
                verificationRefusedAt: null,
                verificationRefusal: null,
              }
            : {}),
        })
        .where(eq(users.id, userId));
      if (changed) {
        await this.mail.enqueue(
          tx,
          companyChangedMail(
            this.config.SALES_EMAIL,
            user.email,
            {
              before: { company: user.companyName ?? "", nip: user.nip ?? "" },
              after: { company: input.CompanyName, nip: nip ?? "" },
            },
            `${this.config.publicUrl}${bidderPanelPath(userId)}`,
          ),
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
   * one in force when it started); by default the version in force now.
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
}
