import { asc } from "drizzle-orm";
import type { AdditionalService, CalculatorProperties } from "../../domain/calculator";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../domain/calculator-defaults";
import type { Db, Tx } from "../db/client";
import { calculatorProducts, calculatorServices, calculatorTerms } from "../db/schema/index";
import { ApiError } from "../http/errors";

const NO_SETTINGS = 7;

/** Reads the calculator properties in force from the database (the company edits these rows). */
export async function loadCalculatorProperties(db: Db | Tx): Promise<CalculatorProperties> {
  const [products, services, terms] = await Promise.all([
    db.select().from(calculatorProducts),
    db.select().from(calculatorServices).orderBy(asc(calculatorServices.position)),
    db.select().from(calculatorTerms).limit(1),
  ]);
  const leasing = products.find((p) => p.product === "leasing");
  const rent = products.find((p) => p.product === "rent");
  const t = terms[0];
  if (!leasing || !rent || !t || leasing.rvMin == null || leasing.rvMax == null) {
    throw new ApiError(
      503,
      NO_SETTINGS,
      "Kalkulator jest chwilowo niedostępny: brak ustawień w bazie danych.",
    );
  }
  const servicesOf = (product: "leasing" | "rent"): AdditionalService[] =>
    services
      .filter((s) => s.product === product)
      .map((s) => ({ Value: s.value, Name: s.name, MonthlyPriceNetto: s.monthlyPriceNetto }));
  return {
    Leasing: {
      Periods: leasing.periods,
      DefaultPeriod: leasing.defaultPeriod,
      Ow: { Min: leasing.owMin, Max: leasing.owMax, Step: leasing.owStep, Default: leasing.owDefault },
      Rv: {
        Min: leasing.rvMin,
        Max: leasing.rvMax,
        Step: leasing.rvStep ?? 1,
        Default: leasing.rvDefault ?? leasing.rvMin,
      },
      AnnualRatePercent: leasing.annualRatePercent,
      AdditionalServices: servicesOf("leasing"),
    },
    LongTimeRent: {
      Periods: rent.periods,
      DefaultPeriod: rent.defaultPeriod,
      Ow: { Min: rent.owMin, Max: rent.owMax, Step: rent.owStep, Default: rent.owDefault },
      MileageLimits: rent.mileageLimits,
      DefaultMileage: rent.defaultMileage ?? rent.mileageLimits[0],
      AnnualRatePercent: rent.annualRatePercent,
      Residual: {
        StartPercent: rent.residualStartPercent ?? 0,
        DropPerYearPercent: rent.residualDropPerYearPercent ?? 0,
        DropPer10000KmPercent: rent.residualDropPer10000KmPercent ?? 0,
        MinPercent: rent.residualMinPercent ?? 0,
      },
      AdditionalServices: servicesOf("rent"),
    },
    Insurance: {
      FinancedYearlyPercent: t.insuranceFinancedYearlyPercent,
      OutsideYearlyFeeNetto: t.insuranceOutsideYearlyFeeNetto,
    },
    VatPercent: t.vatPercent,
    MinPriceNetto: t.minPriceNetto,
    MaxPriceNetto: t.maxPriceNetto,
  };
}

/**
 * The settings that price offers (ADR 020): those in force, or, before the first start's seeder has
 * written them (a bare database: tests, a fleet system faster than the first start), the defaults it
 * would write. A database error still fails the caller.
 */
export async function calculatorPropertiesForPricing(db: Db | Tx): Promise<CalculatorProperties> {
  try {
    return await loadCalculatorProperties(db);
  } catch (err) {
    if (err instanceof ApiError && err.code === NO_SETTINGS) return DEFAULT_CALCULATOR_PROPERTIES;
    throw err;
  }
}

/** Writes the given properties when the calculator tables are empty (first start); never overwrites. */
export async function seedCalculatorProperties(db: Db, p: CalculatorProperties): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ product: calculatorProducts.product }).from(calculatorProducts);
    if (existing.length) return;
    const L = p.Leasing;
    const R = p.LongTimeRent;
    await tx.insert(calculatorProducts).values([
      {
        product: "leasing",
        periods: L.Periods,
        defaultPeriod: L.DefaultPeriod,
        owMin: L.Ow.Min,
        owMax: L.Ow.Max,
        owStep: L.Ow.Step,
        owDefault: L.Ow.Default,
        rvMin: L.Rv.Min,
        rvMax: L.Rv.Max,
        rvStep: L.Rv.Step,
        rvDefault: L.Rv.Default,
        annualRatePercent: L.AnnualRatePercent,
      },
      {
        product: "rent",
        periods: R.Periods,
        defaultPeriod: R.DefaultPeriod,
        owMin: R.Ow.Min,
        owMax: R.Ow.Max,
        owStep: R.Ow.Step,
        owDefault: R.Ow.Default,
        annualRatePercent: R.AnnualRatePercent,
        mileageLimits: R.MileageLimits,
        defaultMileage: R.DefaultMileage,
        residualStartPercent: R.Residual.StartPercent,
        residualDropPerYearPercent: R.Residual.DropPerYearPercent,
        residualDropPer10000KmPercent: R.Residual.DropPer10000KmPercent,
        residualMinPercent: R.Residual.MinPercent,
      },
    ]);
    const services = [
      ...L.AdditionalServices.map((s, i) => ({ product: "leasing" as const, s, i })),
      ...R.AdditionalServices.map((s, i) => ({ product: "rent" as const, s, i })),
    ];
    await tx.insert(calculatorServices).values(
      services.map(({ product, s, i }) => ({
        product,
        value: s.Value,
        name: s.Name,
        monthlyPriceNetto: s.MonthlyPriceNetto,
        position: i,
      })),
    );
    await tx
      .insert(calculatorTerms)
      .values({
        id: 1,
        insuranceFinancedYearlyPercent: p.Insurance.FinancedYearlyPercent,
        insuranceOutsideYearlyFeeNetto: p.Insurance.OutsideYearlyFeeNetto,
        vatPercent: p.VatPercent,
        minPriceNetto: p.MinPriceNetto,
        maxPriceNetto: p.MaxPriceNetto,
      })
      .onConflictDoNothing();
  });
}
