import { z } from "zod";
import { formatNumber, formatPercent, formatPrice, NOUNS, pluralPl } from "../format";

/**
 * The preliminary decision on an online leasing application: a versioned set of rules, each a piece
 * of data staff edit in the panel, applied to the facts of one application. Every rule answers
 * accept, review (an analyst looks at it) or refuse, with a reason the applicant reads; the worst
 * answer is the outcome. Pure code: the server decides with it, the panel's dry run replays past
 * applications through a changed set, and the tests cover it without a database.
 */

export const VERDICTS = ["accept", "review", "refuse"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The outcome as the applicant reads it. */
export const OUTCOME_TITLES: Record<Verdict, string> = {
  accept: "Wstępna decyzja pozytywna",
  review: "Wniosek do analizy",
  refuse: "Nie możemy teraz zaproponować finansowania",
};

/** A verdict as staff read it in the rules editor and the application's page. */
export const VERDICT_NAMES: Record<Verdict, string> = {
  accept: "akceptuj",
  review: "do analizy",
  refuse: "odmów",
};

/** The company's VAT status: from the register, or unknown when the person typed the data in. */
export const VAT_STATUSES = ["active", "exempt", "removed", "missing", "unknown"] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

export const VAT_STATUS_NAMES: Record<VatStatus, string> = {
  active: "czynny podatnik VAT",
  exempt: "zwolniony z VAT",
  removed: "wykreślony z rejestru VAT",
  missing: "brak w rejestrze VAT",
  unknown: "nie sprawdzono w rejestrze VAT",
};

export const LEGAL_FORMS = ["jdg", "sc", "spj", "spk", "spzoo", "sa", "other"] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];
export const LEGAL_FORM_NAMES: Record<LegalForm, string> = {
  jdg: "jednoosobowa działalność gospodarcza",
  sc: "spółka cywilna",
  spj: "spółka jawna",
  spk: "spółka komandytowa",
  spzoo: "spółka z o.o.",
  sa: "spółka akcyjna",
  other: "inna forma prawna",
};

const verdict = z.enum(VERDICTS);
const months = z.number().int().min(0).max(600);

/** Each kind of rule with its parameters; a set has each kind once, in this order. */
export const ruleSchema = z.discriminatedUnion("Kind", [
  z.object({
    Kind: z.literal("vatStatus"),
    Verdicts: z.object({
      active: verdict,
      exempt: verdict,
      removed: verdict,
      missing: verdict,
      unknown: verdict,
    }),
  }),
  z.object({
    Kind: z.literal("companyAge"),
    /** A company registered fewer than this many months ago is refused… */
    RefuseBelowMonths: months,
    /** …and one younger than this goes to an analyst. */
    ReviewBelowMonths: months,
  }),
  z.object({
    Kind: z.literal("legalForm"),
    Verdicts: z.object({
      jdg: verdict,
      sc: verdict,
      spj: verdict,
      spk: verdict,
      spzoo: verdict,
      sa: verdict,
      other: verdict,
    }),
  }),
  z.object({
    Kind: z.literal("amountForAge"),
    /** The largest financed amount (netto) for a company younger than the months of its band. */
    Bands: z
      .array(z.object({ BelowMonths: months, MaxFinancedNetto: z.number().int().min(0).max(100_000_000) }))
      .max(10),
    Over: verdict,
  }),
  z.object({
    Kind: z.literal("downPayment"),
    MinPercent: z.number().min(0).max(100),
    Below: verdict,
  }),
  z.object({
    Kind: z.literal("carAgeAtEnd"),
    MaxYears: z.number().int().min(0).max(50),
    Over: verdict,
  }),
  z.object({
    Kind: z.literal("term"),
    MinMonths: months,
    MaxMonths: months,
    Outside: verdict,
  }),
]);
export type Rule = z.output<typeof ruleSchema>;
export type RuleKind = Rule["Kind"];

export const RULE_KINDS = [
  "vatStatus",
  "companyAge",
  "legalForm",
  "amountForAge",
  "downPayment",
  "carAgeAtEnd",
  "term",
] as const satisfies readonly RuleKind[];

export const RULE_NAMES: Record<RuleKind, string> = {
  vatStatus: "Status VAT",
  companyAge: "Miesiące od rejestracji firmy",
  legalForm: "Forma prawna",
  amountForAge: "Kwota finansowania a wiek firmy",
  downPayment: "Wpłata własna",
  carAgeAtEnd: "Wiek samochodu na koniec umowy",
  term: "Okres umowy",
};

/** The rules of a set: every kind exactly once, thresholds that make sense together. */
export const rulesSchema = z.array(ruleSchema).superRefine((rules, ctx) => {
  for (const kind of RULE_KINDS) {
    const n = rules.filter((r) => r.Kind === kind).length;
    if (n !== 1) ctx.addIssue({ code: "custom", message: `Reguła „${RULE_NAMES[kind]}” musi wystąpić raz` });
  }
  for (const [i, r] of rules.entries()) {
    if (r.Kind === "companyAge" && r.RefuseBelowMonths > r.ReviewBelowMonths)
      ctx.addIssue({
        code: "custom",
        path: [i, "RefuseBelowMonths"],
        message: "Próg odmowy nie może być wyższy niż próg analizy",
      });
    if (r.Kind === "term" && r.MinMonths > r.MaxMonths)
      ctx.addIssue({
        code: "custom",
        path: [i, "MinMonths"],
        message: "Najkrótszy okres nie może być dłuższy niż najdłuższy",
      });
  }
});

/** What the rules read about one application. */
export interface ApplicationFacts {
  VatStatus: VatStatus;
  /** The date of the company's VAT registration (or of starting the business, typed in), YYYY-MM-DD. */
  RegisteredOn: string | null;
  LegalForm: LegalForm;
  PriceNetto: number;
  DownPaymentPercent: number;
  /** Production year of the car. */
  CarYear: number;
  TermMonths: number;
}

export interface RuleResult {
  Kind: RuleKind;
  Verdict: Verdict;
  /** Why, in plain Polish (for accept too: the panel shows every rule). */
  Reason: string;
  /** For review and refuse: what would change the answer. */
  Change: string | null;
}

export interface Decision {
  Outcome: Verdict;
  Title: string;
  Results: RuleResult[];
}

const SEVERITY: Record<Verdict, number> = { accept: 0, review: 1, refuse: 2 };
export const worse = (a: Verdict, b: Verdict): Verdict => (SEVERITY[b] > SEVERITY[a] ? b : a);

/** Whole months from `from` to `to` (both YYYY-MM-DD): 2026-01-31 → 2026-02-28 is 0 months. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [y1, m1, d1] = from.split("-").map(Number);
  const [y2, m2, d2] = to.split("-").map(Number);
  const m = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return Math.max(0, m);
}

/** The financed amount: the net price less the down payment, in whole złoty. */
export const financedNetto = (f: Pick<ApplicationFacts, "PriceNetto" | "DownPaymentPercent">): number =>
  Math.round(f.PriceNetto - (f.PriceNetto * f.DownPaymentPercent) / 100);

/** The car's age in years in the year the contract ends (the year of `today` plus the term). */
export function carAgeAtEnd(f: Pick<ApplicationFacts, "CarYear" | "TermMonths">, today: string): number {
  const [y, m] = today.split("-").map(Number);
  const endYear = y + Math.floor((m - 1 + f.TermMonths) / 12);
  return endYear - f.CarYear;
}

const monthsText = (n: number) => `${formatNumber(n)} ${pluralPl(n, NOUNS.month)}`;
/** After "do" and "od" Polish takes the genitive: "do 1 miesiąca", "do 22 miesięcy". */
const monthsGenitive = (n: number) => `${formatNumber(n)} ${n === 1 ? "miesiąca" : "miesięcy"}`;
const yearsGenitive = (n: number) => `${formatNumber(n)} ${n === 1 ? "roku" : "lat"}`;
const AFTER_REVIEW = ": wniosek przekażemy analitykowi";

function result(kind: RuleKind, v: Verdict, reason: string, change: string | null): RuleResult {
  const why = v === "review" ? `${reason}${AFTER_REVIEW}` : reason;
  return { Kind: kind, Verdict: v, Reason: why, Change: v === "accept" ? null : change };
}

function vatStatusRule(r: Extract<Rule, { Kind: "vatStatus" }>, f: ApplicationFacts): RuleResult {
  const v = r.Verdicts[f.VatStatus];
  const reasons: Record<VatStatus, string> = {
    active: "Firma jest czynnym podatnikiem VAT",
    exempt: "Firma jest zwolniona z VAT",
    removed: "Firma została wykreślona z rejestru VAT",
    missing: "Nie znaleźliśmy firmy o tym numerze NIP w rejestrze VAT",
    unknown: "Nie udało się sprawdzić firmy w rejestrze VAT",
  };
  return result("vatStatus", v, reasons[f.VatStatus], "Finansujemy firmy, które są czynnymi podatnikami VAT");
}

function companyAgeRule(r: Extract<Rule, { Kind: "companyAge" }>, f: ApplicationFacts, today: string) {
  if (!f.RegisteredOn)
    return result(
      "companyAge",
      "review",
      "Nie znamy daty rejestracji firmy",
      "Podaj datę rozpoczęcia działalności",
    );
  const age = wholeMonthsBetween(f.RegisteredOn, today);
  if (age < r.RefuseBelowMonths)
    return result(
      "companyAge",
      "refuse",
      `Firma działa krócej niż ${monthsText(r.RefuseBelowMonths)}`,
      `Złóż wniosek, gdy firma będzie działać co najmniej ${monthsText(r.RefuseBelowMonths)}`,
    );
  if (age < r.ReviewBelowMonths)
    return result(
      "companyAge",
      "review",
      `Firma działa krócej niż ${monthsText(r.ReviewBelowMonths)}`,
      `Gdy firma będzie działać co najmniej ${monthsText(r.ReviewBelowMonths)}, wstępna decyzja zapadnie od razu`,
    );
  return result("companyAge", "accept", `Firma działa od ${monthsGenitive(age)}`, null);
}

function legalFormRule(r: Extract<Rule, { Kind: "legalForm" }>, f: ApplicationFacts): RuleResult {
  const v = r.Verdicts[f.LegalForm];
  const name = LEGAL_FORM_NAMES[f.LegalForm];
  return result(
    "legalForm",
    v,
    v === "accept" ? `Forma prawna: ${name}` : `Forma prawna (${name}) wymaga oceny`,
    "Wniosek może złożyć firma w innej formie prawnej, np. spółka z o.o. lub działalność gospodarcza",
  );
}

function amountForAgeRule(r: Extract<Rule, { Kind: "amountForAge" }>, f: ApplicationFacts, today: string) {
  const financed = financedNetto(f);
  const age = f.RegisteredOn ? wholeMonthsBetween(f.RegisteredOn, today) : 0;
  const band = [...r.Bands].sort((a, b) => a.BelowMonths - b.BelowMonths).find((b) => age < b.BelowMonths);
  if (!band || financed <= band.MaxFinancedNetto)
    return result("amountForAge", "accept", `Kwota finansowania: ${formatPrice(financed)} netto`, null);
  return result(
    "amountForAge",
    r.Over,
    `Kwota finansowania ${formatPrice(financed)} netto przekracza ${formatPrice(band.MaxFinancedNetto)} netto dla firmy działającej krócej niż ${monthsText(band.BelowMonths)}`,
    `Kwota finansowania do ${formatPrice(band.MaxFinancedNetto)} netto, np. przy wyższej wpłacie własnej`,
  );
}

function downPaymentRule(r: Extract<Rule, { Kind: "downPayment" }>, f: ApplicationFacts): RuleResult {
  if (f.DownPaymentPercent >= r.MinPercent)
    return result("downPayment", "accept", `Wpłata własna: ${formatPercent(f.DownPaymentPercent)}`, null);
  return result(
    "downPayment",
    r.Below,
    `Wpłata własna ${formatPercent(f.DownPaymentPercent)} jest niższa niż ${formatPercent(r.MinPercent)}`,
    `Wpłata własna co najmniej ${formatPercent(r.MinPercent)}`,
  );
}

function carAgeRule(r: Extract<Rule, { Kind: "carAgeAtEnd" }>, f: ApplicationFacts, today: string) {
  const age = carAgeAtEnd(f, today);
  const years = (n: number) => `${formatNumber(n)} ${pluralPl(n, ["rok", "lata", "lat"])}`;
  if (age <= r.MaxYears)
    return result("carAgeAtEnd", "accept", `Samochód będzie miał ${years(age)} na koniec umowy`, null);
  // The longest term that keeps the car within the limit, when a shorter contract would do.
  const [y, m] = today.split("-").map(Number);
  const lastEndYear = f.CarYear + r.MaxYears;
  const maxTerm = (lastEndYear - y) * 12 + (12 - m);
  return result(
    "carAgeAtEnd",
    r.Over,
    `Samochód będzie miał ${years(age)} na koniec umowy, a finansujemy samochody do ${yearsGenitive(r.MaxYears)}`,
    maxTerm >= 12
      ? `Krótszy okres umowy (do ${monthsGenitive(maxTerm)}) albo młodszy samochód`
      : "Młodszy samochód",
  );
}

function termRule(r: Extract<Rule, { Kind: "term" }>, f: ApplicationFacts): RuleResult {
  const range = `${formatNumber(r.MinMonths)}–${formatNumber(r.MaxMonths)} mies.`;
  const between = `od ${formatNumber(r.MinMonths)} do ${monthsGenitive(r.MaxMonths)}`;
  if (f.TermMonths >= r.MinMonths && f.TermMonths <= r.MaxMonths)
    return result("term", "accept", `Okres umowy: ${monthsText(f.TermMonths)}`, null);
  return result(
    "term",
    r.Outside,
    `Okres umowy ${monthsText(f.TermMonths)} jest poza zakresem ${range}`,
    `Okres umowy ${between}`,
  );
}

function applyRule(rule: Rule, f: ApplicationFacts, today: string): RuleResult {
  switch (rule.Kind) {
    case "vatStatus":
      return vatStatusRule(rule, f);
    case "companyAge":
      return companyAgeRule(rule, f, today);
    case "legalForm":
      return legalFormRule(rule, f);
    case "amountForAge":
      return amountForAgeRule(rule, f, today);
    case "downPayment":
      return downPaymentRule(rule, f);
    case "carAgeAtEnd":
      return carAgeRule(rule, f, today);
    case "term":
      return termRule(rule, f);
  }
}

/** The preliminary decision: every rule applied on `today` (YYYY-MM-DD, Polish date); the worst answer wins. */
export function decide(rules: readonly Rule[], facts: ApplicationFacts, today: string): Decision {
  const results = rules.map((r) => applyRule(r, facts, today));
  const outcome = results.reduce<Verdict>((acc, r) => worse(acc, r.Verdict), "accept");
  return { Outcome: outcome, Title: OUTCOME_TITLES[outcome], Results: results };
}

/** The reasons the applicant reads: the rules that did not accept, refusals first. */
export function applicantReasons(d: Decision): RuleResult[] {
  return d.Results.filter((r) => r.Verdict !== "accept").sort(
    (a, b) => SEVERITY[b.Verdict] - SEVERITY[a.Verdict],
  );
}

/** The rule set a fresh database starts with (also written by the migration that made the table). */
export const DEFAULT_RULES: Rule[] = [
  {
    Kind: "vatStatus",
    Verdicts: { active: "accept", exempt: "review", removed: "refuse", missing: "refuse", unknown: "review" },
  },
  { Kind: "companyAge", RefuseBelowMonths: 0, ReviewBelowMonths: 6 },
  {
    Kind: "legalForm",
    Verdicts: {
      jdg: "accept",
      sc: "accept",
      spj: "accept",
      spk: "accept",
      spzoo: "accept",
      sa: "accept",
      other: "review",
    },
  },
  {
    Kind: "amountForAge",
    Bands: [
      { BelowMonths: 12, MaxFinancedNetto: 150_000 },
      { BelowMonths: 24, MaxFinancedNetto: 300_000 },
      { BelowMonths: 600, MaxFinancedNetto: 1_000_000 },
    ],
    Over: "review",
  },
  { Kind: "downPayment", MinPercent: 0, Below: "review" },
  { Kind: "carAgeAtEnd", MaxYears: 10, Over: "refuse" },
  { Kind: "term", MinMonths: 24, MaxMonths: 72, Outside: "refuse" },
];

/** Past applications replayed through a changed rule set: how many moved from which outcome to which. */
export type OutcomeShift = { From: Verdict; To: Verdict; Count: number };

export function compareOutcomes(pairs: readonly { before: Verdict; after: Verdict }[]): OutcomeShift[] {
  const counts = new Map<string, OutcomeShift>();
  for (const { before, after } of pairs) {
    if (before === after) continue;
    const key = `${before}>${after}`;
    const s = counts.get(key) ?? { From: before, To: after, Count: 0 };
    s.Count++;
    counts.set(key, s);
  }
  return [...counts.values()].sort(
    (a, b) => b.Count - a.Count || a.From.localeCompare(b.From) || a.To.localeCompare(b.To),
  );
}

// The outcomes as nouns in the accusative, counted ("12 odmów") and as the target ("na odmowy").
const COUNTED: Record<Verdict, readonly [string, string, string]> = {
  accept: ["decyzję pozytywną", "decyzje pozytywne", "decyzji pozytywnych"],
  review: ["wniosek do analizy", "wnioski do analizy", "wniosków do analizy"],
  refuse: ["odmowę", "odmowy", "odmów"],
};
const TARGET: Record<Verdict, readonly [string, string]> = {
  accept: ["decyzję pozytywną", "decyzje pozytywne"],
  review: ["wniosek do analizy", "wnioski do analizy"],
  refuse: ["odmowę", "odmowy"],
};

/** "ta zmiana zamieniłaby 12 odmów na wnioski do analizy" */
export function describeShift(s: OutcomeShift): string {
  const target = TARGET[s.To][s.Count === 1 ? 0 : 1];
  return `ta zmiana zamieniłaby ${formatNumber(s.Count)} ${pluralPl(s.Count, COUNTED[s.From])} na ${target}`;
}

/** The dry run's summary in one sentence per shift, or that nothing would change. */
export function describeShifts(shifts: readonly OutcomeShift[], replayed: number): string[] {
  if (shifts.length === 0)
    return [
      `Ta zmiana nie zmieniłaby żadnej decyzji (sprawdzono ${formatNumber(replayed)} ${pluralPl(replayed, ["wniosek", "wnioski", "wniosków"])})`,
    ];
  return shifts.map((s) => {
    const t = describeShift(s);
    return t.charAt(0).toUpperCase() + t.slice(1);
  });
}
