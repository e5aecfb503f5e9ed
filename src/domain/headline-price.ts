import {
  type CalculatorProperties,
  calculateLeasing,
  calculateRent,
  type InsuranceChoice,
  type InsuranceTerms,
  type LeasingInput,
  monthlyInsurance,
  type RentInput,
} from "./calculator";
import { formatNumber, formatPercent, formatPrice } from "./format";

/**
 * One price truth (ADR 020, revised by ADR 042): the "Leasing od" / "Najem od" instalment of a tile, a
 * detail page or an alert e-mail is the lowest instalment the offer's calculator gives
 * (calculator.ts), and pages state the terms it is given at (headlineTerms, offerTerms). The
 * calculator opens at the company's default parameters; the detail page's "od" opens it at these.
 */

/** The longest contract the spec allows (section 9: default period maximum 80 months). */
const MAX_PERIOD = 80;

/**
 * The calculator's input at a product's defaults: its default period and own contribution, no
 * additional services, insurance financed in the instalment (the comparison's "same terms").
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

/** The cheaper insurance for this price: financed in the instalment, or bought outside for a fee. */
export function cheaperInsurance(priceNetto: number, terms: InsuranceTerms): InsuranceChoice {
  return monthlyInsurance(priceNetto, "financed", terms) <= monthlyInsurance(priceNetto, "outside", terms)
    ? "financed"
    : "outside";
}

const longestPeriod = (periods: number[]) => Math.max(...periods.filter((p) => p <= MAX_PERIOD));

/**
 * Leasing's lowest instalment: the longest period, the highest own contribution, then the highest
 * buyout the two may add up to (under 100%), no services, the cheaper insurance. A złoty of own
 * contribution lowers the annuity more than a złoty of buyout, so the contribution goes first.
 */
export function lowestLeasingInput(priceNetto: number, props: CalculatorProperties): LeasingInput {
  const L = props.Leasing;
  const ow = L.Ow.Max;
  // The highest buyout on the slider's steps, lowered until the two stay under 100%.
  let rv = L.Rv.Min + Math.floor((L.Rv.Max - L.Rv.Min) / L.Rv.Step) * L.Rv.Step;
  while (ow + rv >= 100 && rv - L.Rv.Step >= L.Rv.Min) rv -= L.Rv.Step;
  return {
    PriceNetto: priceNetto,
    Period: longestPeriod(L.Periods),
    OwPercent: ow,
    RvPercent: Math.round(rv * 100) / 100,
    AdditionalServices: [],
    Insurance: cheaperInsurance(priceNetto, props.Insurance),
  };
}

/**
 * The period and yearly mileage of rent's lowest instalment under these settings: a longer contract
 * spreads the loss of value but lowers the residual value, so every pair is tried. The instalment
 * is the price times a factor of the pair, so the pair does not depend on the price: it is found
 * once per settings object (the start-up sync prices every offer with one). On a tie the longer
 * period and the lower mileage win, as the list's note states one pair for all offers.
 */
const lowestRentTerms = new WeakMap<CalculatorProperties, { Period: number; Mileage: number }>();

function rentTermsOf(props: CalculatorProperties): { Period: number; Mileage: number } {
  const known = lowestRentTerms.get(props);
  if (known) return known;
  const R = props.LongTimeRent;
  let best = { Period: 0, Mileage: 0 };
  let bestInstalment = Number.POSITIVE_INFINITY;
  const periods = R.Periods.filter((p) => p <= MAX_PERIOD).sort((a, b) => b - a);
  const mileages = [...R.MileageLimits].sort((a, b) => a - b);
  // At a price where rounding to the złoty is negligible.
  const input = {
    PriceNetto: 1e9,
    OwPercent: R.Ow.Max,
    AdditionalServices: [],
    Insurance: "financed" as const,
  };
  for (const Period of periods) {
    for (const Mileage of mileages) {
      const exact = calculateRent({ ...input, Period, Mileage }, R, props.Insurance).FinancingNetto;
      if (exact < bestInstalment) [best, bestInstalment] = [{ Period, Mileage }, exact];
    }
  }
  lowestRentTerms.set(props, best);
  return best;
}

/** Rent's lowest instalment: the highest own contribution, no services, the cheaper insurance. */
export function lowestRentInput(priceNetto: number, props: CalculatorProperties): RentInput {
  return {
    PriceNetto: priceNetto,
    OwPercent: props.LongTimeRent.Ow.Max,
    AdditionalServices: [],
    Insurance: cheaperInsurance(priceNetto, props.Insurance),
    ...rentTermsOf(props),
  };
}

export function headlineLeasing(priceNetto: number, props: CalculatorProperties): number {
  return calculateLeasing(lowestLeasingInput(priceNetto, props), props.Leasing, props.Insurance)
    .InstallmentPriceNetto;
}

export function headlineRent(priceNetto: number, props: CalculatorProperties): number {
  return calculateRent(lowestRentInput(priceNetto, props), props.LongTimeRent, props.Insurance)
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

/** The terms of an offer's "od" instalments, as its page states them (insurance included). */
export interface HeadlineTerms {
  leasing: string;
  rent: string;
}

/** The terms of every tile's "od" instalments, said once under a list or in an e-mail. */
export interface ListTerms extends HeadlineTerms {
  /** The insurance, the one term that depends on the price. */
  insurance: string;
}

const months = (n: number) => `${n}\u00a0mies.`;

const INSURANCE_TEXT: Record<InsuranceChoice, string> = {
  financed: "ubezpieczenie w racie",
  outside: "ubezpieczenie we własnym zakresie",
};

const leasingText = (i: LeasingInput) =>
  `${months(i.Period)}, opłata wstępna ${formatPercent(i.OwPercent)}, wykup ${formatPercent(i.RvPercent)}`;
const rentText = (i: RentInput) =>
  `${months(i.Period)}, ${i.OwPercent === 0 ? "bez wpłaty własnej" : `wpłata własna ${formatPercent(i.OwPercent)}`}, ${formatNumber(i.Mileage)}\u00a0km rocznie`;

function termsText(leasing: LeasingInput, rent: RentInput): HeadlineTerms {
  return {
    leasing: `${leasingText(leasing)}, ${INSURANCE_TEXT[leasing.Insurance]}`,
    rent: `${rentText(rent)}, ${INSURANCE_TEXT[rent.Insurance]}`,
  };
}

/** The terms of one offer's "od" instalments (its price decides the cheaper insurance). */
export function offerTerms(priceNetto: number, props: CalculatorProperties): HeadlineTerms {
  return termsText(lowestLeasingInput(priceNetto, props), lowestRentInput(priceNetto, props));
}

/**
 * The terms of every tile's "od" instalments: all but the insurance are the same for every offer; the
 * insurance is the cheaper one, which depends on the price.
 */
export function headlineTerms(props: CalculatorProperties): ListTerms {
  const I = props.Insurance;
  // Up to this net price the insurance financed in the instalment is the cheaper one.
  const threshold =
    I.FinancedYearlyPercent > 0
      ? Math.floor((I.OutsideYearlyFeeNetto * 100) / I.FinancedYearlyPercent)
      : null;
  const price = threshold === null ? props.MinPriceNetto : threshold + 1;
  return {
    leasing: leasingText(lowestLeasingInput(price, props)),
    rent: rentText(lowestRentInput(price, props)),
    insurance:
      threshold === null
        ? INSURANCE_TEXT.financed
        : `${INSURANCE_TEXT.outside} (opłata ${formatPrice(I.OutsideYearlyFeeNetto)} netto rocznie), a przy cenie do ${formatPrice(threshold)} netto w racie`,
  };
}

/** The terms the comparison computes every car at: the calculator's defaults (atDefaults). */
export function defaultTerms(props: CalculatorProperties): HeadlineTerms {
  const L = props.Leasing;
  const R = props.LongTimeRent;
  return termsText(
    { ...atDefaults(0, L), RvPercent: L.Rv.Default },
    { ...atDefaults(0, R), Mileage: R.DefaultMileage },
  );
}
