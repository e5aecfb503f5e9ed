import { describe, expect, it } from "vitest";
import {
  ALERT_MESSAGES,
  type AlertCriteria,
  cleanPriceInput,
  emptyCriteria,
  hasAnyCriterion,
  initialWizard,
  progressOf,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from "./wizard";

const run = (actions: WizardAction[], start: WizardState = initialWizard()) =>
  actions.reduce(wizardReducer, start);

const companyCash: WizardAction[] = [
  { type: "buyerType", value: 1 },
  { type: "financing", value: 2 },
  { type: "price", field: "priceTo", value: "150000" },
];

describe("alert wizard: page 1", () => {
  it("blocks 'Dalej' with the spec's message until buyer type, financing and a bound are given", () => {
    expect(run([{ type: "next" }])).toMatchObject({ page: 1, dialog: ALERT_MESSAGES.page1Incomplete });
    expect(run([{ type: "buyerType", value: 1 }, { type: "next" }]).dialog).toBe(
      ALERT_MESSAGES.page1Incomplete,
    );
    expect(
      run([{ type: "buyerType", value: 1 }, { type: "financing", value: 2 }, { type: "next" }]).dialog,
    ).toBe(ALERT_MESSAGES.page1Incomplete);
    const ok = run([...companyCash, { type: "next" }]);
    expect(ok).toMatchObject({ page: 2, dialog: null });
  });

  it("a private person pays cash: financing 2 is chosen for them and instalments cannot be picked", () => {
    const s = run([{ type: "buyerType", value: 2 }]);
    expect(s.criteria.financing).toBe(2);
    expect(wizardReducer(s, { type: "financing", value: 1 }).criteria.financing).toBe(2);
  });

  it("choosing a buyer type clears the prices; changing financing clears them as well", () => {
    const s = run([...companyCash, { type: "price", field: "priceFrom", value: "50000" }]);
    expect(s.criteria.priceTo).toBe("150000");
    const switched = wizardReducer(s, { type: "buyerType", value: 2 });
    expect(switched.criteria).toMatchObject({ priceFrom: "", priceTo: "", financing: 2, buyerType: 2 });
    const inst = wizardReducer(s, { type: "financing", value: 1 });
    expect(inst.criteria).toMatchObject({ priceFrom: "", priceTo: "", financing: 1 });
  });

  it("instalment financing needs an instalment bound, not a cash one", () => {
    const s = run([
      { type: "buyerType", value: 1 },
      { type: "financing", value: 1 },
      { type: "price", field: "installmentFrom", value: "1500" },
      { type: "next" },
    ]);
    expect(s.page).toBe(2);
  });

  it("refuses a range whose 'from' is above its 'to'", () => {
    const s = run([...companyCash, { type: "price", field: "priceFrom", value: "200000" }, { type: "next" }]);
    expect(s).toMatchObject({ page: 1, dialog: ALERT_MESSAGES.rangeReversed });
  });

  it("price inputs keep digits only, at most 9 of them", () => {
    expect(cleanPriceInput("12 345 zł")).toBe("12345");
    expect(cleanPriceInput("1234567890123")).toBe("123456789");
    expect(cleanPriceInput("-5e3")).toBe("53");
    expect(cleanPriceInput("007")).toBe("7");
    expect(cleanPriceInput("")).toBe("");
  });
});

describe("alert wizard: pages 2 to 4, skip and back", () => {
  const atPage2 = () => run([...companyCash, { type: "next" }]);

  it("pages 2, 3 and 4 need a choice or a skip", () => {
    let s = wizardReducer(atPage2(), { type: "next" });
    expect(s).toMatchObject({ page: 2, dialog: ALERT_MESSAGES.stepEmpty });
    s = run(
      [{ type: "closeDialog" }, { type: "toggle", field: "bodyTypes", value: "suv" }, { type: "next" }],
      s,
    );
    expect(s.page).toBe(3);
    expect(wizardReducer(s, { type: "next" }).dialog).toBe(ALERT_MESSAGES.stepEmpty);
    // Page 3 is satisfied by a gearbox alone.
    s = run([{ type: "toggle", field: "gearboxTypes", value: "automatic" }, { type: "next" }], s);
    expect(s.page).toBe(4);
    expect(wizardReducer(s, { type: "next" }).dialog).toBe(ALERT_MESSAGES.stepEmpty);
    s = run([{ type: "toggle", field: "makes", value: "Audi" }, { type: "next" }], s);
    expect(s.page).toBe(5);
  });

  it("skip clears that step's selection and advances", () => {
    let s = run([{ type: "toggle", field: "bodyTypes", value: "suv" }, { type: "skip" }], atPage2());
    expect(s.page).toBe(3);
    expect(s.criteria.bodyTypes).toEqual([]);
    s = run(
      [
        { type: "toggle", field: "fuelTypes", value: "EL" },
        { type: "toggle", field: "gearboxTypes", value: "manual" },
        { type: "skip" },
      ],
      s,
    );
    expect(s.page).toBe(4);
    expect(s.criteria).toMatchObject({ fuelTypes: [], gearboxTypes: [] });
    s = run([{ type: "toggle", field: "makes", value: "BMW" }, { type: "skip" }], s);
    expect(s).toMatchObject({ page: 5, criteria: { makes: [] } });
  });

  it("page 1 and the summary cannot be skipped", () => {
    expect(run([{ type: "skip" }]).page).toBe(1);
  });

  it("back goes one page and keeps the choices", () => {
    let s = run([{ type: "toggle", field: "bodyTypes", value: "kombi" }, { type: "next" }], atPage2());
    s = wizardReducer(s, { type: "back" });
    expect(s.page).toBe(2);
    expect(s.criteria.bodyTypes).toEqual(["kombi"]);
    s = wizardReducer(s, { type: "back" });
    expect(s.page).toBe(1);
    expect(wizardReducer(s, { type: "back" }).page).toBe(1);
  });

  it("toggling twice removes the choice", () => {
    const s = run([
      { type: "toggle", field: "makes", value: "Audi" },
      { type: "toggle", field: "makes", value: "BMW" },
      { type: "toggle", field: "makes", value: "Audi" },
    ]);
    expect(s.criteria.makes).toEqual(["BMW"]);
  });
});

describe("alert wizard: summary edits and success", () => {
  const atSummary = () =>
    run([...companyCash, { type: "next" }, { type: "skip" }, { type: "skip" }, { type: "skip" }]);

  it("an edit icon opens that page and 'Dalej' returns to the summary", () => {
    let s = wizardReducer(atSummary(), { type: "edit", page: 3 });
    expect(s).toMatchObject({ page: 3, editingFromSummary: true });
    s = run([{ type: "toggle", field: "fuelTypes", value: "EL" }, { type: "next" }], s);
    expect(s).toMatchObject({ page: 5, editingFromSummary: false });
    expect(s.criteria.fuelTypes).toEqual(["EL"]);
  });

  it("skip while editing from the summary also returns to the summary", () => {
    const s = run([{ type: "edit", page: 4 }, { type: "skip" }], atSummary());
    expect(s.page).toBe(5);
  });

  it("an edit of page 1 still validates it", () => {
    const s = run(
      [{ type: "edit", page: 1 }, { type: "buyerType", value: 2 }, { type: "next" }],
      atSummary(),
    );
    expect(s).toMatchObject({ page: 1, dialog: ALERT_MESSAGES.page1Incomplete });
  });

  it("progress grows by 25 per page", () => {
    expect([1, 2, 3, 4, 5, 6].map((p) => progressOf(p as 1))).toEqual([0, 25, 50, 75, 100, 100]);
    const s = wizardReducer(atSummary(), { type: "submitted" });
    expect(s.page).toBe(6);
    expect(wizardReducer(s, { type: "back" }).page).toBe(6);
  });

  it("knows when there is nothing to search by", () => {
    const c: AlertCriteria = { ...emptyCriteria(), buyerType: 1, financing: 2 };
    expect(hasAnyCriterion(c)).toBe(false);
    expect(hasAnyCriterion({ ...c, priceFrom: "1" })).toBe(true);
    expect(hasAnyCriterion({ ...c, makes: ["Audi"] })).toBe(true);
    // Bounds of the other way of paying do not count.
    expect(hasAnyCriterion({ ...c, installmentTo: "2000" })).toBe(false);
  });
});
