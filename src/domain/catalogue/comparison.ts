import {
  type CalculatorProperties,
  calculateLeasing,
  calculateRent,
  type InstallmentResult,
} from "../calculator";
import { formatCount, type PluralForms } from "../format";
import { atDefaults } from "../headline-price";
import { QueryKeys } from "./filters";

/**
 * Comparing offers side by side: which offers the address names, and which rows of the comparison
 * differ between them. Pure code, shared by the comparison page's loader and its browser tests.
 */

/** More columns do not fit a phone or a reader's attention; the choice refuses a fourth car. */
export const MAX_COMPARED = 3;

/** The comparison page; the chosen offers travel in its address so that a link can be shared. */
export const COMPARISON_PATH = "/porownanie";
export const COMPARISON_PARAM = "oferty";
/** "Pokaż tylko różnice" ticked: kept in the address too, so a shared link shows what its sender saw. */
export const DIFFERENCES_PARAM = "roznice";

/** Database ids are PostgreSQL integers: a larger number can name no offer. */
const MAX_OFFER_ID = 2_147_483_647;

const CAR: PluralForms = ["samochód", "samochody", "samochodów"];
/** "1 samochód", "2 samochody", "5 samochodów" */
export const countCars = (n: number): string => formatCount(n, CAR);

/**
 * The comparison's address; a private buyer's keeps `isCompany=false`, so the prices stay the ones a
 * private person pays (brutto, cash only), as on the list and the offer page they came from.
 */
export function comparisonAddress(ids: readonly number[], opts: { privateBuyer?: boolean } = {}): string {
  const query = [
    ...(ids.length ? [`${COMPARISON_PARAM}=${ids.join(",")}`] : []),
    ...(opts.privateBuyer ? [`${QueryKeys.isCompany}=false`] : []),
  ];
  return query.length ? `${COMPARISON_PATH}?${query.join("&")}` : COMPARISON_PATH;
}

/** A private person buys for cash only: leasing, rent and auctions are for companies. */
export const FOR_COMPANIES = "tylko dla firm";

export interface ParsedComparisonIds {
  /** Valid, distinct ids in the address's order, at most MAX_COMPARED. */
  ids: number[];
  /** How many parts were not an offer number (letters, negative, zero, too large, control characters). */
  invalid: number;
  /** Whether the address named more than MAX_COMPARED distinct offers (the first ones are kept). */
  tooMany: boolean;
}

/**
 * Reads "12,34,56" from the address. Anything else is skipped and counted, never an error: a shared
 * link cut short or typed by hand still shows what it can.
 */
export function parseComparisonIds(raw: string | null | undefined): ParsedComparisonIds {
  const ids: number[] = [];
  let invalid = 0;
  for (const part of (raw ?? "").split(",")) {
    const token = part.trim();
    if (token === "") continue;
    const id = /^\d{1,10}$/.test(token) ? Number(token) : Number.NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_OFFER_ID) invalid++;
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids: ids.slice(0, MAX_COMPARED), invalid, tooMany: ids.length > MAX_COMPARED };
}

/** One row of the comparison: a label and one shown value per offer (null: the offer has none). */
export interface ComparisonRow {
  label: string;
  values: (string | null)[];
  /**
   * Per offer, why it has no value when that is not simply a fact the car lacks ("nie dotyczy
   * aukcji"): said in place of the dash, which screen readers hear as "brak".
   */
  missing?: (string | null)[];
  /** True when the offers do not all show the same value: the page highlights such rows. */
  differs: boolean;
}

export function comparisonRow(
  label: string,
  values: (string | null)[],
  missing?: (string | null)[],
): ComparisonRow {
  return { label, values, ...(missing ? { missing } : {}), differs: new Set(values).size > 1 };
}

/** An auction sells for cash at its bids: a cash brutto price, leasing and rent do not apply to it. */
export const NOT_FOR_AUCTION = "nie dotyczy aukcji";

/**
 * Which price an auction's figure is, in the words of its own page's bid box: the starting price until
 * someone bids (also before the start), then the current price, after the end the final one.
 */
export function auctionPriceName(a: {
  BidCount: number;
  CurrentPrice: number | null;
  isAuctionEnded: boolean;
}) {
  if (a.BidCount === 0 || a.CurrentPrice === null) return "cena wywoławcza";
  return a.isAuctionEnded ? "cena końcowa" : "aktualna cena";
}

/** Rows whose values are all empty say nothing about any car: they are left out. */
export function factRows(rows: [string, (string | null)[]][]): ComparisonRow[] {
  return rows
    .filter(([, values]) => values.some((v) => v !== null && v !== ""))
    .map(([label, values]) => comparisonRow(label, values));
}

/** An item of equipment and which offers have it, in the order of the offers. */
export interface EquipmentRow {
  item: string;
  has: boolean[];
  differs: boolean;
}

/**
 * Every item of equipment any offer has, once (letter case and spaces aside), alphabetically in
 * Polish, with the offers that have it: an item some cars have and others not is a difference.
 */
export function equipmentRows(equipment: readonly (readonly string[])[]): EquipmentRow[] {
  const key = (s: string) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase("pl");
  const names = new Map<string, string>();
  for (const list of equipment)
    for (const item of list) if (!names.has(key(item))) names.set(key(item), item.trim());
  const sets = equipment.map((list) => new Set(list.map(key)));
  return [...names.entries()]
    .sort(([, a], [, b]) => a.localeCompare(b, "pl"))
    .map(([k, item]) => {
      const has = sets.map((s) => s.has(k));
      return { item, has, differs: has.some((h) => h !== has[0]) };
    });
}

/** What the same terms cost for one offer: leasing and rent, each null when the offer has no such way. */
export interface ComparedFinancing {
  leasing: { monthlyNetto: number; totalBrutto: number } | null;
  rent: { monthlyNetto: number; totalBrutto: number } | null;
}

/**
 * Leasing and rent of every compared offer at one set of terms, the calculator's defaults that the
 * tiles' "od" instalments use too (headline-price.ts, ADR 020), computed by the calculator's own maths:
 * a comparison is fair only when every car is priced the same way.
 */
export function comparedFinancing(
  offer: {
    SaleType: string;
    IsLeasingAvailable: boolean;
    IsRentAvailable: boolean;
    TotalPriceNetto: number | null;
    TotalPriceNettoDiscount: number | null;
  },
  props: CalculatorProperties,
): ComparedFinancing {
  const price = offer.TotalPriceNettoDiscount ?? offer.TotalPriceNetto;
  if (offer.SaleType === "auction" || price === null || price <= 0) return { leasing: null, rent: null };
  const L = props.Leasing;
  const R = props.LongTimeRent;
  const pick = (r: InstallmentResult) => ({
    monthlyNetto: r.InstallmentPriceNetto,
    totalBrutto: r.TotalPriceBrutto,
  });
  return {
    leasing: offer.IsLeasingAvailable
      ? pick(calculateLeasing({ ...atDefaults(price, L), RvPercent: L.Rv.Default }, L, props.Insurance))
      : null,
    rent: offer.IsRentAvailable
      ? pick(calculateRent({ ...atDefaults(price, R), Mileage: R.DefaultMileage }, R, props.Insurance))
      : null,
  };
}
