import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  BIDDERS_PAGE_SIZE,
  type BidderFilter,
  type BidderSort,
  type BidderState,
} from "../../domain/staff/bidder-states";
import { companyDifferences } from "../../domain/staff/company-compare";
import type { Sort } from "../../domain/staff/table";
import type { CompanyLookup, CompanyRegistry } from "../accounts/company-registry";
import {
  accountActiveMail,
  accountBlockedMail,
  accountUnblockedMail,
  verificationRefusedMail,
} from "../accounts/mails";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { auctionSettlements, bids, offers, users } from "../db/schema/index";
import type { MailService } from "../service-types";
import { type Actor, audit, COMMAND_LINE } from "./audit";
import { containsPattern, pageOffset, sortedBy } from "./list-query";
import { StaffError } from "./staff-error";

/**
 * A company waiting for staff to check it: a confirmed e-mail not yet verified, or a verified account
 * whose NIP or company name changed (it may not bid until checked again), without a refusal since.
 */
export const AWAITING_VERIFICATION = sql`((${users.status} = 'pending_verification'
  or (${users.status} = 'active' and ${users.reverificationRequestedAt} is not null))
  and ${users.verificationRefusedAt} is null and ${users.deletedAt} is null)`;

type User = typeof users.$inferSelect;

function stateOf(
  u: Pick<User, "status" | "reverificationRequestedAt" | "verificationRefusedAt">,
): BidderState {
  if (u.status === "blocked") return "blocked";
  if (u.status === "pending_email") return "email";
  if (u.verificationRefusedAt) return "refused";
  if (u.status === "pending_verification") return "awaiting";
  return u.reverificationRequestedAt ? "reverification" : "active";
}

export interface BidderRow {
  id: number;
  email: string;
  companyName: string;
  nip: string;
  state: BidderState;
  createdAt: Date;
  /** Since when the company waits for the check (registration's confirmation or the data change). */
  waitingSince: Date | null;
}

export interface BidderAccount extends BidderRow {
  firstName: string;
  lastName: string;
  phone: string | null;
  regon: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  refusal: string | null;
  blockReason: string | null;
  /** The NIP and company name staff verified, while the account is checked again after changing them. */
  verified: { companyName: string; nip: string } | null;
}

/**
 * The company data staff verified, while a verified account is checked again after changing its NIP
 * or company name; null when the current data are the verified ones (or none were ever verified).
 */
export function verifiedCompany(
  u: Pick<User, "reverificationRequestedAt" | "verifiedCompanyName" | "verifiedNip">,
): { companyName: string; nip: string } | null {
  if (!u.reverificationRequestedAt || (u.verifiedCompanyName === null && u.verifiedNip === null)) return null;
  return { companyName: u.verifiedCompanyName ?? "", nip: u.verifiedNip ?? "" };
}

/** What the audit log keeps of a decision: the state before and after, and the reason given. */
const audited = (u: User) => ({
  status: stateOf(u),
  ...(u.verificationRefusal ? { reason: u.verificationRefusal } : {}),
  ...(u.blockReason ? { reason: u.blockReason } : {}),
});

const columns = {
  id: users.id,
  email: users.email,
  companyName: users.companyName,
  nip: users.nip,
  status: users.status,
  reverificationRequestedAt: users.reverificationRequestedAt,
  verificationRefusedAt: users.verificationRefusedAt,
  createdAt: users.createdAt,
};

const rowOf = (u: Pick<User, keyof typeof columns>): BidderRow => ({
  id: u.id,
  email: u.email,
  companyName: u.companyName ?? "",
  nip: u.nip ?? "",
  state: stateOf(u),
  createdAt: u.createdAt,
  waitingSince: u.status === "pending_verification" ? u.createdAt : (u.reverificationRequestedAt ?? null),
});

/**
 * The bidder accounts as staff see them: the queue of companies to verify, with the
 * VAT register's data beside what the person typed; verify or refuse with a reason (both e-mailed to
 * the person); block and unblock (a blocked account's every API call answers error 45, and its
 * maximum bids stop bidding); an account's bids and won auctions. Every decision is audited.
 */
export class BidderAccounts {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly registry: CompanyRegistry,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  async list(opts: {
    filter: BidderFilter;
    search?: string;
    page?: number;
    sort?: Sort<BidderSort> | null;
  }): Promise<{ rows: BidderRow[]; total: number }> {
    // A deleted account's emptied row (ADR 052) is no bidder any more.
    const where: SQL[] = [isNull(users.deletedAt)];
    if (opts.filter === "awaiting") where.push(AWAITING_VERIFICATION);
    if (opts.filter === "refused")
      where.push(sql`${users.verificationRefusedAt} is not null and ${users.status} <> 'blocked'`);
    if (opts.filter === "blocked") where.push(eq(users.status, "blocked"));
    const search = opts.search?.trim();
    if (search) {
      const like = containsPattern(search);
      const digits = search.replace(/[\s-]/g, "");
      const match = or(ilike(users.email, like), ilike(users.companyName, like), ilike(users.nip, like));
      where.push(/^\d+$/.test(digits) ? (or(match, ilike(users.nip, `%${digits}%`)) as SQL) : (match as SQL));
    }
    const condition = and(...where);
    // The queue is served oldest first (the 4-hour promise is to leads, but companies wait too).
    const waiting = sql`coalesce(${users.reverificationRequestedAt}, ${users.createdAt})`;
    const order = sortedBy(
      opts.sort,
      {
        firma: sql`coalesce(nullif(${users.companyName}, ''), ${users.email})`,
        nip: users.nip,
        email: users.email,
        stan: users.status,
        od: opts.filter === "awaiting" ? waiting : users.createdAt,
      },
      opts.filter === "awaiting" ? [asc(waiting), asc(users.id)] : [desc(users.createdAt), desc(users.id)],
      [opts.sort?.desc ? desc(users.id) : asc(users.id)],
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select(columns)
        .from(users)
        .where(condition)
        .orderBy(...order)
        .limit(BIDDERS_PAGE_SIZE)
        .offset(pageOffset(opts.page, BIDDERS_PAGE_SIZE)),
      this.db.select({ total: count() }).from(users).where(condition),
    ]);
    return { rows: rows.map(rowOf), total };
  }

  async get(id: number): Promise<BidderAccount | null> {
    const [u] = await this.db.select().from(users).where(eq(users.id, id));
    if (!u || u.deletedAt) return null;
    return {
      ...rowOf(u),
      firstName: u.firstName,
      lastName: u.lastName,
      phone: u.phone,
      regon: u.regon,
      street: u.street,
      postalCode: u.postalCode,
      city: u.city,
      refusal: u.verificationRefusal,
      blockReason: u.blockReason,
      verified: verifiedCompany(u),
    };
  }

  /** The VAT register's entry for the account's NIP (asked each time: the register is the truth). */
  async registryEntry(nip: string): Promise<CompanyLookup> {
    if (!nip) return { status: "not-found" };
    return this.registry.lookupByNip(nip);
  }

  /** The account's accepted bids, newest first, with whether each auction was won by it. */
  async bids(userId: number) {
    return this.db
      .select({
        offerId: bids.offerId,
        make: offers.make,
        model: offers.model,
        price: bids.price,
        at: bids.createdAt,
        auctionEnd: offers.auctionEnd,
        leading: sql<boolean>`coalesce(${offers.leaderUserId} = ${userId}, false)`,
      })
      .from(bids)
      .innerJoin(offers, eq(offers.id, bids.offerId))
      .where(eq(bids.userId, userId))
      .orderBy(desc(bids.createdAt), desc(bids.id))
      .limit(100);
  }

  async wonAuctions(userId: number) {
    return this.db
      .select({
        offerId: auctionSettlements.offerId,
        make: offers.make,
        model: offers.model,
        finalPrice: auctionSettlements.finalPrice,
        endedAt: auctionSettlements.endedAt,
      })
      .from(auctionSettlements)
      .innerJoin(offers, eq(offers.id, auctionSettlements.offerId))
      .where(eq(auctionSettlements.winnerUserId, userId))
      .orderBy(desc(auctionSettlements.endedAt));
  }

  /** The company was checked: the account becomes active (or may bid again) and the person is told. */
  /**
   * Verifies the company. Each field that differs from the VAT register's entry must be among
   * `confirmed` (the member looked at it and accepts it), else nothing changes (400 naming them);
   * the confirmed differences are kept in the audit entry. "all": the command line's check.
   */
  async verify(
    id: number,
    by: Actor,
    confirmed: string[] | "all" = [],
  ): Promise<{ email: string; changed: boolean }> {
    const differences = await this.registryDifferences(id);
    const unconfirmed = confirmed === "all" ? [] : differences.filter((f) => !confirmed.includes(f.key));
    if (unconfirmed.length)
      throw new StaffError(
        400,
        `Potwierdź każde pole, które różni się od rejestru VAT: ${unconfirmed.map((f) => f.label).join(", ")}.`,
        "Confirmed",
      );
    const also = differences.length
      ? { confirmedDifferences: differences.map((f) => f.label).join(", ") }
      : {};
    return this.decide(id, by, "bidder.verify", also, async (tx, u) => {
      if (u.status === "pending_email")
        throw new StaffError(
          400,
          "Ta osoba nie potwierdziła jeszcze adresu e-mail: nie ma czego weryfikować.",
        );
      if (u.status === "blocked") throw new StaffError(400, "Konto jest zablokowane: najpierw je odblokuj.");
      if (stateOf(u) === "active") return null;
      await this.mail.enqueue(
        tx,
        accountActiveMail(u.email, `${this.publicUrl}/aktywacja-zakonczona-sukcesem`),
      );
      return {
        status: "active",
        reverificationRequestedAt: null,
        verificationRefusedAt: null,
        verificationRefusal: null,
        verifiedCompanyName: null,
        verifiedNip: null,
      };
    });
  }

  /** `npm run account:verify -- email`: the same check from the command line. */
  async verifyByEmail(email: string) {
    const [u] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`);
    if (!u) throw new StaffError(404, `Nie ma konta z adresem ${email}.`);
    return this.verify(u.id, COMMAND_LINE, "all");
  }

  /** The fields where the account's company differs from its VAT register entry (none when it is not found). */
  private async registryDifferences(id: number) {
    const [u] = await this.db.select().from(users).where(eq(users.id, id));
    if (!u?.nip) return [];
    const found = await this.registry.lookupByNip(u.nip);
    return found.status === "found" ? companyDifferences(u, found.company) : [];
  }

  /** The company could not be confirmed: the person gets the reason; the account leaves the queue. */
  async refuse(id: number, reason: string, by: Actor) {
    return this.decide(id, by, "bidder.refuse", {}, async (tx, u) => {
      const state = stateOf(u);
      if (state !== "awaiting" && state !== "reverification")
        throw new StaffError(400, "To konto nie czeka na weryfikację.");
      await this.mail.enqueue(tx, verificationRefusedMail(u.email, reason));
      return { verificationRefusedAt: this.clock.now(), verificationRefusal: reason };
    });
  }

  /** No more bidding or signing in (error 45); the person is told why. */
  async block(id: number, reason: string, by: Actor) {
    return this.decide(id, by, "bidder.block", {}, async (tx, u) => {
      if (u.status === "blocked") throw new StaffError(400, "Konto jest już zablokowane.");
      await this.mail.enqueue(tx, accountBlockedMail(u.email, reason));
      return { status: "blocked", statusBeforeBlock: u.status, blockReason: reason };
    });
  }

  /** Back to the state before the block (a verified account bids again at once); the person is told. */
  async unblock(id: number, by: Actor) {
    return this.decide(id, by, "bidder.unblock", {}, async (tx, u) => {
      if (u.status !== "blocked") throw new StaffError(400, "Konto nie jest zablokowane.");
      const status = u.statusBeforeBlock ?? "active";
      await this.mail.enqueue(tx, accountUnblockedMail(u.email, `${this.publicUrl}/login`, status));
      return { status, statusBeforeBlock: null, blockReason: null };
    });
  }

  /**
   * One decision on one account, under its row lock: `change` checks the state and answers the new
   * column values (null: nothing to change), which are written and audited in the same transaction.
   */
  private async decide(
    id: number,
    by: Actor,
    action: string,
    also: object,
    change: (tx: Tx, u: User) => Promise<Partial<typeof users.$inferInsert> | null>,
  ): Promise<{ email: string; changed: boolean }> {
    const outcome = await this.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!u || u.deletedAt) throw new StaffError(404, "Nie ma takiego konta.");
      const patch = await change(tx, u);
      if (!patch) return { email: u.email, changed: false };
      const [after] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
      await audit(tx, by, {
        action,
        entity: "bidder",
        entityId: id,
        before: audited(u),
        after: { ...audited(after), ...also },
      });
      return { email: u.email, changed: true };
    });
    if (outcome.changed) this.mail.wake();
    return outcome;
  }
}
