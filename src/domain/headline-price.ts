import { type CalculatorProperties, calculateLeasing, calculateRent } from "./calculator";
import { formatNumber, formatPercent } from "./format";

/**
 * One price truth (ADR 020): the "Leasing od" / "Najem od" instalment of a tile, a detail page or an
 * alert e-mail is the calculator's own answer (calculator.ts) for the offer's net price at the
 * calculator's default parameters, the ones it opens at: default period, own contribution and buyout
 * (leasing) or yearly mileage (rent), no additional services, insurance financed in the instalment.
 * Pages state these parameters next to the price (headlineTermsText).
 */

/**
 * The calculator's input at a product's defaults: its default period and own contribution, no
 * additional services, insurance financed in the instalment.
 */
export const atDefaults = (
  priceNetto: number,
  product: { DefaultPeriod: number; Ow: { Default: number } },
) => ({
  PriceNetto: priceNetto,
  Period: product.DefaultPeriod,
  OwPercent: product.Ow.Default,
  AdditionalServices: [],
  Insurance: "financed" as const,
});

export function headlineLeasing(priceNetto: number, props: CalculatorProperties): number {
  const L = props.Leasing;
  return calculateLeasing({ ...atDefaults(priceNetto, L), RvPercent: L.Rv.Default }, L, props.Insurance)
    .InstallmentPriceNetto;
}

export function headlineRent(priceNetto: number, props: CalculatorProperties): number {
  const R = props.LongTimeRent;
  return calculateRent({ ...atDefaults(priceNetto, R), Mileage: R.DefaultMileage }, R, props.Insurance)
    .InstallmentPriceNetto;
}

export interface HeadlineInstalments {
  leasePrice: number | null;
  leasePriceDiscount: number | null;
  rentPriceNetto: number | null;
  rentPriceNettoDiscount: number | null;
}

/**
 * The stored instalment columns of a new or ex-lease offer from its net cash prices (regular and
 * after a cut) and the ways of paying it offers. An offer without a net price keeps no instalment:
 * the calculator has nothing to compute from either.
 */
export function headlineInstalments(
  o: {
    totalPriceNetto: number | null;
    totalPriceNettoDiscount: number | null;
    isLeasingAvailable: boolean;
    isRentAvailable: boolean;
  },
  props: CalculatorProperties,
): HeadlineInstalments {
  const of = (on: boolean, price: number | null, f: (p: number, props: CalculatorProperties) => number) =>
    on && price !== null && price > 0 ? f(price, props) : null;
  return {
    leasePrice: of(o.isLeasingAvailable, o.totalPriceNetto, headlineLeasing),
    leasePriceDiscount: of(o.isLeasingAvailable, o.totalPriceNettoDiscount, headlineLeasing),
    rentPriceNetto: of(o.isRentAvailable, o.totalPriceNetto, headlineRent),
    rentPriceNettoDiscount: of(o.isRentAvailable, o.totalPriceNettoDiscount, headlineRent),
  };
}

/** The parameters of the headline instalments, as pages and e-mails state them. */
export interface HeadlineTerms {
  leasing: string;
  rent: string;
}

const months = (n: number) => `${n}\u00a0mies.`;

export function headlineTerms(props: CalculatorProperties): HeadlineTerms {
  const L = props.Leasing;
  const R = props.LongTimeRent;
  const rentOw = R.Ow.Default === 0 ? "bez wpłaty własnej" : `wpłata własna ${formatPercent(R.Ow.Default)}`;
  return {
    leasing: `${months(L.DefaultPeriod)}, opłata wstępna ${formatPercent(L.Ow.Default)}, wykup ${formatPercent(L.Rv.Default)}, ubezpieczenie w racie`,
    rent: `${months(R.DefaultPeriod)}, ${rentOw}, ${formatNumber(R.DefaultMileage)}\u00a0km rocznie, ubezpieczenie w racie`,
  };
}
