import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legalFormFromRegister, vatStatusFromRegister } from "./company";
import {
  type ApplicationFacts,
  applicantReasons,
  carAgeAtEnd,
  compareOutcomes,
  DEFAULT_RULES,
  decide,
  describeShift,
  describeShifts,
  financedNetto,
  LEGAL_FORMS,
  type Rule,
  rulesSchema,
  VAT_STATUSES,
  type Verdict,
  wholeMonthsBetween,
} from "./rules";

const TODAY = "2026-11-28";

/** A company every default rule accepts: active VAT payer for 5 years, sp. z o.o., a 2025 car on 48 months. */
const good: ApplicationFacts = {
  VatStatus: "active",
  RegisteredOn: "2021-03-01",
  LegalForm: "spzoo",
  PriceNetto: 120_000,
  DownPaymentPercent: 10,
  CarYear: 2025,
  TermMonths: 48,
};

const withRule = (patch: Rule): Rule[] => DEFAULT_RULES.map((r) => (r.Kind === patch.Kind ? patch : r));

describe("preliminary decision", () => {
  it("accepts a company every rule accepts, with the applicant's title", () => {
    const d = decide(DEFAULT_RULES, good, TODAY);
    expect(d.Outcome).toBe("accept");
    expect(d.Title).toBe("Wstępna decyzja pozytywna");
    expect(applicantReasons(d)).toEqual([]);
    expect(d.Results).toHaveLength(7);
  });

  it("sends a company 3 months old to an analyst with the plain reason", () => {
    const d = decide(DEFAULT_RULES, { ...good, RegisteredOn: "2026-08-20" }, TODAY);
    expect(d.Outcome).toBe("review");
    expect(d.Title).toBe("Wniosek do analizy");
    expect(applicantReasons(d).map((r) => r.Reason)).toEqual([
      "Firma działa krócej niż 6 miesięcy: wniosek przekażemy analitykowi",
    ]);
  });

  it("refuses a company removed from the VAT register and says what would change it", () => {
    const d = decide(DEFAULT_RULES, { ...good, VatStatus: "removed" }, TODAY);
    expect(d.Outcome).toBe("refuse");
    expect(d.Title).toBe("Nie możemy teraz zaproponować finansowania");
    const [r] = applicantReasons(d);
    expect(r.Reason).toBe("Firma została wykreślona z rejestru VAT");
    expect(r.Change).toBe("Finansujemy firmy, które są czynnymi podatnikami VAT");
  });

  it("takes each VAT status's verdict from the rule", () => {
    const outcomes = VAT_STATUSES.map((s) => decide(DEFAULT_RULES, { ...good, VatStatus: s }, TODAY).Outcome);
    expect(outcomes).toEqual(["accept", "review", "refuse", "refuse", "review"]);
  });

  it("refuses a car too old at the contract's end and names the longest term that would do", () => {
    // A 2018 car on 60 months from November 2026 ends in 2031: 13 years; the limit is 10, so the
    // contract must end by December 2028: 25 months.
    const d = decide(DEFAULT_RULES, { ...good, CarYear: 2018, TermMonths: 60 }, TODAY);
    expect(d.Outcome).toBe("refuse");
    const r = applicantReasons(d)[0];
    expect(r.Reason).toBe("Samochód będzie miał 13 lat na koniec umowy, a finansujemy samochody do 10 lat");
    expect(r.Change).toBe("Krótszy okres umowy (do 25 miesięcy) albo młodszy samochód");
    // …and that term is accepted by the car rule (the term rule may still want 24 months).
    const carRule = (term: number) =>
      decide(DEFAULT_RULES, { ...good, CarYear: 2018, TermMonths: term }, TODAY).Results.find(
        (x) => x.Kind === "carAgeAtEnd",
      )?.Verdict;
    expect([carRule(25), carRule(26)]).toEqual(["accept", "refuse"]);
  });

  it("sends an amount above the band of a young company to an analyst", () => {
    const d = decide(DEFAULT_RULES, { ...good, RegisteredOn: "2025-12-01", PriceNetto: 200_000 }, TODAY);
    expect(d.Outcome).toBe("review");
    expect(applicantReasons(d)[0].Reason).toBe(
      "Kwota finansowania 180\u00a0000\u00a0zł netto przekracza 150\u00a0000\u00a0zł netto dla firmy działającej krócej niż 12 miesięcy: wniosek przekażemy analitykowi",
    );
  });

  it("refuses a term outside the range, refusals listed before reviews", () => {
    const d = decide(DEFAULT_RULES, { ...good, TermMonths: 84, LegalForm: "other" }, TODAY);
    expect(d.Outcome).toBe("refuse");
    expect(applicantReasons(d).map((r) => r.Verdict)).toEqual(["refuse", "review"]);
    expect(applicantReasons(d)[0].Change).toBe("Okres umowy od 24 do 72 miesięcy");
  });

  it("reads the rule's parameters: a higher down payment minimum and a stricter company age", () => {
    const rules = withRule({ Kind: "downPayment", MinPercent: 20, Below: "refuse" });
    expect(applicantReasons(decide(rules, good, TODAY))[0].Reason).toBe(
      "Wpłata własna 10% jest niższa niż 20%",
    );
    const strict = withRule({ Kind: "companyAge", RefuseBelowMonths: 3, ReviewBelowMonths: 12 });
    expect(decide(strict, { ...good, RegisteredOn: "2026-10-01" }, TODAY).Outcome).toBe("refuse");
    expect(decide(strict, { ...good, RegisteredOn: "2026-06-01" }, TODAY).Outcome).toBe("review");
  });

  it("sends an application without a registration date to an analyst", () => {
    expect(decide(DEFAULT_RULES, { ...good, RegisteredOn: null }, TODAY).Outcome).toBe("review");
  });

  const facts = fc.record<ApplicationFacts>({
    VatStatus: fc.constantFrom(...VAT_STATUSES),
    RegisteredOn: fc.option(
      fc
        .date({ min: new Date("1990-01-01"), max: new Date("2026-11-28"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      { nil: null },
    ),
    LegalForm: fc.constantFrom(...LEGAL_FORMS),
    PriceNetto: fc.integer({ min: 10_000, max: 3_000_000 }),
    DownPaymentPercent: fc.integer({ min: 0, max: 45 }),
    CarYear: fc.integer({ min: 2000, max: 2027 }),
    TermMonths: fc.integer({ min: 12, max: 96 }),
  });

  it("the outcome is the worst rule's verdict, and only non-accepting rules have a change", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const d = decide(DEFAULT_RULES, f, TODAY);
        const sev = { accept: 0, review: 1, refuse: 2 };
        expect(sev[d.Outcome]).toBe(Math.max(...d.Results.map((r) => sev[r.Verdict])));
        for (const r of d.Results) expect(r.Change === null).toBe(r.Verdict === "accept");
        for (const r of d.Results.filter((x) => x.Verdict === "review"))
          expect(r.Reason).toMatch(/: wniosek przekażemy analitykowi$/);
      }),
    );
  });

  it("a larger down payment never makes the decision worse", () => {
    fc.assert(
      fc.property(facts, fc.integer({ min: 0, max: 45 }), (f, extra) => {
        const sev = { accept: 0, review: 1, refuse: 2 };
        const more = { ...f, DownPaymentPercent: Math.min(100, f.DownPaymentPercent + extra) };
        expect(sev[decide(DEFAULT_RULES, more, TODAY).Outcome]).toBeLessThanOrEqual(
          sev[decide(DEFAULT_RULES, f, TODAY).Outcome],
        );
      }),
    );
  });
});

describe("rule arithmetic", () => {
  it("counts whole months since registration", () => {
    expect(wholeMonthsBetween("2026-08-28", TODAY)).toBe(3);
    expect(wholeMonthsBetween("2026-08-29", TODAY)).toBe(2);
    expect(wholeMonthsBetween("2026-01-31", "2026-02-28")).toBe(0);
    expect(wholeMonthsBetween("2027-01-01", TODAY)).toBe(0);
  });

  it("finances the price less the down payment; ages the car to the contract's end year", () => {
    expect(financedNetto({ PriceNetto: 129_900, DownPaymentPercent: 15 })).toBe(110_415);
    expect(carAgeAtEnd({ CarYear: 2020, TermMonths: 36 }, TODAY)).toBe(9);
    expect(carAgeAtEnd({ CarYear: 2020, TermMonths: 1 }, TODAY)).toBe(6);
    expect(carAgeAtEnd({ CarYear: 2020, TermMonths: 2 }, TODAY)).toBe(7);
    expect(carAgeAtEnd({ CarYear: 2020, TermMonths: 12 }, "2026-01-15")).toBe(7);
  });
});

describe("rule sets", () => {
  it("the default set is valid; a set missing a rule or with crossed thresholds is refused", () => {
    expect(rulesSchema.safeParse(DEFAULT_RULES).success).toBe(true);
    const missing = rulesSchema.safeParse(DEFAULT_RULES.filter((r) => r.Kind !== "term"));
    expect(missing.error?.issues[0].message).toBe("Reguła „Okres umowy” musi wystąpić raz");
    const crossed = rulesSchema.safeParse(
      withRule({ Kind: "companyAge", RefuseBelowMonths: 12, ReviewBelowMonths: 6 }),
    );
    expect(crossed.error?.issues[0].message).toBe("Próg odmowy nie może być wyższy niż próg analizy");
  });
});

describe("dry run of a rule change", () => {
  const pairs = (n: number, before: Verdict, after: Verdict) =>
    Array.from({ length: n }, () => ({ before, after }));

  it("counts the shifts and says them in Polish with the right plural", () => {
    const shifts = compareOutcomes([
      ...pairs(12, "refuse", "review"),
      ...pairs(1, "review", "accept"),
      ...pairs(5, "accept", "accept"),
    ]);
    expect(shifts).toEqual([
      { From: "refuse", To: "review", Count: 12 },
      { From: "review", To: "accept", Count: 1 },
    ]);
    expect(describeShift(shifts[0])).toBe("ta zmiana zamieniłaby 12 odmów na wnioski do analizy");
    expect(describeShift(shifts[1])).toBe("ta zmiana zamieniłaby 1 wniosek do analizy na decyzję pozytywną");
    expect(describeShift({ From: "accept", To: "refuse", Count: 3 })).toBe(
      "ta zmiana zamieniłaby 3 decyzje pozytywne na odmowy",
    );
    expect(describeShift({ From: "accept", To: "review", Count: 22 })).toBe(
      "ta zmiana zamieniłaby 22 decyzje pozytywne na wnioski do analizy",
    );
    expect(describeShifts([], 7)).toEqual([
      "Ta zmiana nie zmieniłaby żadnej decyzji (sprawdzono 7 wniosków)",
    ]);
  });

  it("replaying past applications through a looser company-age rule turns refusals into reviews", () => {
    const strict = withRule({ Kind: "companyAge", RefuseBelowMonths: 6, ReviewBelowMonths: 6 });
    const young = Array.from({ length: 4 }, (_, i) => ({ ...good, RegisteredOn: `2026-0${6 + i}-15` }));
    const replay = young.map((f) => ({
      before: decide(strict, f, TODAY).Outcome,
      after: decide(DEFAULT_RULES, f, TODAY).Outcome,
    }));
    expect(describeShifts(compareOutcomes(replay), replay.length)).toEqual([
      "Ta zmiana zamieniłaby 4 odmowy na wnioski do analizy",
    ]);
  });
});

describe("company facts from the VAT register", () => {
  it("reads the VAT status, a removal included", () => {
    expect(vatStatusFromRegister("Czynny")).toBe("active");
    expect(vatStatusFromRegister("Zwolniony")).toBe("exempt");
    expect(vatStatusFromRegister("Niezarejestrowany", "2024-05-01")).toBe("removed");
    expect(vatStatusFromRegister(null)).toBe("unknown");
  });

  it("reads the legal form from the name and numbers", () => {
    expect(legalFormFromRegister({ name: "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ" })).toBe(
      "spzoo",
    );
    expect(legalFormFromRegister({ name: "ABC SP. Z O.O." })).toBe("spzoo");
    expect(legalFormFromRegister({ name: "KOWALSCY SPÓŁKA JAWNA" })).toBe("spj");
    expect(legalFormFromRegister({ name: "FUNDACJA DOBRA" })).toBe("other");
    expect(legalFormFromRegister({ name: "JAN KOWALSKI USŁUGI", pesel: "80010112345" })).toBe("jdg");
    expect(legalFormFromRegister({ name: "MINISTERSTWO FINANSÓW" })).toBeNull();
  });
});
