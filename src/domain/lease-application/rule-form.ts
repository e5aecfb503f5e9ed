import { z } from "zod";
import { REQUIRED } from "../account";
import { LEGAL_FORMS, type Rule, rulesSchema, VAT_STATUSES, VERDICTS } from "./rules";

/**
 * The rules editor's form: every parameter of the seven rules as one flat field (a person edits
 * numbers and picks verdicts), turned into a rule set and back. The set's own checks (rulesSchema)
 * run on the result, so the editor refuses what the decision would.
 */
const verdict = z.enum(VERDICTS, { error: "Wybierz wynik" });
const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: REQUIRED })
    .int("Podaj liczbę całkowitą")
    .min(min, `Podaj liczbę od ${min} do ${max}`)
    .max(max, `Podaj liczbę od ${min} do ${max}`);

const BAND_COUNT = 3;
/** The bands of the amount rule as the editor numbers them (1, 2, 3). */
export const BAND_NUMBERS = Array.from({ length: BAND_COUNT }, (_, i) => i + 1);

const shape = {
  Mode: z.enum(["dryRun", "save"]).default("dryRun"),
  Note: z.string().trim().max(200, "Pole przyjmuje maksymalnie 200 znaków").optional().default(""),
  ...Object.fromEntries(VAT_STATUSES.map((s) => [`Vat_${s}`, verdict])),
  AgeRefuseBelow: whole(0, 600),
  AgeReviewBelow: whole(0, 600),
  ...Object.fromEntries(LEGAL_FORMS.map((f) => [`Form_${f}`, verdict])),
  ...Object.fromEntries(
    Array.from({ length: BAND_COUNT }, (_, i) => [
      [`Band${i + 1}Months`, whole(0, 600)],
      [`Band${i + 1}Max`, whole(0, 100_000_000)],
    ]).flat(),
  ),
  AmountOver: verdict,
  DownMin: whole(0, 100),
  DownBelow: verdict,
  CarMaxYears: whole(0, 50),
  CarOver: verdict,
  TermMin: whole(0, 600),
  TermMax: whole(0, 600),
  TermOutside: verdict,
} as const;

type Values = Record<string, string | number>;

/** The form's fields of a rule set (its first values). */
export function rulesToForm(rules: readonly Rule[]): Values {
  const v: Values = {};
  for (const r of rules) {
    switch (r.Kind) {
      case "vatStatus":
        for (const s of VAT_STATUSES) v[`Vat_${s}`] = r.Verdicts[s];
        break;
      case "companyAge":
        v.AgeRefuseBelow = r.RefuseBelowMonths;
        v.AgeReviewBelow = r.ReviewBelowMonths;
        break;
      case "legalForm":
        for (const f of LEGAL_FORMS) v[`Form_${f}`] = r.Verdicts[f];
        break;
      case "amountForAge":
        r.Bands.slice(0, BAND_COUNT).forEach((b, i) => {
          v[`Band${i + 1}Months`] = b.BelowMonths;
          v[`Band${i + 1}Max`] = b.MaxFinancedNetto;
        });
        v.AmountOver = r.Over;
        break;
      case "downPayment":
        v.DownMin = r.MinPercent;
        v.DownBelow = r.Below;
        break;
      case "carAgeAtEnd":
        v.CarMaxYears = r.MaxYears;
        v.CarOver = r.Over;
        break;
      case "term":
        v.TermMin = r.MinMonths;
        v.TermMax = r.MaxMonths;
        v.TermOutside = r.Outside;
        break;
    }
  }
  return v;
}

function formToRules(v: Record<string, unknown>): Rule[] {
  const pick = <K extends string>(keys: readonly K[], prefix: string) =>
    Object.fromEntries(keys.map((k) => [k, v[`${prefix}${k}`]])) as Record<K, z.output<typeof verdict>>;
  return [
    { Kind: "vatStatus", Verdicts: pick(VAT_STATUSES, "Vat_") },
    {
      Kind: "companyAge",
      RefuseBelowMonths: v.AgeRefuseBelow as number,
      ReviewBelowMonths: v.AgeReviewBelow as number,
    },
    { Kind: "legalForm", Verdicts: pick(LEGAL_FORMS, "Form_") },
    {
      Kind: "amountForAge",
      Bands: Array.from({ length: BAND_COUNT }, (_, i) => ({
        BelowMonths: v[`Band${i + 1}Months`] as number,
        MaxFinancedNetto: v[`Band${i + 1}Max`] as number,
      })),
      Over: v.AmountOver as z.output<typeof verdict>,
    },
    { Kind: "downPayment", MinPercent: v.DownMin as number, Below: v.DownBelow as z.output<typeof verdict> },
    { Kind: "carAgeAtEnd", MaxYears: v.CarMaxYears as number, Over: v.CarOver as z.output<typeof verdict> },
    {
      Kind: "term",
      MinMonths: v.TermMin as number,
      MaxMonths: v.TermMax as number,
      Outside: v.TermOutside as z.output<typeof verdict>,
    },
  ];
}

/** The editor's schema: each field checked at its place, and the thresholds that must agree. */
export const ruleEditorSchema = z.object(shape).superRefine((values, ctx) => {
  const v = values as unknown as Record<string, number>;
  if (v.AgeRefuseBelow > v.AgeReviewBelow)
    ctx.addIssue({
      code: "custom",
      path: ["AgeRefuseBelow"],
      message: "Próg odmowy nie może być wyższy niż próg analizy",
    });
  if (v.TermMin > v.TermMax)
    ctx.addIssue({
      code: "custom",
      path: ["TermMin"],
      message: "Najkrótszy okres nie może być dłuższy niż najdłuższy",
    });
});

/** The rule set of the editor's valid values. */
export const editorRules = (v: z.output<typeof ruleEditorSchema>): Rule[] =>
  rulesSchema.parse(formToRules(v));
