import { z } from "zod";

/**
 * The calculator's settings as the API answers them (GET /api/InstallmentCalculator/CalculatorProperties),
 * as zod (ADR 023): the server's response schema; calculator.ts, which the browser runs, takes its
 * types from here with `import type`, so zod stays out of the pages that only calculate.
 */

export const percentRangeSchema = z.object({
  Min: z.number(),
  Max: z.number(),
  Step: z.number(),
  Default: z.number(),
});

export const additionalServiceSchema = z.object({
  /** Stable code sent back in AdditionalServices. */
  Value: z.string(),
  Name: z.string(),
  MonthlyPriceNetto: z.number(),
});

export const insuranceTermsSchema = z.object({
  /** Insurance financed in the instalment: this percent of the net price a year. */
  FinancedYearlyPercent: z.number(),
  /** Insurance bought outside: an administration fee in złoty netto a year. */
  OutsideYearlyFeeNetto: z.number(),
});

export const leasingPropertiesSchema = z.object({
  Periods: z.array(z.number().int()),
  DefaultPeriod: z.number().int(),
  Ow: percentRangeSchema,
  Rv: percentRangeSchema,
  AnnualRatePercent: z.number(),
  AdditionalServices: z.array(additionalServiceSchema),
});

/** How the residual value of a rented car falls: percent of the net price at the end of the contract. */
export const rentResidualSchema = z.object({
  StartPercent: z.number(),
  DropPerYearPercent: z.number(),
  DropPer10000KmPercent: z.number(),
  MinPercent: z.number(),
});

export const rentPropertiesSchema = z.object({
  Periods: z.array(z.number().int()),
  DefaultPeriod: z.number().int(),
  Ow: percentRangeSchema,
  MileageLimits: z.array(z.number().int()),
  DefaultMileage: z.number().int(),
  AnnualRatePercent: z.number(),
  Residual: rentResidualSchema,
  AdditionalServices: z.array(additionalServiceSchema),
});

export const calculatorPropertiesSchema = z.object({
  Leasing: leasingPropertiesSchema,
  LongTimeRent: rentPropertiesSchema,
  Insurance: insuranceTermsSchema,
  VatPercent: z.number(),
  /** Prices the calculator accepts (whole złoty netto). */
  MinPriceNetto: z.number(),
  MaxPriceNetto: z.number(),
});
