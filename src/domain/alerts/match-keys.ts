/**
 * Index keys that let one SQL query find the alerts a new offer may match (the table car_alert_keys,
 * one row per key of an active alert) instead of checking every alert.
 *
 * An alert's criteria are five dimensions: price band, make, body type, fuel, gearbox. Each is a set
 * of values or '*' (any). An alert stores the cross product of its sets as keys
 * "price|make|body|fuel|gearbox"; an offer probes every combination of "its value" and '*' in each
 * dimension: 16 for the four vehicle dimensions times at most 7 price variants ('*', and the bucket
 * or '*' of each way of paying). An alert whose product would be large is coarsened: its widest
 * dimension becomes '*'. Coarse keys give extra candidates, never missed ones, because the query
 * re-checks the exact criteria of the alerts found through them.
 *
 * Prices: bucket boundaries grow by 50% from 100 zł, so a bound of "up to 150 000" is about twenty
 * buckets and a band like 80 000 to 120 000 is one or two. Price dimension prefixes: n = company
 * cash price netto, b = private cash price brutto, r = company monthly instalment netto.
 */

export const PRICE_BUCKET_BOUNDS: readonly number[] = (() => {
  const out: number[] = [];
  for (let v = 100; v <= 2_000_000_000; v = Math.ceil(v * 1.5)) out.push(v);
  return out;
})();

/** Bucket of an amount: how many boundaries are at or below it (PostgreSQL width_bucket agrees). */
export function priceBucket(amount: number): number {
  let lo = 0;
  let hi = PRICE_BUCKET_BOUNDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (PRICE_BUCKET_BOUNDS[mid] <= amount) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The most keys one alert stores; beyond it dimensions are coarsened to '*'. */
export const MAX_KEYS_PER_ALERT = 128;

export type PriceMode = "n" | "b" | "r";

export interface AlertMatchCriteria {
  isCompany: boolean;
  /** 1 instalment, 2 cash, 0 any way of paying (no bounds). */
  financing: 0 | 1 | 2;
  /** 0 = no bound. */
  priceFrom: number;
  priceTo: number;
  makes: string[];
  bodyTypes: string[];
  fuelTypes: string[];
  gearboxTypes: string[];
}

export function alertPriceMode(a: Pick<AlertMatchCriteria, "isCompany" | "financing">): PriceMode | null {
  if (a.financing === 1) return "r";
  if (a.financing === 2) return a.isCompany ? "n" : "b";
  return null;
}

const norm = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))].sort();

export function alertMatchKeys(a: AlertMatchCriteria): string[] {
  const mode = alertPriceMode(a);
  let price: string[];
  if (!mode) price = ["*"];
  else if (a.priceFrom === 0 && a.priceTo === 0) price = [`${mode}:*`];
  else {
    const lo = priceBucket(a.priceFrom);
    const hi = a.priceTo > 0 ? priceBucket(a.priceTo) : PRICE_BUCKET_BOUNDS.length;
    price = [];
    for (let b = lo; b <= hi; b++) price.push(`${mode}:${b}`);
  }
  const dims: string[][] = [
    price,
    norm(a.makes),
    norm(a.bodyTypes),
    norm(a.fuelTypes),
    norm(a.gearboxTypes),
  ].map((d) => (d.length ? d : ["*"]));
  const product = () => dims.reduce((n, d) => n * d.length, 1);
  while (product() > MAX_KEYS_PER_ALERT) {
    let widest = 0;
    for (let i = 1; i < dims.length; i++) if (dims[i].length > dims[widest].length) widest = i;
    dims[widest] = widest === 0 && mode ? [`${mode}:*`] : ["*"];
  }
  let keys = [""];
  for (const [i, d] of dims.entries()) {
    keys = keys.flatMap((k) => d.map((v) => (i === 0 ? v : `${k}|${v}`)));
  }
  return keys;
}

export interface OfferMatchFacts {
  make: string;
  bodyType: string;
  fuelType: string;
  gearBoxType: string;
  /** Company cash price netto (an auction's current price), null when not sold for cash. */
  cashNetto: number | null;
  /** Private cash price brutto, null when not offered to private persons for cash. */
  cashBrutto: number | null;
  /** Lowest monthly instalment netto (rent or leasing), null when there is none. */
  installmentNetto: number | null;
}

export function offerProbeKeys(o: OfferMatchFacts): string[] {
  const price = ["*"];
  const add = (mode: PriceMode, amount: number | null) => {
    if (amount === null) return;
    price.push(`${mode}:*`, `${mode}:${priceBucket(amount)}`);
  };
  add("n", o.cashNetto);
  add("b", o.cashBrutto);
  add("r", o.installmentNetto);
  const dims = [
    price,
    ...[o.make, o.bodyType, o.fuelType, o.gearBoxType].map((v) => [v.trim().toLowerCase(), "*"]),
  ];
  let keys = [""];
  for (const [i, d] of dims.entries()) {
    keys = keys.flatMap((k) => d.map((v) => (i === 0 ? v : `${k}|${v}`)));
  }
  return keys;
}

/** The exact rule the SQL re-check applies, in TypeScript: used by tests to judge the query. */
export function alertMatchesOffer(
  a: AlertMatchCriteria,
  o: OfferMatchFacts & { isAuction: boolean },
): boolean {
  const inSet = (set: string[], v: string) => set.length === 0 || norm(set).includes(v.trim().toLowerCase());
  if (!inSet(a.makes, o.make) || !inSet(a.bodyTypes, o.bodyType)) return false;
  if (!inSet(a.fuelTypes, o.fuelType) || !inSet(a.gearboxTypes, o.gearBoxType)) return false;
  // Auctions are for entrepreneurs only (spec section 1).
  if (o.isAuction && !a.isCompany) return false;
  const mode = alertPriceMode(a);
  if (!mode) return true;
  const amount = mode === "n" ? o.cashNetto : mode === "b" ? o.cashBrutto : o.installmentNetto;
  if (amount === null) return false;
  return (a.priceFrom === 0 || amount >= a.priceFrom) && (a.priceTo === 0 || amount <= a.priceTo);
}
