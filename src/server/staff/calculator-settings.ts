import { eq } from "drizzle-orm";
import type { AdditionalService, CalculatorProperties, PercentRange } from "../../domain/calculator";
import { formatDecimal, formatPercent, formatPrice } from "../../domain/format";
import { slugify } from "../../domain/slug";
import {
  type CalculatorTermsInput,
  type LeasingSettingsInput,
  type RentSettingsInput,
  servicesFromForm,
} from "../../domain/staff/calculator-settings";
import { syncHeadlineInstalments } from "../catalogue/headline-sync";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { calculatorProducts, calculatorServices, calculatorTerms } from "../db/schema/index";
import { loadCalculatorProperties } from "../leads/calculator-store";
import { type Actor, audit } from "./audit";

type Product = "leasing" | "rent";

/** What the audit log keeps of the settings: each as one readable line. */
const rangeLine = (r: PercentRange) =>
  `${formatDecimal(r.Min)}–${formatPercent(r.Max)} co ${formatDecimal(r.Step)}, domyślnie ${formatPercent(r.Default)}`;
const servicesLine = (list: AdditionalService[]) =>
  list.map((s) => `${s.Name} ${formatPrice(s.MonthlyPriceNetto)}`).join("; ") || "brak";

const residualLine = (r: CalculatorProperties["LongTimeRent"]["Residual"]) =>
  `${formatPercent(r.StartPercent)} − ${formatPercent(r.DropPerYearPercent)} na rok − ${formatPercent(r.DropPer10000KmPercent)} na 10 000 km, najmniej ${formatPercent(r.MinPercent)}`;

function audited(p: CalculatorProperties, what: Product | "terms") {
  if (what === "terms")
    return {
      insuranceFinanced: `${formatPercent(p.Insurance.FinancedYearlyPercent)} ceny rocznie`,
      insuranceOutside: formatPrice(p.Insurance.OutsideYearlyFeeNetto),
      priceRange: `${formatPrice(p.MinPriceNetto)} – ${formatPrice(p.MaxPriceNetto)}`,
    };
  const x = what === "leasing" ? p.Leasing : p.LongTimeRent;
  return {
    periods: x.Periods.join(", "),
    defaultPeriod: x.DefaultPeriod,
    ow: rangeLine(x.Ow),
    ...(what === "leasing" ? { rv: rangeLine(p.Leasing.Rv) } : {}),
    ...(what === "rent"
      ? {
          mileageLimits: p.LongTimeRent.MileageLimits.join(", "),
          defaultMileage: p.LongTimeRent.DefaultMileage,
          residual: residualLine(p.LongTimeRent.Residual),
        }
      : {}),
    annualRatePercent: x.AnnualRatePercent,
    services: servicesLine(x.AdditionalServices),
  };
}

/**
 * The calculator's settings (spec section 7 "Calculator"), kept in the calculator
 * tables. A save changes one part (leasing, rent or the common terms) in one transaction with its audit
 * entry; the "od" instalments stored with the offers are then brought in line with the new settings
 * (ADR 020), so tiles, filters and alerts show what the calculator now answers. The tables feed the
 * page cache's change notifications.
 */
export class CalculatorSettings {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  get(): Promise<CalculatorProperties> {
    return loadCalculatorProperties(this.db);
  }

  /** Saves the leasing part; answers how many offers' "od" instalments changed. */
  saveLeasing(v: LeasingSettingsInput, by: Actor): Promise<number> {
    return this.saveProduct("leasing", v, by, {
      rvMin: v.RvMin,
      rvMax: v.RvMax,
      rvStep: v.RvStep,
      rvDefault: v.RvDefault,
    });
  }

  saveRent(v: RentSettingsInput, by: Actor): Promise<number> {
    return this.saveProduct("rent", v, by, {
      mileageLimits: v.MileageLimits,
      defaultMileage: v.DefaultMileage,
      residualStartPercent: v.ResidualStartPercent,
      residualDropPerYearPercent: v.ResidualDropPerYearPercent,
      residualDropPer10000KmPercent: v.ResidualDropPer10000KmPercent,
      residualMinPercent: v.ResidualMinPercent,
    });
  }

  /** One product's row (the columns both share, and `own`) and its services, in one change. */
  private saveProduct(
    product: Product,
    v: LeasingSettingsInput | RentSettingsInput,
    by: Actor,
    own: Partial<typeof calculatorProducts.$inferInsert>,
  ): Promise<number> {
    return this.change(product, by, async (tx) => {
      await tx
        .update(calculatorProducts)
        .set({ ...commonColumns(v, this.clock.now()), ...own })
        .where(eq(calculatorProducts.product, product));
      await replaceServices(tx, product, v.Services);
    });
  }

  saveTerms(v: CalculatorTermsInput, by: Actor): Promise<number> {
    return this.change("terms", by, async (tx) => {
      await tx
        .update(calculatorTerms)
        .set({
          insuranceFinancedYearlyPercent: v.InsuranceFinancedYearlyPercent,
          insuranceOutsideYearlyFeeNetto: v.InsuranceOutsideYearlyFeeNetto,
          minPriceNetto: v.MinPriceNetto,
          maxPriceNetto: v.MaxPriceNetto,
        })
        .where(eq(calculatorTerms.id, 1));
    });
  }

  private async change(what: Product | "terms", by: Actor, write: (tx: Tx) => Promise<void>) {
    await this.db.transaction(async (tx) => {
      // Serialises two editors' saves: the audit's "before" is what the second one changed.
      await tx.select().from(calculatorTerms).where(eq(calculatorTerms.id, 1)).for("update");
      const before = await loadCalculatorProperties(tx);
      await write(tx);
      const after = await loadCalculatorProperties(tx);
      await audit(tx, by, {
        action: "calculator.change",
        entity: "calculator",
        entityId: what,
        before: audited(before, what),
        after: audited(after, what),
      });
    });
    return syncHeadlineInstalments(this.db);
  }
}

/** What both products' forms set the same way: periods, the own contribution's range, the rate. */
const commonColumns = (v: LeasingSettingsInput | RentSettingsInput, now: Date) => ({
  periods: v.Periods,
  defaultPeriod: v.DefaultPeriod,
  owMin: v.OwMin,
  owMax: v.OwMax,
  owStep: v.OwStep,
  owDefault: v.OwDefault,
  annualRatePercent: v.AnnualRatePercent,
  updatedAt: now,
});

async function replaceServices(tx: Tx, product: Product, rows: LeasingSettingsInput["Services"]) {
  const list = servicesFromForm(rows, slugify);
  await tx.delete(calculatorServices).where(eq(calculatorServices.product, product));
  if (list.length)
    await tx.insert(calculatorServices).values(
      list.map((s, position) => ({
        product,
        value: s.Value,
        name: s.Name,
        monthlyPriceNetto: s.MonthlyPriceNetto,
        position,
      })),
    );
}
