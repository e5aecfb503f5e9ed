/**
 * The car-alert wizard of /alert (spec sections 4 and 5) as a pure state machine: the screen
 * dispatches actions, this module decides the page, what a step clears and which message blocks a
 * step. Pages: 1 buyer type and financing with price bounds, 2 body types, 3 fuel and gearbox,
 * 4 makes, 5 e-mail, consents, robot check and the summary, 6 success.
 */

export type BuyerType = 0 | 1 | 2;
export const BuyerType = { unset: 0, company: 1, private: 2 } as const;
export type Financing = 0 | 1 | 2;
export const Financing = { unset: 0, installment: 1, cash: 2 } as const;
export type WizardPage = 1 | 2 | 3 | 4 | 5 | 6;

export const ALERT_MESSAGES = {
  page1Incomplete: "nie wypełniono wszystkich pól",
  stepEmpty: "nie wypełniono pól, jeżeli nie chcesz zaznaczać preferencji możesz pominąć ten krok",
  noCriteria: "Musisz zdefiniować przynajmniej jedno kryterium wyszukiwania pojazdu",
  badEmail: "Błędny adres mail",
  consentRequired: "Zgoda wymagana",
  captcha: "Potwierdź, że nie jesteś robotem",
  /** Ours: the spec does not say what happens when "from" is above "to". */
  rangeReversed: "Kwota „od” nie może być wyższa niż kwota „do”",
} as const;

/** Spec section 9: price inputs take at most 9 characters (digits only). */
export const PRICE_MAX_LENGTH = 9;
/** Spec section 9: the progress bar grows by 25 per step. */
export const PROGRESS_STEP = 25;

export interface AlertCriteria {
  buyerType: BuyerType;
  financing: Financing;
  /** Bounds as typed: digits only, "" when empty. Cash prices for financing 2, instalments for 1. */
  priceFrom: string;
  priceTo: string;
  installmentFrom: string;
  installmentTo: string;
  bodyTypes: string[];
  fuelTypes: string[];
  gearboxTypes: string[];
  makes: string[];
}

export interface WizardState {
  page: WizardPage;
  criteria: AlertCriteria;
  /** Set when a page was opened from the summary's edit icon: "Dalej" then returns to the summary. */
  editingFromSummary: boolean;
  /** The blocking message shown in the dialog, or null. */
  dialog: string | null;
}

export const emptyCriteria = (): AlertCriteria => ({
  buyerType: 0,
  financing: 0,
  priceFrom: "",
  priceTo: "",
  installmentFrom: "",
  installmentTo: "",
  bodyTypes: [],
  fuelTypes: [],
  gearboxTypes: [],
  makes: [],
});

export function initialWizard(criteria: AlertCriteria = emptyCriteria()): WizardState {
  return { page: 1, criteria, editingFromSummary: false, dialog: null };
}

export type ListField = "bodyTypes" | "fuelTypes" | "gearboxTypes" | "makes";
export type PriceField = "priceFrom" | "priceTo" | "installmentFrom" | "installmentTo";

export type WizardAction =
  | { type: "buyerType"; value: 1 | 2 }
  | { type: "financing"; value: 1 | 2 }
  | { type: "price"; field: PriceField; value: string }
  | { type: "toggle"; field: ListField; value: string }
  | { type: "next" }
  | { type: "back" }
  | { type: "skip" }
  | { type: "edit"; page: 1 | 2 | 3 | 4 }
  | { type: "submitted" }
  | { type: "showMessage"; message: string }
  | { type: "closeDialog" };

/** Keeps digits only and at most PRICE_MAX_LENGTH of them, as the numeric input does. */
export function cleanPriceInput(value: string): string {
  return value
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, PRICE_MAX_LENGTH);
}

const amount = (s: string): number => (s === "" ? 0 : Number(s));

/** The bounds that count for the chosen financing: instalments for 1, cash prices otherwise. */
export function activeBounds(c: AlertCriteria): { from: number; to: number; kind: "installment" | "cash" } {
  return c.financing === Financing.installment
    ? { from: amount(c.installmentFrom), to: amount(c.installmentTo), kind: "installment" }
    : { from: amount(c.priceFrom), to: amount(c.priceTo), kind: "cash" };
}

const clearedPrices = { priceFrom: "", priceTo: "", installmentFrom: "", installmentTo: "" };

/** Why "Dalej" may not leave a page, or null when it may. */
export function pageError(page: WizardPage, c: AlertCriteria): string | null {
  switch (page) {
    case 1: {
      const { from, to } = activeBounds(c);
      if (c.buyerType === 0 || c.financing === 0 || (from === 0 && to === 0)) {
        return ALERT_MESSAGES.page1Incomplete;
      }
      if (from > 0 && to > 0 && from > to) return ALERT_MESSAGES.rangeReversed;
      return null;
    }
    case 2:
      return c.bodyTypes.length ? null : ALERT_MESSAGES.stepEmpty;
    case 3:
      return c.fuelTypes.length || c.gearboxTypes.length ? null : ALERT_MESSAGES.stepEmpty;
    case 4:
      return c.makes.length ? null : ALERT_MESSAGES.stepEmpty;
    default:
      return null;
  }
}

/** At least one thing to search by: a price bound or any chosen option (checked on submit). */
export function hasAnyCriterion(c: AlertCriteria): boolean {
  const { from, to } = activeBounds(c);
  return (
    from > 0 ||
    to > 0 ||
    c.bodyTypes.length > 0 ||
    c.fuelTypes.length > 0 ||
    c.gearboxTypes.length > 0 ||
    c.makes.length > 0
  );
}

/** Progress bar value of a page: 0, 25, 50, 75, 100, and 100 on the success page. */
export const progressOf = (page: WizardPage): number => Math.min(100, (page - 1) * PROGRESS_STEP);

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** What each skippable page clears. */
const SKIP_CLEARS: Record<2 | 3 | 4, Partial<AlertCriteria>> = {
  2: { bodyTypes: [] },
  3: { fuelTypes: [], gearboxTypes: [] },
  4: { makes: [] },
};

function advance(state: WizardState, criteria: AlertCriteria): WizardState {
  const page = state.editingFromSummary ? 5 : ((state.page + 1) as WizardPage);
  return { ...state, criteria, page, editingFromSummary: false, dialog: null };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const c = state.criteria;
  switch (action.type) {
    case "buyerType": {
      // Spec: choosing a buyer type clears the prices; a private person can only pay cash.
      const financing = action.value === BuyerType.private ? Financing.cash : c.financing;
      return { ...state, criteria: { ...c, ...clearedPrices, buyerType: action.value, financing } };
    }
    case "financing": {
      if (action.value === Financing.installment && c.buyerType === BuyerType.private) return state;
      if (action.value === c.financing) return state;
      // The bounds of the other way of paying mean something else: start them afresh.
      return { ...state, criteria: { ...c, ...clearedPrices, financing: action.value } };
    }
    case "price":
      return { ...state, criteria: { ...c, [action.field]: cleanPriceInput(action.value) } };
    case "toggle":
      return { ...state, criteria: { ...c, [action.field]: toggle(c[action.field], action.value) } };
    case "next": {
      if (state.page >= 5) return state;
      const error = pageError(state.page, c);
      if (error) return { ...state, dialog: error };
      return advance(state, c);
    }
    case "skip": {
      if (state.page < 2 || state.page > 4) return state;
      return advance(state, { ...c, ...SKIP_CLEARS[state.page as 2 | 3 | 4] });
    }
    case "back": {
      if (state.page <= 1 || state.page >= 6) return state;
      return { ...state, page: (state.page - 1) as WizardPage, editingFromSummary: false, dialog: null };
    }
    case "edit":
      if (state.page !== 5) return state;
      return { ...state, page: action.page, editingFromSummary: true, dialog: null };
    case "submitted":
      return { ...state, page: 6, dialog: null };
    case "showMessage":
      return { ...state, dialog: action.message };
    case "closeDialog":
      return { ...state, dialog: null };
  }
}
