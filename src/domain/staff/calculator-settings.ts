import { z } from "zod";
import { maxMessage, REQUIRED } from "../account";
import type { AdditionalService } from "../calculator";

/**
 * The calculator's settings as the content team edits them: for leasing and for
 * long-term rent the periods, the own contribution's and the buyout's ranges, the yearly rate, the
 * rented car's residual value curve and the additional services; for both the insurance terms and the
 * prices the calculator accepts. Numbers are typed as people write them ("7,9").
 */

/** Rows of additional services in the form: those in force and two empty ones to add. */
export const EXTRA_SERVICE_ROWS = 2;
export const MAX_SERVICES = 10;

const decimal = (min: number, max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{1,3}([.,]\d{1,2})?$/, "Podaj liczbę, np. 7,9")
    .transform((v) => Number(v.replace(",", ".")))
    .refine((v) => v >= min && v <= max, `Podaj liczbę od ${min} do ${max}`);

const whole = (min: number, max: number, unit = "") =>
  z
    .number({ error: (i) => (i.input === undefined ? REQUIRED : "Podaj liczbę całkowitą") })
    .int("Podaj liczbę całkowitą")
    .min(min, `Podaj co najmniej ${min}${unit}`)
    .max(max, `Podaj najwyżej ${max}${unit}`);

/** A list typed as "24, 36, 48": whole numbers in a range, answered without repeats, in order. */
const numberList = (min: number, max: number, example: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d+(\s*[,;]\s*\d+)*$/, `Podaj liczby oddzielone przecinkami, np. ${example}`)
    .transform((v) => [...new Set(v.split(/[,;]/).map((n) => Number(n.trim())))].sort((a, b) => a - b))
    .refine((list) => list.every((n) => n >= min && n <= max), `Każda liczba od ${min} do ${max}`);

/** The form's text of a list: "24, 36, 48". */
export const listText = (list: readonly number[]) => list.join(", ");

const services = z
  .array(
    z.object({
      /** The service's code sent back by the calculator; a new one gets it from its name. */
      Value: z.string().trim().max(40).optional().default(""),
      Name: z.string().trim().max(80, maxMessage(80)).optional().default(""),
      Price: whole(0, 10_000, " zł").optional(),
    }),
  )
  .max(MAX_SERVICES + EXTRA_SERVICE_ROWS)
  .optional()
  .default([]);

const step = decimal(0, 10).refine((v) => v > 0, "Krok musi być większy od zera");
/** The own contribution's range in percent of the price (Ow), both products. */
const owRange = { OwMin: decimal(0, 90), OwMax: decimal(0, 90), OwStep: step, OwDefault: decimal(0, 90) };

type Issues = z.RefinementCtx;

function checkRange(v: Record<string, number>, prefix: string, ctx: Issues) {
  const [lo, hi, dflt] = [v[`${prefix}Min`], v[`${prefix}Max`], v[`${prefix}Default`]];
  if (lo >= hi)
    ctx.addIssue({
      code: "custom",
      path: [`${prefix}Max`],
      message: "Maksimum musi być większe niż minimum",
    });
  else if (dflt < lo || dflt > hi)
    ctx.addIssue({
      code: "custom",
      path: [`${prefix}Default`],
      message: "Wartość domyślna musi mieścić się między minimum a maksimum",
    });
}

function checkCommon(
  v: { Periods: number[]; DefaultPeriod: number; Services: { Name: string; Price?: number }[] },
  ctx: Issues,
) {
  if (!v.Periods.includes(v.DefaultPeriod))
    ctx.addIssue({ code: "custom", path: ["DefaultPeriod"], message: "Wybierz jeden z okresów z listy" });
  v.Services.forEach((s, i) => {
    if (s.Name && s.Price === undefined)
      ctx.addIssue({ code: "custom", path: ["Services", i, "Price"], message: "Podaj cenę miesięczną" });
    if (!s.Name && s.Price !== undefined)
      ctx.addIssue({ code: "custom", path: ["Services", i, "Name"], message: "Podaj nazwę usługi" });
  });
  if (v.Services.filter((s) => s.Name).length > MAX_SERVICES)
    ctx.addIssue({ code: "custom", path: ["Services"], message: `Najwyżej ${MAX_SERVICES} usług` });
}

const common = {
  Periods: numberList(6, 120, "24, 36, 48"),
  DefaultPeriod: whole(6, 120, " mies."),
  AnnualRatePercent: decimal(0, 30),
  Services: services,
};

export const leasingSettingsSchema = z
  .object({
    ...common,
    ...owRange,
    RvMin: decimal(0, 90),
    RvMax: decimal(0, 90),
    RvStep: step,
    RvDefault: decimal(0, 90),
  })
  .superRefine((v, ctx) => {
    const n = v as unknown as Record<string, number>;
    checkRange(n, "Ow", ctx);
    checkRange(n, "Rv", ctx);
    checkCommon(v, ctx);
  });

export const rentSettingsSchema = z
  .object({
    ...common,
    ...owRange,
    MileageLimits: numberList(5_000, 100_000, "10000, 20000, 30000"),
    DefaultMileage: whole(5_000, 100_000, " km"),
    ResidualStartPercent: decimal(0, 100),
    ResidualDropPerYearPercent: decimal(0, 50),
    ResidualDropPer10000KmPercent: decimal(0, 50),
    ResidualMinPercent: decimal(0, 100),
  })
  .superRefine((v, ctx) => {
    checkRange(v as unknown as Record<string, number>, "Ow", ctx);
    checkCommon(v, ctx);
    if (!v.MileageLimits.includes(v.DefaultMileage))
      ctx.addIssue({ code: "custom", path: ["DefaultMileage"], message: "Wybierz jeden z limitów z listy" });
    if (v.ResidualMinPercent > v.ResidualStartPercent)
      ctx.addIssue({
        code: "custom",
        path: ["ResidualMinPercent"],
        message: "Najniższa wartość nie może być większa niż wartość początkowa",
      });
  });

export const calculatorTermsSchema = z
  .object({
    InsuranceFinancedYearlyPercent: decimal(0, 20),
    InsuranceOutsideYearlyFeeNetto: whole(0, 100_000, " zł"),
    MinPriceNetto: whole(1_000, 10_000_000, " zł"),
    MaxPriceNetto: whole(1_000, 10_000_000, " zł"),
  })
  .superRefine((v, ctx) => {
    if (v.MinPriceNetto >= v.MaxPriceNetto)
      ctx.addIssue({
        code: "custom",
        path: ["MaxPriceNetto"],
        message: "Cena najwyższa musi być większa niż najniższa",
      });
  });

export type LeasingSettingsInput = z.output<typeof leasingSettingsSchema>;
export type RentSettingsInput = z.output<typeof rentSettingsSchema>;
export type CalculatorTermsInput = z.output<typeof calculatorTermsSchema>;

/** The services a form keeps: rows with a name, each with its code (a new one's from its name). */
export function servicesFromForm(
  rows: LeasingSettingsInput["Services"],
  codeOf: (name: string) => string,
): AdditionalService[] {
  const out: AdditionalService[] = [];
  for (const r of rows) {
    if (!r.Name || r.Price === undefined) continue;
    let code = r.Value || codeOf(r.Name) || "usluga";
    for (let n = 2; out.some((s) => s.Value === code); n++) code = `${r.Value || codeOf(r.Name)}-${n}`;
    out.push({ Value: code, Name: r.Name, MonthlyPriceNetto: r.Price });
  }
  return out;
}

/** A number as the form shows it: "7,9". */
export const decimalText = (n: number) => String(n).replace(".", ",");
