import { z } from "zod";
import { REQUIRED } from "../account";
import { pickUpIssue, VOIVODESHIPS } from "../auctions/costs";
import { termsIssues } from "../auctions/reserve";
import { auctionTimesIssue } from "../auctions/schedule";
import { formatNumber, formatPrice } from "../format";
import { polishLocalTime } from "../polish-time";
import { carFields, checkElectricRange, zloty } from "./offers";
import { isKeyOf } from "./value-sets";

/**
 * The auctions as the sales team runs them: scheduled, live, ended and waiting
 * for staff's decision (confirm the sale to the winner, or release the car), decided, cancelled.
 */
export const AUCTION_STATE_NAMES = {
  draft: "szkic",
  upcoming: "zaplanowana",
  live: "trwa",
  ended: "zakończona, czeka na decyzję",
  unsold: "niesprzedany – do negocjacji",
  confirmed: "sprzedaż potwierdzona",
  released: "samochód zwolniony",
  cancelled: "odwołana",
} as const;
export type AuctionState = keyof typeof AUCTION_STATE_NAMES;

/** The auction list's tabs (`?widok=`). */
export const AUCTION_FILTERS = {
  active: "Szkice, zaplanowane i trwające",
  decide: "Do decyzji",
  done: "Rozstrzygnięte",
  all: "Wszystkie",
} as const;
export type AuctionFilter = keyof typeof AUCTION_FILTERS;
export const isAuctionFilter = isKeyOf(AUCTION_FILTERS);

/** The auction list's columns a member sorts by (`?sortuj=`). */
export const AUCTION_SORTS = ["nr", "samochod", "poczatek", "koniec", "cena", "oferty"] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];

export const AUCTIONS_PAGE_SIZE = 25;
export const auctionPanelPath = (id: number) => `/panel/aukcje/${id}`;

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const moment = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .regex(LOCAL, "Podaj datę i godzinę (dd.mm.rrrr gg:mm)");

/** The largest minimum increment staff may set (a typo guard: a step above it would stop bidding). */
export const MAX_MIN_INCREMENT = 100_000;

/**
 * The auction's terms: when it runs (Polish time), its starting price netto, and its own minimum
 * increment (empty: the auction rules' table by price band).
 */
const auctionTermsFields = z.object({
  Start: moment,
  End: moment,
  StartingPrice: zloty(20_000_000),
  MinIncrement: zloty(MAX_MIN_INCREMENT).optional(),
  ReservePrice: zloty(20_000_000).optional(),
  BuyNowPrice: zloty(20_000_000).optional(),
  // How the car is invoiced and where it is picked up (ADR 062), as the fleet API takes them.
  VatTreatment: z.enum(["vat23", "margin"], { error: "Wybierz sposób fakturowania" }).default("vat23"),
  PickUpCity: z
    .string()
    .trim()
    .min(2, "Podaj miejscowość (co najmniej 2 znaki)")
    .max(80, "Miejscowość może mieć najwyżej 80 znaków")
    .optional(),
  PickUpVoivodeship: z.enum(VOIVODESHIPS, { error: "Wybierz województwo z listy" }).optional(),
});

/** The auction lasts long enough and ends after `now` (the clock's time); reserve and buy now agree. */
const checkTerms =
  (now: Date) =>
  (
    v: {
      Start: string;
      End: string;
      StartingPrice: number;
      ReservePrice?: number;
      BuyNowPrice?: number;
      PickUpCity?: string;
      PickUpVoivodeship?: string;
    },
    ctx: z.RefinementCtx,
  ) => {
    const place = pickUpIssue({ city: v.PickUpCity, voivodeship: v.PickUpVoivodeship });
    if (place) ctx.addIssue({ code: "custom", path: [place.field], message: place.message });
    for (const issue of termsIssues({
      startingPrice: v.StartingPrice,
      reservePrice: v.ReservePrice ?? null,
      buyNowPrice: v.BuyNowPrice ?? null,
    }))
      ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
    const issue = auctionTimesIssue(
      polishLocalTime(v.Start).getTime(),
      polishLocalTime(v.End).getTime(),
      now.getTime(),
    );
    if (issue) ctx.addIssue({ code: "custom", path: ["End"], message: issue });
  };

/** Scheduling an auction: the car with every field the catalogue shows, and the auction's terms. */
export const auctionScheduleSchema = (now: Date) =>
  z.object({ ...carFields(now).shape, ...auctionTermsFields.shape }).superRefine((v, ctx) => {
    checkElectricRange(v, ctx);
    checkTerms(now)(v, ctx);
  });
export type AuctionScheduleInput = z.output<ReturnType<typeof auctionScheduleSchema>>;

/** New terms of an auction no one has bid in yet. */
export const auctionTermsSchema = (now: Date) => auctionTermsFields.superRefine(checkTerms(now));
export type AuctionTermsInput = z.output<ReturnType<typeof auctionTermsSchema>>;

/** The car of an auction no one has bid in yet (its fields as scheduled). */
export const auctionCarSchema = (now: Date) => carFields(now).superRefine(checkElectricRange);

/** Why staff cancel an auction or release its car: the bidders read it in their e-mail. */
export const auctionReasonSchema = z.object({
  Reason: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .min(10, "Napisz powód w pełnym zdaniu (co najmniej 10 znaków)")
    .max(500, "Powód może mieć najwyżej 500 znaków"),
});

/**
 * The panel's result line of a closed auction, from its settlement: the winner and price, or why
 * nobody won. A cancelled auction is said to be cancelled, with its bids (none of which binds anyone),
 * never that nobody bid in it.
 */
export function settlementResult(
  s: { outcome: string; bidCount: number; finalPrice: number | null },
  winner: { company: string | null; email: string } | null,
): { label: string; text: string } {
  if (s.outcome === "cancelled")
    return {
      label: "Wynik",
      text: s.bidCount
        ? `aukcja odwołana, nikt nie wygrał (ofert przed odwołaniem: ${formatNumber(s.bidCount)}; żadna nie wiąże licytujących)`
        : "aukcja odwołana, nikt nie licytował",
    };
  if (winner)
    return {
      label: "Zwycięzca",
      text: `${winner.company ?? winner.email} (${winner.email}), ${formatPrice(s.finalPrice ?? 0)}`,
    };
  return { label: "Zwycięzca", text: "brak: nikt nie licytował" };
}

/** The company data of an auction's winner as the panel weighs them before confirming the sale. */
export interface WinnerCompany {
  companyName: string;
  nip: string;
  /** The company changed its NIP or name after verification and waits to be verified again. */
  reverification: boolean;
  /** What staff verified before the change; null when it was not kept (a change before it was). */
  verified: { companyName: string; nip: string } | null;
}

/**
 * Said before the sale to a winner whose company waits to be verified again: the name staff checked
 * and the new one, so the sale is not confirmed to a company under a name nobody checked.
 */
export function winnerCompanyWarning(w: WinnerCompany): string | null {
  if (!w.reverification) return null;
  const now = `„${w.companyName}” (NIP ${w.nip || "–"})`;
  return w.verified
    ? `Dane firmy zwycięzcy czekają na ponowną weryfikację: zweryfikowaliśmy „${w.verified.companyName}” (NIP ${w.verified.nip || "–"}), a zwycięzca zmienił je na ${now}.`
    : `Dane firmy zwycięzcy czekają na ponowną weryfikację: zwycięzca zmienił je po weryfikacji na ${now}.`;
}

/** The confirmation of a sale; a winner's company waiting for verification needs the box ticked. */
export const auctionConfirmSchema = z.object({ UnverifiedCompany: z.boolean().default(false) });
