import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { pickUpPlaceText } from "../../domain/auctions/costs";
import { offerPath } from "../../domain/catalogue/offer-url";
import { carTitle } from "../../domain/vehicles";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { auctionSettlements, bids, offers, users } from "../db/schema/index";
import type { Metrics } from "../metrics";
import { PeriodicJob } from "../periodic-job";
import type { MailService } from "../service-types";
import type { AuctionAnnouncer, ClosedAuction } from "./announcements";
import { belowReserveMail, companyResultMail, lostMail, type WinnerContact, wonMail } from "./mails";

/**
 * The auctions past their end `at` that have no settlement yet, oldest end first, each row locked for
 * this transaction (rows another process is closing are skipped).
 */
export function dueAuctions(tx: Pick<Db, "select">, at: Date, limit: number) {
  return tx
    .select({
      id: offers.id,
      make: offers.make,
      model: offers.model,
      version: offers.version,
      auctionEnd: offers.auctionEnd,
      currentPrice: offers.currentPrice,
      bidCount: offers.bidCount,
      leaderUserId: offers.leaderUserId,
      status: offers.status,
      reservePrice: offers.reservePrice,
      vatTreatment: offers.vatTreatment,
      pickUpCity: offers.pickUpCity,
      pickUpVoivodeship: offers.pickUpVoivodeship,
    })
    .from(offers)
    .where(
      and(
        // Written as literals so that the planner matches the partial index of the auctions still to
        // close: the look costs the same however many auctions ended before.
        sql`${offers.saleType} = 'auction' and not ${offers.auctionSettled}`,
        // A draft was never on sale (staff may still publish it with new dates).
        ne(offers.status, "draft"),
        sql`${offers.auctionEnd} <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(offers.auctionEnd)
    .limit(limit)
    .for("update", { skipLocked: true });
}

/**
 * The end-of-auction job. Every poll, any server process looks for auctions whose end has passed and
 * that have no settlement yet, locks each offer row (skipping rows another process is closing), checks
 * the end again under the lock (a last-minute bid may have moved it), then in one transaction records
 * the winner, marks the offer sold and queues the e-mails to the winner, to the other bidders and to
 * the company. State lives only in the database, so a restart or a crash just leaves the work to the
 * next poll.
 */
export class AuctionCloser {
  private readonly job: PeriodicJob<void>;
  private nextEnd: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mail: MailService,
    /** Told of every closed auction (the bidding hub's watchers: auctionEnded, the winner's alert). */
    private readonly announcer: Pick<AuctionAnnouncer, "auctionsClosed" | "auctionsChanged">,
    private readonly clock: Clock,
    log: (msg: string, err?: unknown) => void = () => {},
    private readonly metrics?: Pick<Metrics, "auctionClosed">,
  ) {
    this.job = new PeriodicJob({
      name: "rozstrzyganie zakończonych aukcji",
      everyMs: config.AUCTION_CLOSE_POLL_MS,
      run: async () => {
        const closed = await this.closeDue();
        if (closed.length) this.onClosed(closed);
        await this.wakeAtNextEnd();
      },
      log,
      passAgainIfWoken: false,
      // A test that moves the clock past an auction's end sees it closed at once.
      clock,
    });
  }

  /** Tells the watchers that these auctions ended (also staff's withdrawal of a running auction). */
  onClosed(closed: ClosedAuction[]): void {
    this.announcer.auctionsClosed(closed);
  }

  /** Tells the watchers that staff moved these auctions' dates (their countdowns follow). */
  onChanged(auctionIds: number[]): void {
    this.announcer.auctionsChanged(auctionIds);
  }

  start(): void {
    this.job.start();
  }

  async stop(): Promise<void> {
    clearTimeout(this.nextEnd);
    await this.job.stop();
  }

  /**
   * A pass at the moment the next auction ends, when that comes before the next poll: an auction
   * day's lots end a minute apart and each should close at its end, not up to a poll later (bidders
   * watch the result appear). An extension moves the end: that pass finds nothing due and looks again.
   */
  private async wakeAtNextEnd(): Promise<void> {
    const [next] = await this.db
      .select({ end: offers.auctionEnd })
      .from(offers)
      // The partial index of the auctions still to close (dueAuctions), its first entry.
      .where(
        and(sql`${offers.saleType} = 'auction' and not ${offers.auctionSettled}`, ne(offers.status, "draft")),
      )
      .orderBy(offers.auctionEnd)
      .limit(1);
    clearTimeout(this.nextEnd);
    const inMs = next?.end ? next.end.getTime() - this.clock.now().getTime() : Number.POSITIVE_INFINITY;
    // One already due is the poll's (another process may hold its row: no pass after pass meanwhile).
    if (inMs > 0 && inMs < this.config.AUCTION_CLOSE_POLL_MS)
      this.nextEnd = setTimeout(() => void this.tick(), Math.max(0, inMs)).unref();
  }

  /** One pass; overlapping calls share the pass in progress. */
  async tick(): Promise<void> {
    await this.job.wake();
  }

  /** The highest bidder of an auction ended below its reserve: not won, to be negotiated. */
  private async mailBelowReserve(
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    userId: number,
    facts: { auctionId: number; title: string; link: string },
    price: number,
    endedAt: Date,
  ) {
    const [u] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (u) await this.mail.enqueue(tx, belowReserveMail(u.email, facts, { price, endedAt }));
  }

  async closeDue(limit = 20): Promise<ClosedAuction[]> {
    const closed: ClosedAuction[] = [];
    for (;;) {
      const at = this.clock.now();
      const batch = await this.db.transaction(async (tx) => {
        const due = await dueAuctions(tx, at, limit);
        const done: ClosedAuction[] = [];
        const ends: Date[] = [];
        const now = at.getTime();
        for (const o of due) {
          // The end was read under the lock: a bid extending it has committed before, or waits for us
          // and will then see the auction closed.
          if (!o.auctionEnd || o.auctionEnd.getTime() > now) continue;
          // Below the seller's minimum nobody wins: the highest bid waits for staff (ADR 056).
          const belowReserve =
            o.bidCount > 0 && o.reservePrice !== null && (o.currentPrice ?? 0) < o.reservePrice;
          const winnerId = o.bidCount > 0 && !belowReserve ? o.leaderUserId : null;
          await tx.insert(auctionSettlements).values({
            offerId: o.id,
            winnerUserId: winnerId,
            finalPrice: winnerId || belowReserve ? o.currentPrice : null,
            bidCount: o.bidCount,
            endedAt: o.auctionEnd,
            outcome: belowReserve ? "unsold" : "pending",
          });
          if (winnerId && o.status === "active") {
            await tx.update(offers).set({ status: "sold", updatedAt: at }).where(eq(offers.id, o.id));
          }
          const title = carTitle(o);
          const facts = {
            auctionId: o.id,
            title,
            link: `${this.config.publicUrl}${offerPath("auction", o.make, o.model, o.id)}`,
          };
          let winner: WinnerContact | undefined;
          if (winnerId) {
            [winner] = await tx
              .select({
                email: users.email,
                companyName: users.companyName,
                nip: users.nip,
                phone: users.phone,
                person: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
              })
              .from(users)
              .where(eq(users.id, winnerId));
            // The winner is always told: winning is a purchase to settle, not a notification to opt out of.
            if (winner) {
              await this.mail.enqueue(
                tx,
                wonMail(
                  winner.email,
                  facts,
                  o.currentPrice ?? 0,
                  o.auctionEnd,
                  `${this.config.publicUrl}/wygrane-aukcje`,
                  { vat: o.vatTreatment, pickUp: pickUpPlaceText(o) },
                ),
              );
            }
          }
          if (belowReserve && o.leaderUserId) {
            await this.mailBelowReserve(tx, o.leaderUserId, facts, o.currentPrice ?? 0, o.auctionEnd);
          }
          if (winnerId) {
            // Everyone else who bid learns the result too (a result of their own bidding, not an opt-in).
            const losers = await tx
              .select({ email: users.email, best: sql<number>`max(${bids.price})::int` })
              .from(bids)
              .innerJoin(users, eq(users.id, bids.userId))
              // A deleted account's bids stay (anonymised), but nobody is left to tell.
              .where(and(eq(bids.offerId, o.id), sql`${bids.userId} <> ${winnerId}`, isNull(users.deletedAt)))
              .groupBy(users.email);
            for (const l of losers) {
              await this.mail.enqueue(
                tx,
                lostMail(l.email, facts, {
                  myBest: l.best,
                  finalPrice: o.currentPrice ?? 0,
                  endedAt: o.auctionEnd,
                }),
              );
            }
          }
          await this.mail.enqueue(
            tx,
            companyResultMail(this.config.SALES_EMAIL, facts, {
              winner: winner ?? null,
              price: winnerId ? o.currentPrice : null,
              bidCount: o.bidCount,
              endedAt: o.auctionEnd,
              belowReserve: belowReserve ? { price: o.currentPrice ?? 0 } : undefined,
              sale: { vat: o.vatTreatment, pickUp: pickUpPlaceText(o) },
              // Staff settle the sale in the panel: the auction's record there, not the public page.
              panelLink: `${this.config.publicUrl}/panel/aukcje/${o.id}`,
            }),
          );
          done.push({ offerId: o.id, winnerUserId: winnerId, price: winnerId ? o.currentPrice : null });
          ends.push(o.auctionEnd);
        }
        return { done, ends, full: due.length === limit };
      });
      // The lag is measured once the settlement has committed: that is when the auction is closed.
      const committed = this.clock.now().getTime();
      for (const end of batch.ends) this.metrics?.auctionClosed((committed - end.getTime()) / 1000);
      closed.push(...batch.done);
      if (batch.done.length) this.mail.wake();
      if (!batch.full) return closed;
    }
  }
}
