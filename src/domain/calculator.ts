/**
 * Instalment maths for leasing and long-term rent (spec sections 7 "Calculator" and 9). Pure code
 * shared by the API (POST /api/InstallmentCalculator/Leasing, /LongTimeRent) and the browser, so the
 * calculator on a page moves instantly and shows exactly what the server would answer.
 *
 * Rounding: everything is computed in floating point złoty; the own contribution and the residual
 * value are first rounded to whole złoty (they are shown to the person as amounts), and each figure
 * of the answer is rounded once, at the end, to whole złoty half up (Math.round on positive values).
 * TotalFeesPercent is rounded to two decimals.
 */

import type { z } from "zod";
import type {
  additionalServiceSchema,
  calculatorPropertiesSchema,
  insuranceTermsSchema,
  leasingPropertiesSchema,
  percentRangeSchema,
  rentPropertiesSchema,
  rentResidualSchema,
} from "./calculator-dto";
import { formatDecimal, formatPercent } from "./format";

export const VAT_RATE = 0.23;

// The settings' types come from the API's schemas (one definition; `import type`, so no zod here).
export type PercentRange = z.infer<typeof percentRangeSchema>;
export type AdditionalService = z.infer<typeof additionalServiceSchema>;
export type InsuranceTerms = z.infer<typeof insuranceTermsSchema>;
export type LeasingProperties = z.infer<typeof leasingPropertiesSchema>;
export type RentResidual = z.infer<typeof rentResidualSchema>;
export type RentProperties = z.infer<typeof rentPropertiesSchema>;
export type CalculatorProperties = z.infer<typeof calculatorPropertiesSchema>;

export type InsuranceChoice = "financed" | "outside";

/** What both calculations take: the price, the period, the own contribution, services and insurance. */
export interface InstallmentInput {
  PriceNetto: number;
  Period: number;
  OwPercent: number;
  AdditionalServices: string[];
  Insurance: InsuranceChoice;
}

export interface LeasingInput extends InstallmentInput {
  RvPercent: number;
}

export interface RentInput extends InstallmentInput {
  Mileage: number;
}

export interface InstallmentResult {
  /** Monthly net instalment: financing part + chosen services + insurance. */
  InstallmentPriceNetto: number;
  /** The financing part alone (annuity for leasing; depreciation and cost of money for rent). */
  FinancingNetto: number;
  ServicesNetto: number;
  InsuranceNetto: number;
  Ow: number;
  OwPercent: number;
  Rv: number;
  RvPercent: number;
  /** All financing payments (own contribution, instalments, buyout for leasing) in percent of the net price. */
  TotalFeesPercent: number;
  /** Everything paid over the contract (financing, services, insurance, buyout), brutto. */
  TotalPriceBrutto: number;
}

export const roundZl = (v: number): number => Math.round(v);
const round2 = (v: number): number => Math.round(v * 100) / 100;

/**
 * Spreadsheet PMT(rate, nper, pv, fv) for payments at the end of each period, returned as a positive
 * payment for a positive financed amount: the annuity that repays `pv` down to the balloon `fv`.
 */
export function pmt(ratePerPeriod: number, periods: number, pv: number, fv = 0): number {
  if (ratePerPeriod === 0) return (pv - fv) / periods;
  const q = (1 + ratePerPeriod) ** periods;
  return (ratePerPeriod * (pv * q - fv)) / (q - 1);
}

export function monthlyInsurance(price: number, choice: InsuranceChoice, terms: InsuranceTerms): number {
  return choice === "financed"
    ? (price * terms.FinancedYearlyPercent) / 100 / 12
    : terms.OutsideYearlyFeeNetto / 12;
}

function servicesMonthly(chosen: string[], available: AdditionalService[]): number {
  return chosen.reduce((sum, v) => sum + (available.find((s) => s.Value === v)?.MonthlyPriceNetto ?? 0), 0);
}

export function calculateLeasing(
  input: LeasingInput,
  props: LeasingProperties,
  insurance: InsuranceTerms,
): InstallmentResult {
  const price = input.PriceNetto;
  const ow = roundZl((price * input.OwPercent) / 100);
  const rv = roundZl((price * input.RvPercent) / 100);
  const annuity = pmt(props.AnnualRatePercent / 100 / 12, input.Period, price - ow, rv);
  const services = servicesMonthly(input.AdditionalServices, props.AdditionalServices);
  const ins = monthlyInsurance(price, input.Insurance, insurance);
  const financing = roundZl(annuity);
  const servicesZl = roundZl(services);
  const insuranceZl = roundZl(ins);
  const installment = roundZl(annuity + services + ins);
  const financingTotal = ow + input.Period * annuity + rv;
  return {
    InstallmentPriceNetto: installment,
    FinancingNetto: financing,
    ServicesNetto: servicesZl,
    InsuranceNetto: insuranceZl,
    Ow: ow,
    OwPercent: input.OwPercent,
    Rv: rv,
    RvPercent: input.RvPercent,
    TotalFeesPercent: round2((financingTotal / price) * 100),
    TotalPriceBrutto: roundZl((financingTotal + input.Period * (services + ins)) * (1 + VAT_RATE)),
  };
}

/** Residual value of a rented car in percent of the net price: falls with the period and the yearly mileage. */
export function rentResidualPercent(period: number, yearlyMileage: number, r: RentResidual): number {
  const raw =
    r.StartPercent -
    (r.DropPerYearPercent * period) / 12 -
    (r.DropPer10000KmPercent * yearlyMileage) / 10_000;
  return round2(Math.max(r.MinPercent, raw));
}

/**
 * Long-term rent: the car loses value down to its residual value over the period (depreciation), the
 * money tied up costs interest on the average balance, plus chosen services and insurance.
 */
export function calculateRent(
  input: RentInput,
  props: RentProperties,
  insurance: InsuranceTerms,
): InstallmentResult {
  const price = input.PriceNetto;
  const ow = roundZl((price * input.OwPercent) / 100);
  const rvPercent = rentResidualPercent(input.Period, input.Mileage, props.Residual);
  const rv = roundZl((price * rvPercent) / 100);
  const depreciation = (price - ow - rv) / input.Period;
  const costOfMoney = (((price - ow + rv) / 2) * props.AnnualRatePercent) / 100 / 12;
  const financingMonthly = depreciation + costOfMoney;
  const services = servicesMonthly(input.AdditionalServices, props.AdditionalServices);
  const ins = monthlyInsurance(price, input.Insurance, insurance);
  const financingTotal = ow + input.Period * financingMonthly;
  return {
    InstallmentPriceNetto: roundZl(financingMonthly + services + ins),
    FinancingNetto: roundZl(financingMonthly),
    ServicesNetto: roundZl(services),
    InsuranceNetto: roundZl(ins),
    Ow: ow,
    OwPercent: input.OwPercent,
    Rv: rv,
    RvPercent: rvPercent,
    TotalFeesPercent: round2((financingTotal / price) * 100),
    TotalPriceBrutto: roundZl((financingTotal + input.Period * (services + ins)) * (1 + VAT_RATE)),
  };
}

/** A field of the calculator input that is out of range, with a Polish message naming it. */
export interface CalculatorInputError {
  field: string;
  message: string;
}

const isOnStep = (value: number, range: PercentRange) => {
  const steps = (value - range.Min) / range.Step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
};

function checkPercent(field: string, value: number, range: PercentRange): CalculatorInputError | null {
  if (value < range.Min || value > range.Max || !isOnStep(value, range)) {
    return {
      field,
      message: `wartość musi mieścić się w zakresie ${formatDecimal(range.Min)}–${formatPercent(range.Max)} z krokiem ${formatDecimal(range.Step)}`,
    };
  }
  return null;
}

function checkCommon(
  input: InstallmentInput,
  props: { Periods: number[]; Ow: PercentRange; AdditionalServices: AdditionalService[] },
  all: CalculatorProperties,
  maxPeriod: number,
  priceField: string,
): CalculatorInputError | null {
  if (input.PriceNetto < all.MinPriceNetto || input.PriceNetto > all.MaxPriceNetto) {
    return {
      field: priceField,
      message: `cena musi mieścić się w zakresie ${all.MinPriceNetto}–${all.MaxPriceNetto} zł netto`,
    };
  }
  const periods = availablePeriods(props.Periods, maxPeriod);
  if (!periods.includes(input.Period)) {
    return { field: "Period", message: `dostępne okresy to ${periods.join(", ")} miesięcy` };
  }
  const ow = checkPercent("OwPercent", input.OwPercent, props.Ow);
  if (ow) return ow;
  const unknown = input.AdditionalServices.find((v) => !props.AdditionalServices.some((s) => s.Value === v));
  if (unknown !== undefined) return { field: "AdditionalServices", message: `nieznana usługa „${unknown}”` };
  if (new Set(input.AdditionalServices).size !== input.AdditionalServices.length) {
    return { field: "AdditionalServices", message: "usługa została wybrana więcej niż raz" };
  }
  return null;
}

export const availablePeriods = (periods: number[], maxPeriod: number) =>
  periods.filter((p) => p <= maxPeriod);

/** Checks a leasing input against the properties in force; out-of-range values are refused, never clamped. */
export function checkLeasingInput(
  input: LeasingInput,
  all: CalculatorProperties,
  maxPeriod: number,
  priceField = "Price",
): CalculatorInputError | null {
  return (
    checkCommon(input, all.Leasing, all, maxPeriod, priceField) ??
    checkPercent("RvPercent", input.RvPercent, all.Leasing.Rv) ??
    (input.OwPercent + input.RvPercent >= 100
      ? { field: "RvPercent", message: "wpłata własna i wartość wykupu razem muszą być mniejsze niż 100%" }
      : null)
  );
}

export function checkRentInput(
  input: RentInput,
  all: CalculatorProperties,
  maxPeriod: number,
  priceField = "Price",
): CalculatorInputError | null {
  return (
    checkCommon(input, all.LongTimeRent, all, maxPeriod, priceField) ??
    (all.LongTimeRent.MileageLimits.includes(input.Mileage)
      ? null
      : {
          field: "Mileage",
          message: `dostępne roczne limity kilometrów to ${all.LongTimeRent.MileageLimits.join(", ")}`,
        })
  );
}
