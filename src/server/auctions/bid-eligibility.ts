import { desc, eq } from "drizzle-orm";
import { BidErrorCode, bidMessages } from "../../domain/auctions/errors";
import { DOCUMENTS } from "../../domain/documents";
import { type AccountService, DEFAULT_RULES } from "../accounts/service";
import { cachedValue } from "../cache";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { documents, type users } from "../db/schema/index";
import { ApiError } from "../http/errors";

type User = typeof users.$inferSelect;

/**
 * What the account itself must be to bid, before rules and profile: an active company account (NIP)
 * whose company data is not being verified again. One check for the bid and for BiddingReadiness, so
 * the readiness never says yes to a bid that would be refused.
 */
export function assertCompanyMayBid(user: Pick<User, "status" | "nip" | "reverificationRequestedAt">): void {
  const standing = companyStanding(user);
  if (standing === "notAllowed") throw new ApiError(403, BidErrorCode.BidNotAllowed, bidMessages.notAllowed);
  if (standing === "reverification")
    throw new ApiError(403, BidErrorCode.BidNotAllowed, bidMessages.reverification);
}

/**
 * Whether the account itself may bid: yes, not until its changed company data are verified again,
 * or not (no verified company account). The bid's check and the e-mails that invite to bid read it.
 */
export type CompanyStanding = "mayBid" | "reverification" | "notAllowed";

export function companyStanding(user: {
  status: string;
  nip: string | null;
  reverificationRequestedAt: Date | null;
}): CompanyStanding {
  if (user.status !== "active" || !user.nip) return "notAllowed";
  return user.reverificationRequestedAt ? "reverification" : "mayBid";
}

/** How long a person's positive eligibility check is reused (see BidEligibility.assert). */
export const ELIGIBILITY_CACHE_MS = 15_000;

/** Whether a person may bid on an auction now, with the answers kept briefly (see assert). */
export class BidEligibility {
  private readonly eligible = new Map<string, number>();
  private readonly rulesVersions;

  constructor(
    private readonly db: Db,
    private readonly accounts: AccountService,
    private readonly clock: Clock,
  ) {
    // An async function, so the cache keeps a promise of the rows (a query builder awaited twice runs twice).
    this.rulesVersions = cachedValue(async () => this.readRulesVersions(), {
      ttlMs: ELIGIBILITY_CACHE_MS,
      clock,
    });
  }

  private readRulesVersions() {
    return this.db
      .select({ version: documents.version, effectiveFrom: documents.effectiveFrom })
      .from(documents)
      .where(eq(documents.kind, DOCUMENTS.auctionRules.kind))
      .orderBy(desc(documents.effectiveFrom), desc(documents.version));
  }

  /**
   * The same checks as assert, read afresh (BiddingReadiness, once per page): a page must not offer
   * the bid box on an answer kept from before new rules were published or the profile changed.
   */
  async assertNow(user: User, auctionStart: Date): Promise<void> {
    assertCompanyMayBid(user);
    const list = await this.readRulesVersions();
    await this.accounts.assertCanBid(user.id, versionAt(list, this.rulesAt(auctionStart)));
  }

  /** Bidders of a running auction keep the rules in force at its start; before it, those of now. */
  private rulesAt(auctionStart: Date): Date {
    const now = this.clock.now();
    return auctionStart.getTime() < now.getTime() ? auctionStart : now;
  }

  /**
   * Who may bid on an auction: a verified company account (NIP) whose company data is not being
   * verified again, with a full profile and the rules
   * version that was in force when the auction started accepted (a version published later binds
   * auctions starting after it: bidders of a running auction keep the rules they accepted).
   * A positive answer of the accounts area is reused for ELIGIBILITY_CACHE_MS per person and rules
   * version: a bidder sends many bids in a minute, and rules or a profile change far more rarely.
   */
  async assert(user: User, auctionStart: Date): Promise<void> {
    assertCompanyMayBid(user);
    const now = this.clock.now();
    const version = versionAt(await this.rulesVersions.get(), this.rulesAt(auctionStart));
    const key = `${user.id}@${version}`;
    const until = this.eligible.get(key);
    if (until && until > now.getTime()) return;
    await this.accounts.assertCanBid(user.id, version);
    if (this.eligible.size > 10_000) this.eligible.clear();
    this.eligible.set(key, this.clock.now().getTime() + ELIGIBILITY_CACHE_MS);
  }
}

/** The auction rules version in force at `at`, from the published versions (newest first). */
function versionAt(list: { version: number; effectiveFrom: Date }[], at: Date): number {
  return list.find((r) => r.effectiveFrom.getTime() <= at.getTime())?.version ?? DEFAULT_RULES.version;
}
