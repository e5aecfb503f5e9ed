import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import {
  AFTER_WIN_REFUSALS,
  AFTER_WIN_STEPS,
  type AfterWin,
  deliveryText,
  type PickUpSlotInput,
  proFormaNumber,
  type StaffStep,
  staffStepRefusal,
} from "../../domain/auctions/after-win";
import { costLines, isVoivodeship } from "../../domain/auctions/costs";
import { BidErrorCode } from "../../domain/auctions/errors";
import { offerPath } from "../../domain/catalogue/offer-url";
import { formatApiDateTime } from "../../domain/format";
import { polishLocalTime } from "../../domain/polish-time";
import { carTitle } from "../../domain/vehicles";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import {
  auctionAfterWin,
  auctionFeeBands,
  auctionSettlements,
  offers,
  pickUpSlots,
  transportPrices,
  users,
} from "../db/schema/index";
import { ApiError, notFound } from "../http/errors";
import type { MailService } from "../service-types";
import { type Actor, audit } from "../staff/audit";
import { StaffError } from "../staff/staff-error";
import { type AfterWinNews, afterWinMail } from "./mails";
import { renderProFormaPdf } from "./pro-forma-pdf";

type Offer = typeof offers.$inferSelect;
type Row = typeof auctionAfterWin.$inferSelect;
type Slot = typeof pickUpSlots.$inferSelect;

const NOT_WON = "Nie ma takiej wygranej aukcji na Twoim koncie.";

/** An auction's sale goes on after the win while staff have neither released the car nor cancelled it. */
const GOING_ON = ["pending", "confirmed"] as const;

const slotView = (s: Slot) => ({
  SlotId: s.id,
  Start: formatApiDateTime(s.startsAt),
  StartUtc: s.startsAt.toISOString(),
  Place: s.place,
});

/**
 * After the win (ADR 066): staff issue the pro-forma invoice, confirm the payment and the documents,
 * and offer pick-up slots; the winner follows the steps, downloads the pro-forma and books a slot.
 * Every change is audited and e-mailed to the winner in the transaction that makes it.
 */
export class AfterWinService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** The won auction with its winner, locked for a change when `tx` is given; null: no winner (any more). */
  private async won(db: Db | Tx, offerId: number, lock: boolean) {
    const q = db
      .select({
        offer: offers,
        winnerUserId: auctionSettlements.winnerUserId,
        finalPrice: auctionSettlements.finalPrice,
      })
      .from(offers)
      .innerJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
      .where(and(eq(offers.id, offerId), inArray(auctionSettlements.outcome, [...GOING_ON])));
    const [w] = lock ? await q.for("update", { of: offers }) : await q;
    if (!w?.winnerUserId) return null;
    return { offer: w.offer, winnerUserId: w.winnerUserId, finalPrice: w.finalPrice ?? 0 };
  }

  private async stateOf(db: Db | Tx, offerId: number) {
    const [row] = await db.select().from(auctionAfterWin).where(eq(auctionAfterWin.offerId, offerId));
    const slots = await db
      .select()
      .from(pickUpSlots)
      .where(eq(pickUpSlots.offerId, offerId))
      .orderBy(asc(pickUpSlots.startsAt), asc(pickUpSlots.id));
    return { row: row ?? null, slots };
  }

  /** The steps as the winner reads them. */
  private view(offer: Offer, finalPrice: number, row: Row | null, slots: Slot[]): AfterWin {
    const now = this.clock.now().getTime();
    const booked = row?.pickUpSlotId ? (slots.find((s) => s.id === row.pickUpSlotId) ?? null) : null;
    const at: Record<(typeof AFTER_WIN_STEPS)[number], Date | null> = {
      proForma: row?.proFormaAt ?? null,
      payment: row?.paymentAt ?? null,
      documents: row?.documentsAt ?? null,
      pickUp: booked ? (row?.pickUpBookedAt ?? null) : null,
    };
    return {
      AuctionId: offer.id,
      Steps: AFTER_WIN_STEPS.map((step) => ({
        Step: step,
        Done: at[step] !== null,
        At: at[step] ? formatApiDateTime(at[step]) : null,
      })),
      ProForma: row?.proFormaAt
        ? {
            Number: proFormaNumber(offer.id, row.proFormaAt),
            TotalBrutto: this.totals(offer, finalPrice, row).totalBrutto,
            Delivery: deliveryText(row.transportTo, offer.pickUpCity),
          }
        : null,
      PickUpSlots: slots.filter((s) => s.startsAt.getTime() > now).map(slotView),
      PickUp: booked ? slotView(booked) : null,
    };
  }

  private totals(offer: Offer, finalPrice: number, row: Row) {
    return costLines(finalPrice, {
      fee: row.fee ?? 0,
      transport: row.transport ?? 0,
      vat: offer.vatTreatment,
    });
  }

  /** GET /api/WonAuctions/AfterWin: 404 unless the person won it and the sale goes on. */
  async forWinner(userId: number, offerId: number): Promise<AfterWin> {
    const w = await this.won(this.db, offerId, false);
    if (!w || w.winnerUserId !== userId) throw notFound(NOT_WON);
    const { row, slots } = await this.stateOf(this.db, offerId);
    return this.view(w.offer, w.finalPrice, row, slots);
  }

  /** The steps of each of the person's won auctions whose sale goes on (the won auctions' list), in three reads. */
  async forWinnerList(userId: number, offerIds: number[]): Promise<Map<number, AfterWin>> {
    const views = new Map<number, AfterWin>();
    if (!offerIds.length) return views;
    const [won, rows, slots] = await Promise.all([
      this.db
        .select({ offer: offers, finalPrice: auctionSettlements.finalPrice })
        .from(offers)
        .innerJoin(auctionSettlements, eq(auctionSettlements.offerId, offers.id))
        .where(
          and(
            inArray(offers.id, offerIds),
            eq(auctionSettlements.winnerUserId, userId),
            inArray(auctionSettlements.outcome, [...GOING_ON]),
          ),
        ),
      this.db.select().from(auctionAfterWin).where(inArray(auctionAfterWin.offerId, offerIds)),
      this.db
        .select()
        .from(pickUpSlots)
        .where(inArray(pickUpSlots.offerId, offerIds))
        .orderBy(asc(pickUpSlots.startsAt), asc(pickUpSlots.id)),
    ]);
    for (const w of won) {
      const row = rows.find((r) => r.offerId === w.offer.id) ?? null;
      const own = slots.filter((s) => s.offerId === w.offer.id);
      views.set(w.offer.id, this.view(w.offer, w.finalPrice ?? 0, row, own));
    }
    return views;
  }

  /** GET /api/WonAuctions/ProForma: the PDF, to the winner only, once staff have issued it (409 before). */
  async proFormaPdf(userId: number, offerId: number): Promise<Buffer> {
    const w = await this.won(this.db, offerId, false);
    if (!w || w.winnerUserId !== userId) throw notFound(NOT_WON);
    return this.renderPdf(w.offer, w.finalPrice, w.winnerUserId);
  }

  /** The same PDF for staff (the panel's auction page). */
  async proFormaPdfForStaff(offerId: number): Promise<Buffer> {
    const w = await this.won(this.db, offerId, false);
    if (!w) throw new StaffError(404, AFTER_WIN_REFUSALS.notWon);
    return this.renderPdf(w.offer, w.finalPrice, w.winnerUserId);
  }

  private async renderPdf(offer: Offer, finalPrice: number, winnerUserId: number): Promise<Buffer> {
    const { row } = await this.stateOf(this.db, offer.id);
    if (!row?.proFormaAt)
      throw new ApiError(409, BidErrorCode.AfterWinNotReady, AFTER_WIN_REFUSALS.noProForma);
    const [buyer] = await this.db.select().from(users).where(eq(users.id, winnerUserId));
    return renderProFormaPdf({
      offer,
      buyer,
      number: proFormaNumber(offer.id, row.proFormaAt),
      issuedAt: row.proFormaAt,
      lines: this.totals(offer, finalPrice, row),
      delivery: deliveryText(row.transportTo, offer.pickUpCity),
    });
  }

  /** The panel's view: the winner's steps with who set each, and every slot (past ones too). */
  async forStaff(offerId: number) {
    const w = await this.won(this.db, offerId, false);
    if (!w) return null;
    const { row, slots } = await this.stateOf(this.db, offerId);
    return {
      view: this.view(w.offer, w.finalPrice, row, slots),
      by: {
        proForma: row?.proFormaBy ?? null,
        payment: row?.paymentBy ?? null,
        documents: row?.documentsBy ?? null,
      },
      slots: slots.map((s) => ({ id: s.id, startsAt: s.startsAt, place: s.place })),
      bookedSlotId: row?.pickUpSlotId ?? null,
      lines: row?.proFormaAt ? this.totals(w.offer, w.finalPrice, row) : null,
    };
  }

  /**
   * Staff set a step: the pro-forma (with the delivery: `transportTo` a voivodeship, or null for
   * pick-up), the payment, the documents. In their order; each once.
   */
  async setStep(
    offerId: number,
    step: StaffStep,
    by: Actor,
    transportTo: string | null = null,
  ): Promise<void> {
    await this.change(offerId, by, async (tx, w, row) => {
      const refusal = staffStepRefusal(step, {
        proForma: row?.proFormaAt,
        payment: row?.paymentAt,
        documents: row?.documentsAt,
      });
      if (refusal) throw new StaffError(409, refusal);
      const now = this.clock.now();
      const values: Partial<Row> =
        step === "proForma"
          ? { proFormaAt: now, proFormaBy: by.name, ...(await this.amounts(tx, w.finalPrice, transportTo)) }
          : step === "payment"
            ? { paymentAt: now, paymentBy: by.name }
            : { documentsAt: now, documentsBy: by.name };
      const [saved] = await tx
        .insert(auctionAfterWin)
        .values({ offerId, ...values })
        .onConflictDoUpdate({ target: auctionAfterWin.offerId, set: values })
        .returning();
      const news: AfterWinNews =
        step === "proForma"
          ? {
              step,
              number: proFormaNumber(offerId, now),
              totalBrutto: this.totals(w.offer, w.finalPrice, saved).totalBrutto,
            }
          : { step };
      const after =
        step === "proForma"
          ? { step, fee: saved.fee, transport: saved.transport, transportTo: saved.transportTo }
          : { step };
      return { news, audit: { action: `auction.${step}`, after } };
    });
  }

  /** The fee of the final price's band and the transport price, as the tables say at the moment of issue. */
  private async amounts(tx: Tx, finalPrice: number, transportTo: string | null) {
    const bands = await tx.select().from(auctionFeeBands).orderBy(asc(auctionFeeBands.position));
    const band = bands.find((b) => b.upTo === null || finalPrice <= b.upTo) ?? bands.at(-1);
    let transport = 0;
    if (transportTo !== null) {
      if (!isVoivodeship(transportTo)) throw new StaffError(400, "Wybierz odbiór własny albo województwo.");
      const [t] = await tx.select().from(transportPrices).where(eq(transportPrices.voivodeship, transportTo));
      transport = t?.price ?? 0;
    }
    return { fee: band?.fee ?? 0, transport, transportTo };
  }

  /** Staff offer a pick-up slot, while the pick-up is not booked; the winner is e-mailed the open slots. */
  async offerSlot(offerId: number, input: PickUpSlotInput, by: Actor): Promise<void> {
    await this.change(offerId, by, async (tx, _w, row) => {
      if (row?.pickUpSlotId) throw new StaffError(409, AFTER_WIN_REFUSALS.booked);
      const startsAt = polishLocalTime(input.SlotStart);
      await tx.insert(pickUpSlots).values({ offerId, startsAt, place: input.SlotPlace });
      const open = await tx
        .select()
        .from(pickUpSlots)
        .where(and(eq(pickUpSlots.offerId, offerId), gt(pickUpSlots.startsAt, this.clock.now())))
        .orderBy(asc(pickUpSlots.startsAt), asc(pickUpSlots.id));
      return {
        news: { step: "slots", slots: open.map((s) => ({ start: s.startsAt, place: s.place })) },
        audit: {
          action: "auction.pickUpSlot",
          after: { startsAt: startsAt.toISOString(), place: input.SlotPlace },
        },
      };
    });
  }

  /** POST /api/WonAuctions/PickUp: the winner books one of the offered slots (or moves to another). */
  async book(userId: number, offerId: number, slotId: number): Promise<AfterWin> {
    const now = this.clock.now();
    const who: Actor = { id: null, name: "zwycięzca aukcji (konto klienta)" };
    await this.change(
      offerId,
      who,
      async (tx, w, row) => {
        if (w.winnerUserId !== userId) throw notFound(NOT_WON);
        const [slot] = await tx
          .select()
          .from(pickUpSlots)
          .where(and(eq(pickUpSlots.id, slotId), eq(pickUpSlots.offerId, offerId)));
        if (!slot || slot.startsAt.getTime() <= now.getTime())
          throw new ApiError(409, BidErrorCode.PickUpSlotGone, AFTER_WIN_REFUSALS.slotGone);
        await tx
          .insert(auctionAfterWin)
          .values({ offerId, pickUpSlotId: slot.id, pickUpBookedAt: now })
          .onConflictDoUpdate({
            target: auctionAfterWin.offerId,
            set: { pickUpSlotId: slot.id, pickUpBookedAt: now },
          });
        return {
          news: { step: "pickUp", start: slot.startsAt, place: slot.place },
          audit: {
            action: "auction.pickUpBooked",
            before: row?.pickUpSlotId ? { slotId: row.pickUpSlotId } : undefined,
            after: { slotId: slot.id, startsAt: slot.startsAt.toISOString(), place: slot.place },
          },
        };
      },
      () => notFound(NOT_WON),
    );
    return this.forWinner(userId, offerId);
  }

  /**
   * One change after the win, under the auction's row lock: the change itself, its audit entry and
   * the winner's e-mail in one transaction (a winner whose account was deleted is not e-mailed).
   */
  private async change(
    offerId: number,
    by: Actor,
    body: (
      tx: Tx,
      w: NonNullable<Awaited<ReturnType<AfterWinService["won"]>>>,
      row: Row | null,
    ) => Promise<{ news: AfterWinNews; audit: { action: string; before?: unknown; after: unknown } }>,
    notWon: () => Error = () => new StaffError(409, AFTER_WIN_REFUSALS.notWon),
  ): Promise<void> {
    const mailed = await this.db.transaction(async (tx) => {
      const w = await this.won(tx, offerId, true);
      if (!w) throw notWon();
      const [row] = await tx.select().from(auctionAfterWin).where(eq(auctionAfterWin.offerId, offerId));
      const done = await body(tx, w, row ?? null);
      await audit(tx, by, { entity: "auction", entityId: offerId, ...done.audit });
      const [winner] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, w.winnerUserId), isNull(users.deletedAt)));
      if (!winner) return false;
      const facts = {
        auctionId: offerId,
        title: carTitle(w.offer),
        link: `${this.publicUrl}${offerPath("auction", w.offer.make, w.offer.model, offerId)}`,
      };
      await this.mail.enqueue(
        tx,
        afterWinMail(winner.email, facts, done.news, `${this.publicUrl}/wygrane-aukcje`),
      );
      return true;
    });
    if (mailed) this.mail.wake();
  }
}
