import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { pickUpPlaceText } from "../../domain/auctions/costs";
import { offerPath } from "../../domain/catalogue/offer-url";
import { polishLocalTime } from "../../domain/polish-time";
import { DELETED_BIDDER } from "../../domain/privacy-rights";
import {
  AUCTIONS_PAGE_SIZE,
  type AuctionFilter,
  type AuctionScheduleInput,
  type AuctionSort,
  type AuctionState,
  type AuctionTermsInput,
  type WinnerCompany,
  winnerCompanyWarning,
} from "../../domain/staff/auctions";
import { type ConditionReportForm, reportFromForm } from "../../domain/staff/condition-report";
import type { CarFieldsInput } from "../../domain/staff/offers";
import type { Sort } from "../../domain/staff/table";
import { carTitle } from "../../domain/vehicles";
import type { AuctionCloser } from "../auctions/closer";
import { liveAuctions } from "../auctions/live-state";
import { type AuctionMailFacts, acceptedMail, cancelledMail, releasedMail } from "../auctions/mails";
import { saveTechnicalReport } from "../auctions/technical-report";
import { carColumns, type OfferManagement } from "../catalogue/offer-management";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import {
  auctionSettlements,
  bids,
  offerPhotos,
  offers,
  offerTexts,
  technicalReports,
  users,
} from "../db/schema/index";
import { ApiError } from "../http/errors";
import type { MailService } from "../service-types";
import { type Actor, audit } from "./audit";
import { verifiedCompany } from "./bidders";
import { pageOffset, sortedBy } from "./list-query";
import { carOfferFields, offerSearch, saveCarChange } from "./offers";
import { StaffError } from "./staff-error";

type Offer = typeof offers.$inferSelect;
type Settlement = typeof auctionSettlements.$inferSelect;

const NOT_FOUND = "Nie ma takiej aukcji.";
const DECIDED = "Ta aukcja jest już rozstrzygnięta.";

function auctionStateOf(
  o: Pick<Offer, "status" | "auctionStart" | "auctionEnd">,
  s: Settlement | null,
  now: Date,
): AuctionState {
  if (s) return s.outcome === "pending" ? "ended" : s.outcome;
  if (o.status === "draft") return "draft";
  if ((o.auctionEnd?.getTime() ?? 0) <= now.getTime()) return "ended";
  return (o.auctionStart?.getTime() ?? 0) > now.getTime() ? "upcoming" : "live";
}

export interface AuctionListRow {
  id: number;
  title: string;
  start: Date;
  end: Date;
  startingPrice: number;
  currentPrice: number | null;
  bidCount: number;
  state: AuctionState;
}

/**
 * The auctions as the sales team runs them: an auction is scheduled as a draft
 * (the car with every field, its dates and starting price), gets its photos and is published on the
 * offer screens' rules; its bids are watched live; it can be cancelled with a reason (every bidder is
 * e-mailed, and watchers see it end on the hub); once ended, the sale to the winner is confirmed or
 * the car released. The bidding itself, its increments and the closing are the auctions' own
 * (server/auctions). Every decision is audited in its own transaction.
 */
export class AuctionAdmin {
  constructor(
    private readonly db: Db,
    private readonly management: OfferManagement,
    private readonly mail: MailService,
    private readonly closer: AuctionCloser,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  async list(opts: {
    filter: AuctionFilter;
    search?: string;
    page?: number;
    sort?: Sort<AuctionSort> | null;
  }) {
    const where: SQL[] = [eq(offers.saleType, "auction")];
    if (opts.filter === "active") where.push(sql`${auctionSettlements.offerId} is null`);
    if (opts.filter === "decide") where.push(inArray(auctionSettlements.outcome, ["pending", "unsold"]));
    if (opts.filter === "done")
      where.push(inArray(auctionSettlements.outcome, ["confirmed", "released", "cancelled"]));
    const search = opts.search?.trim();
    if (search) where.push(offerSearch(search, { byPlate: false }));
    const condition = and(...where);
    // Those ending soonest first; decided ones, the latest first.
    const order = sortedBy(
      opts.sort,
      {
        nr: offers.id,
        samochod: sql`${offers.make} || ' ' || ${offers.model} || ' ' || ${offers.version}`,
        poczatek: offers.auctionStart,
        koniec: offers.auctionEnd,
        cena: sql`case when ${offers.bidCount} > 0 then ${offers.currentPrice} else ${offers.startingPrice} end`,
        oferty: offers.bidCount,
      },
      opts.filter === "done" || opts.filter === "all"
        ? [desc(offers.auctionEnd), desc(offers.id)]
        : [asc(offers.auctionEnd), asc(offers.id)],
      [opts.sort?.desc ? desc(offers.id) : asc(offers.id)],
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ offer: offers, settlement: auctionSettlements })
        .from(offers)
        .leftJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
        .where(condition)
        .orderBy(...order)
        .limit(AUCTIONS_PAGE_SIZE)
        .offset(pageOffset(opts.page, AUCTIONS_PAGE_SIZE)),
      this.db
        .select({ total: count() })
        .from(offers)
        .leftJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
        .where(condition),
    ]);
    const now = this.clock.now();
    return {
      rows: rows.map(
        ({ offer: o, settlement }): AuctionListRow => ({
          id: o.id,
          title: carTitle(o),
          start: o.auctionStart as Date,
          end: o.auctionEnd as Date,
          startingPrice: o.startingPrice ?? 0,
          currentPrice: o.bidCount ? o.currentPrice : null,
          bidCount: o.bidCount,
          state: auctionStateOf(o, settlement, now),
        }),
      ),
      total,
    };
  }

  /** An auction with its car, photos, live state, bids (highest first), settlement and winner. */
  async get(id: number) {
    const [row] = await this.db
      .select({ offer: offers, settlement: auctionSettlements })
      .from(offers)
      .leftJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
      .where(and(eq(offers.id, id), eq(offers.saleType, "auction")));
    if (!row) return null;
    const [[texts], photos, bidRows, [live], [report]] = await Promise.all([
      this.db.select().from(offerTexts).where(eq(offerTexts.offerId, id)),
      this.db
        .select({ imageId: offerPhotos.imageId })
        .from(offerPhotos)
        .where(eq(offerPhotos.offerId, id))
        .orderBy(offerPhotos.position),
      this.db
        .select({
          id: bids.id,
          at: bids.createdAt,
          price: bids.price,
          userId: bids.userId,
          // A deleted account's bids stay, without anything that says whose they were (ADR 052).
          email: sql<string>`case when ${users.deletedAt} is null then ${users.email} else ${DELETED_BIDDER} end`,
          company: users.companyName,
        })
        .from(bids)
        .innerJoin(users, eq(users.id, bids.userId))
        .where(eq(bids.offerId, id))
        .orderBy(desc(bids.price), desc(bids.id))
        .limit(200),
      liveAuctions(this.db, [id], this.clock.now()),
      this.db.select().from(technicalReports).where(eq(technicalReports.offerId, id)),
    ]);
    const winner = row.settlement?.winnerUserId
      ? (bidRows.find((b) => b.userId === row.settlement?.winnerUserId) ?? null)
      : null;
    const winnerCompany = row.settlement?.winnerUserId
      ? await this.winnerCompany(this.db, row.settlement.winnerUserId)
      : null;
    return {
      offer: row.offer,
      settlement: row.settlement,
      state: auctionStateOf(row.offer, row.settlement, this.clock.now()),
      description: texts?.description ?? "",
      equipment: texts?.equipment ?? [],
      photos: photos.map((p) => p.imageId),
      bids: bidRows,
      winner,
      winnerCompany,
      live,
      report: report ?? null,
    };
  }

  /** A new auction, saved as a draft (photos and publication follow on its page). */
  async schedule(input: AuctionScheduleInput, by: Actor): Promise<number> {
    const at = this.clock.now();
    const car = carOfferFields(input, await this.management.catalogueMake(input.Make));
    return this.db.transaction(async (tx) => {
      const id = await this.management.insertOffer(
        tx,
        {
          ...car,
          SaleType: "auction",
          AuctionStart: polishLocalTime(input.Start).toISOString(),
          AuctionEnd: polishLocalTime(input.End).toISOString(),
          StartingPrice: input.StartingPrice,
          MinIncrement: input.MinIncrement,
          ReservePrice: input.ReservePrice,
          BuyNowPrice: input.BuyNowPrice,
          VatTreatment: input.VatTreatment,
          PickUpCity: input.PickUpCity,
          PickUpVoivodeship: input.PickUpVoivodeship,
        },
        { status: "draft", prices: null, at },
      );
      const [row] = await tx.select().from(offers).where(eq(offers.id, id));
      await audit(tx, by, { action: "auction.schedule", entity: "auction", entityId: id, after: terms(row) });
      return id;
    });
  }

  private async lock(tx: Tx, id: number) {
    const [o] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.id, id), eq(offers.saleType, "auction")))
      .for("update");
    if (!o) throw new StaffError(404, NOT_FOUND);
    const [s] = await tx.select().from(auctionSettlements).where(eq(auctionSettlements.offerId, id));
    return { o, s: s ?? null };
  }

  /** Locks an auction whose terms or car may still change: undecided, and no one has bid in it yet. */
  private async lockUnbid(tx: Tx, id: number, what: string) {
    const { o, s } = await this.lock(tx, id);
    if (s || o.status === "withdrawn") throw new StaffError(409, DECIDED);
    if (o.bidCount > 0)
      throw new StaffError(409, `W aukcji są już oferty: ${what} nie można zmienić. Możesz ją odwołać.`);
    return o;
  }

  /** New dates, starting price and increment, while no one has bid (the bidders' terms never change under them). */
  async changeTerms(id: number, input: AuctionTermsInput, by: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const o = await this.lockUnbid(tx, id, "jej warunków");
      await tx
        .update(offers)
        .set({
          auctionStart: polishLocalTime(input.Start),
          auctionEnd: polishLocalTime(input.End),
          startingPrice: input.StartingPrice,
          currentPrice: input.StartingPrice,
          minIncrement: input.MinIncrement ?? null,
          reservePrice: input.ReservePrice ?? null,
          buyNowPrice: input.BuyNowPrice ?? null,
          vatTreatment: input.VatTreatment,
          pickUpCity: input.PickUpCity ?? null,
          pickUpVoivodeship: input.PickUpVoivodeship ?? null,
          updatedAt: this.clock.now(),
        })
        .where(eq(offers.id, id));
      const [row] = await tx.select().from(offers).where(eq(offers.id, id));
      await audit(tx, by, {
        action: "auction.terms",
        entity: "auction",
        entityId: id,
        before: terms(o),
        after: terms(row),
      });
    });
    this.management.afterChange(false);
    this.closer.onChanged([id]);
  }

  /** The car's data, while no one has bid (bidders bid on the car as it was described). */
  async changeCar(id: number, input: CarFieldsInput, by: Actor): Promise<void> {
    const car = carOfferFields(input, await this.management.catalogueMake(input.Make));
    const { reservation: _never, ...columns } = carColumns({ ...car, SaleType: "auction" });
    await this.db.transaction(async (tx) => {
      const o = await this.lockUnbid(tx, id, "danych samochodu");
      const change = {
        columns,
        car,
        at: this.clock.now(),
        by,
        action: "auction.car",
        entity: "auction",
      } as const;
      await saveCarChange(tx, o, change, async () => {});
    });
    this.management.afterChange(false);
  }

  private facts(o: Offer): AuctionMailFacts {
    return {
      auctionId: o.id,
      title: carTitle(o),
      link: `${this.publicUrl}${offerPath("auction", o.make, o.model, o.id)}`,
    };
  }

  /**
   * Stops an auction that has not ended: it leaves the lists, its settlement says 'cancelled' (the
   * closing job never declares a winner for it), every company that bid gets the reason by e-mail, and
   * every open page of it hears at once that it was cancelled and why (its page then says so too).
   */
  async cancel(id: number, reason: string, by: Actor): Promise<void> {
    const bidders = await this.db.transaction(async (tx) => {
      const { o, s } = await this.lock(tx, id);
      if (s || (o.status !== "active" && o.status !== "draft")) throw new StaffError(409, DECIDED);
      return this.cancelLocked(tx, o, reason, by);
    });
    this.afterCancel(id, bidders);
  }

  /**
   * The fleet system's withdrawal (DELETE /api/Admin/Offers) of an auction on sale that nobody bid in:
   * a cancellation like staff's, so its watchers hear of it. False when the offer is not such an
   * auction (the caller withdraws it as any other offer, or refuses).
   */
  async cancelForFleet(id: number, reason: string, by: Actor): Promise<boolean> {
    const cancelled = await this.db.transaction(async (tx) => {
      const [o] = await tx.select().from(offers).where(eq(offers.id, id)).for("update");
      if (o?.saleType !== "auction" || o.status !== "active" || o.bidCount > 0) return false;
      const [s] = await tx.select().from(auctionSettlements).where(eq(auctionSettlements.offerId, id));
      if (s) return false;
      await this.cancelLocked(tx, o, reason, by);
      return true;
    });
    if (cancelled) this.afterCancel(id, 0);
    return cancelled;
  }

  private async cancelLocked(tx: Tx, o: Offer, reason: string, by: Actor): Promise<number> {
    const now = this.clock.now();
    await tx.insert(auctionSettlements).values({
      offerId: o.id,
      winnerUserId: null,
      finalPrice: null,
      bidCount: o.bidCount,
      endedAt: now,
      outcome: "cancelled",
      reason,
      decidedAt: now,
      decidedBy: by.name,
      wasOnSale: o.status !== "draft",
    });
    await tx.update(offers).set({ status: "withdrawn", updatedAt: now }).where(eq(offers.id, o.id));
    const emails = await tx
      .selectDistinct({ email: users.email })
      .from(bids)
      .innerJoin(users, eq(users.id, bids.userId))
      // A deleted account's bids stay (anonymised), but nobody is left to tell.
      .where(and(eq(bids.offerId, o.id), isNull(users.deletedAt)));
    for (const { email } of emails) await this.mail.enqueue(tx, cancelledMail(email, this.facts(o), reason));
    await audit(tx, by, {
      action: "auction.cancel",
      entity: "auction",
      entityId: o.id,
      before: { state: auctionStateOf(o, null, now) },
      after: { state: "cancelled", reason },
    });
    return emails.length;
  }

  private afterCancel(id: number, bidders: number) {
    if (bidders) this.mail.wake();
    this.management.afterChange(false);
    this.closer.onClosed([{ offerId: id, winnerUserId: null, price: null }]);
  }

  /**
   * The condition report from the inspection, until the auction starts (then it is locked: bidders
   * bid on the car as described); a correction is the next version, and those interested are told.
   */
  async saveReport(id: number, form: ConditionReportForm, by: Actor): Promise<void> {
    const report = reportFromForm(form);
    const andThen = async (tx: Tx) => {
      await audit(tx, by, {
        action: "auction.report",
        entity: "auction",
        entityId: id,
        after: {
          inspector: report.Inspector,
          mileage: report.Mileage,
          sections: report.Sections.length,
          damages: report.Damages.length,
        },
      });
    };
    try {
      await saveTechnicalReport(this.db, id, report, {
        now: this.clock.now(),
        mail: this.mail,
        publicUrl: this.publicUrl,
        andThen,
      });
    } catch (err) {
      // The report's own checks answer in the API's words; here they are the form's.
      if (err instanceof ApiError) throw new StaffError(err.status, err.message);
      throw err;
    }
  }

  /** The winner's company data, and whether they wait to be verified again after a change. */
  private async winnerCompany(db: Db | Tx, userId: number): Promise<WinnerCompany | null> {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u) return null;
    return {
      companyName: u.companyName ?? "",
      nip: u.nip ?? "",
      reverification: u.reverificationRequestedAt !== null,
      verified: verifiedCompany(u),
    };
  }

  /**
   * After the end: the sale to the winner is confirmed (the car stays sold). A winner whose company
   * changed its data after verification is sold to only when staff say so (`unverifiedCompany`).
   */
  async confirm(id: number, by: Actor, unverifiedCompany = false): Promise<void> {
    await this.decide(id, by, "confirmed", null, unverifiedCompany);
  }

  /**
   * After the end: the car is released (no bid, or the sale fell through). It leaves the site; the
   * winner, if any, gets the reason by e-mail.
   */
  async release(id: number, reason: string, by: Actor): Promise<void> {
    await this.decide(id, by, "released", reason);
    this.management.afterChange(false);
  }

  /**
   * After an auction that ended below its reserve: staff accept the highest bid (the negotiation's
   * outcome). Its bidder becomes the winner, the car is sold to them, they are e-mailed, and the sale
   * then waits for confirmation as after any won auction.
   */
  async acceptHighest(id: number, by: Actor): Promise<void> {
    const now = this.clock.now();
    const winner = await this.db.transaction(async (tx) => {
      const { o, s } = await this.lock(tx, id);
      if (s?.outcome !== "unsold" || !o.leaderUserId || !o.bidCount)
        throw new StaffError(409, s ? DECIDED : "Aukcja jeszcze się nie zakończyła.");
      const price = o.currentPrice ?? 0;
      await tx
        .update(auctionSettlements)
        .set({
          winnerUserId: o.leaderUserId,
          finalPrice: price,
          outcome: "pending",
          decidedAt: now,
          decidedBy: by.name,
        })
        .where(eq(auctionSettlements.offerId, id));
      await tx.update(offers).set({ status: "sold", updatedAt: now }).where(eq(offers.id, id));
      const [w] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, o.leaderUserId), isNull(users.deletedAt)));
      if (w)
        await this.mail.enqueue(
          tx,
          acceptedMail(w.email, this.facts(o), {
            price,
            wonLink: `${this.publicUrl}/wygrane-aukcje`,
            sale: { vat: o.vatTreatment, pickUp: pickUpPlaceText(o) },
          }),
        );
      await audit(tx, by, {
        action: "auction.accept",
        entity: "auction",
        entityId: id,
        before: { state: "unsold" },
        after: { state: "ended", winnerUserId: o.leaderUserId, price },
      });
      return { userId: o.leaderUserId, price, mailed: Boolean(w) };
    });
    if (winner.mailed) this.mail.wake();
    this.management.afterChange(false);
    this.closer.onClosed([{ offerId: id, winnerUserId: winner.userId, price: winner.price }]);
  }

  private async decide(
    id: number,
    by: Actor,
    outcome: "confirmed" | "released",
    reason: string | null,
    unverifiedCompany = false,
  ) {
    const now = this.clock.now();
    const mailed = await this.db.transaction(async (tx) => {
      const { o, s } = await this.lock(tx, id);
      // Below the reserve the car may be released as well (the negotiation came to nothing).
      if (s?.outcome !== "pending" && !(s?.outcome === "unsold" && outcome === "released"))
        throw new StaffError(409, s ? DECIDED : "Aukcja jeszcze się nie zakończyła.");
      if (outcome === "confirmed" && !s.winnerUserId)
        throw new StaffError(409, "Nikt nie licytował: nie ma komu sprzedać. Zwolnij samochód.");
      const company =
        outcome === "confirmed" && s.winnerUserId ? await this.winnerCompany(tx, s.winnerUserId) : null;
      const warning = company ? winnerCompanyWarning(company) : null;
      if (warning && !unverifiedCompany)
        throw new StaffError(
          409,
          `${warning} Zweryfikuj firmę w kontach klientów albo zaznacz, że potwierdzasz sprzedaż mimo to.`,
        );
      await tx
        .update(auctionSettlements)
        .set({ outcome, reason, decidedAt: now, decidedBy: by.name })
        .where(eq(auctionSettlements.offerId, id));
      let mailed = false;
      if (outcome === "released") {
        await tx.update(offers).set({ status: "withdrawn", updatedAt: now }).where(eq(offers.id, id));
        if (s.winnerUserId) {
          const [w] = await tx.select({ email: users.email }).from(users).where(eq(users.id, s.winnerUserId));
          if (w) {
            await this.mail.enqueue(tx, releasedMail(w.email, this.facts(o), reason ?? ""));
            mailed = true;
          }
        }
      }
      await audit(tx, by, {
        action: `auction.${outcome === "confirmed" ? "confirm" : "release"}`,
        entity: "auction",
        entityId: id,
        before: { state: s.outcome === "unsold" ? "unsold" : "ended" },
        after: {
          state: outcome,
          ...(reason ? { reason } : {}),
          ...(warning ? { unverifiedCompany: warning } : {}),
        },
      });
      return mailed;
    });
    if (mailed) this.mail.wake();
  }
}

/** What the audit log keeps of an auction's terms. */
const terms = (o: Offer) => ({
  make: o.make,
  model: o.model,
  version: o.version,
  startDate: o.auctionStart?.toISOString() ?? null,
  endDate: o.auctionEnd?.toISOString() ?? null,
  startingPrice: o.startingPrice,
  minIncrement: o.minIncrement,
  reservePrice: o.reservePrice,
  buyNowPrice: o.buyNowPrice,
  vatTreatment: o.vatTreatment,
  pickUpCity: o.pickUpCity,
  pickUpVoivodeship: o.pickUpVoivodeship,
});
