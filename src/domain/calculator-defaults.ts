import type { CalculatorProperties } from "./calculator";

/**
 * The calculator properties the company starts with. The seeder writes them into the calculator
 * tables once; from then on the database is the source (the company edits rows, no deploy needed).
 * Tests use them as a realistic configuration.
 */
export const DEFAULT_CALCULATOR_PROPERTIES: CalculatorProperties = {
  Leasing: {
    Periods: [24, 36, 48, 60, 72, 80],
    DefaultPeriod: 48,
    Ow: { Min: 0, Max: 45, Step: 1, Default: 10 },
    Rv: { Min: 1, Max: 50, Step: 1, Default: 20 },
    AnnualRatePercent: 7.9,
    AdditionalServices: [
      { Value: "gap", Name: "Ubezpieczenie GAP", MonthlyPriceNetto: 45 },
      { Value: "assistance", Name: "Assistance rozszerzony", MonthlyPriceNetto: 19 },
    ],
  },
  LongTimeRent: {
    Periods: [24, 36, 48, 60, 72, 80],
    DefaultPeriod: 36,
    Ow: { Min: 0, Max: 45, Step: 1, Default: 0 },
    MileageLimits: [10_000, 15_000, 20_000, 25_000, 30_000, 40_000],
    DefaultMileage: 20_000,
    AnnualRatePercent: 8.5,
    Residual: { StartPercent: 54, DropPerYearPercent: 6, DropPer10000KmPercent: 2.5, MinPercent: 5 },
    AdditionalServices: [
      { Value: "serwis", Name: "Serwis i przeglądy", MonthlyPriceNetto: 149 },
      { Value: "opony", Name: "Opony sezonowe z przechowaniem", MonthlyPriceNetto: 89 },
      { Value: "auto-zastepcze", Name: "Samochód zastępczy", MonthlyPriceNetto: 59 },
    ],
  },
  Insurance: { FinancedYearlyPercent: 1, OutsideYearlyFeeNetto: 250 },
  VatPercent: 23,
  MinPriceNetto: 10_000,
  MaxPriceNetto: 5_000_000,
};
