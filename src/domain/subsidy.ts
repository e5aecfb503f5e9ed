/**
 * The "Mój elektryk" subsidy rules (spec section 9), stated once for the calculator, the FAQ and the
 * programme page:
 * - M1 (passenger car): 18 750 zł, or 27 000 zł with a declared yearly mileage of at least 15 000 km;
 * - N1 (delivery vehicle up to 3.5 t): up to 20% of qualified costs and at most 50 000 zł, or up to
 *   30% and at most 70 000 zł with a declared yearly mileage of at least 20 000 km;
 * - L1e–L7e (mopeds, motorcycles, quadricycles): up to 30% and at most 4 000 zł.
 * The vehicle must be zero-emission with at most 50 km on the odometer; the declared mileage is
 * checked by an odometer reading within 2 years. A subsidy never exceeds the price itself.
 */
export const SUBSIDY_RULES = {
  M1: { fixed: 18_750, fixedHighMileage: 27_000, highMileageKm: 15_000 },
  N1: { share: 0.2, cap: 50_000, shareHighMileage: 0.3, capHighMileage: 70_000, highMileageKm: 20_000 },
  L: { share: 0.3, cap: 4_000 },
  maxOdometerKm: 50,
  odometerCheckYears: 2,
} as const;

export type VehicleCategory = "M1" | "N1" | "L";

export const VEHICLE_CATEGORIES: readonly { value: VehicleCategory; label: string }[] = [
  { value: "M1", label: "M1 – samochód osobowy" },
  { value: "N1", label: "N1 – samochód dostawczy do 3,5 t" },
  { value: "L", label: "L1e–L7e – motorower, motocykl, czterokołowiec" },
];

export interface SubsidyInput {
  category: VehicleCategory;
  /** Qualified cost: the vehicle's price in whole złoty. */
  price: number;
  /** Declared yearly mileage in km. */
  yearlyMileageKm: number;
}

export interface SubsidyResult {
  amount: number;
  /** Which rule gave the amount, in Polish, for the person reading the result. */
  rule: string;
  /** True when the higher-mileage variant applied. */
  highMileage: boolean;
  /** True when the amount was limited by the cap (or by the price for M1). */
  capped: boolean;
}

export const SUBSIDY_LIMITS = { maxPrice: 5_000_000, maxYearlyMileageKm: 500_000 } as const;

export type SubsidyFieldErrors = Partial<Record<"category" | "price" | "yearlyMileageKm", string>>;

/** Checks calculator input; an empty object means the input can be calculated. */
export function validateSubsidyInput(input: {
  category: string;
  price: number;
  yearlyMileageKm: number;
}): SubsidyFieldErrors {
  const errors: SubsidyFieldErrors = {};
  if (!VEHICLE_CATEGORIES.some((c) => c.value === input.category))
    errors.category = "Wybierz kategorię pojazdu";
  if (!Number.isFinite(input.price) || !Number.isInteger(input.price) || input.price <= 0) {
    errors.price = "Podaj cenę pojazdu w pełnych złotych, większą od zera";
  } else if (input.price > SUBSIDY_LIMITS.maxPrice) {
    errors.price = "Cena nie może przekraczać 5 000 000 zł";
  }
  if (
    !Number.isFinite(input.yearlyMileageKm) ||
    !Number.isInteger(input.yearlyMileageKm) ||
    input.yearlyMileageKm < 0
  ) {
    errors.yearlyMileageKm = "Podaj roczny przebieg w pełnych kilometrach (0 lub więcej)";
  } else if (input.yearlyMileageKm > SUBSIDY_LIMITS.maxYearlyMileageKm) {
    errors.yearlyMileageKm = "Roczny przebieg nie może przekraczać 500 000 km";
  }
  return errors;
}

/** Digits only: "129 900" or "129900 zł" → 129900; empty → NaN (reported as a missing value). */
function parseWhole(text: unknown): number {
  const digits = typeof text === "string" ? text.replace(/[\s\u00a0]|zł|km/g, "") : "";
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/** The calculator's form as typed (category, price, yearlyMileageKm): the input, or what to fix. */
export function readSubsidyForm(form: Record<string, unknown>): {
  value: SubsidyInput;
  error: SubsidyFieldErrors;
} {
  const input = {
    category: String(form.category ?? "") as VehicleCategory,
    price: parseWhole(form.price),
    yearlyMileageKm: parseWhole(form.yearlyMileageKm),
  };
  return { value: input, error: validateSubsidyInput(input) };
}

const percentOf = (price: number, share: number) => Math.floor(price * share);

/** The subsidy a person can expect for valid input (see validateSubsidyInput). */
export function calculateSubsidy(input: SubsidyInput): SubsidyResult {
  const { price, yearlyMileageKm } = input;
  switch (input.category) {
    case "M1": {
      const r = SUBSIDY_RULES.M1;
      const highMileage = yearlyMileageKm >= r.highMileageKm;
      const fixed = highMileage ? r.fixedHighMileage : r.fixed;
      return {
        amount: Math.min(fixed, price),
        rule: highMileage
          ? "Samochód osobowy (M1) z deklarowanym przebiegiem co najmniej 15 000 km rocznie: 27 000 zł."
          : "Samochód osobowy (M1): 18 750 zł (27 000 zł przy deklarowanym przebiegu co najmniej 15 000 km rocznie).",
        highMileage,
        capped: price < fixed,
      };
    }
    case "N1": {
      const r = SUBSIDY_RULES.N1;
      const highMileage = yearlyMileageKm >= r.highMileageKm;
      const share = highMileage ? r.shareHighMileage : r.share;
      const cap = highMileage ? r.capHighMileage : r.cap;
      const raw = percentOf(price, share);
      return {
        amount: Math.min(raw, cap),
        rule: highMileage
          ? "Samochód dostawczy (N1) z deklarowanym przebiegiem co najmniej 20 000 km rocznie: 30% kosztów kwalifikowanych, nie więcej niż 70 000 zł."
          : "Samochód dostawczy (N1): 20% kosztów kwalifikowanych, nie więcej niż 50 000 zł (30% i do 70 000 zł przy przebiegu co najmniej 20 000 km rocznie).",
        highMileage,
        capped: raw > cap,
      };
    }
    case "L": {
      const r = SUBSIDY_RULES.L;
      const raw = percentOf(price, r.share);
      return {
        amount: Math.min(raw, r.cap),
        rule: "Pojazd kategorii L1e–L7e: 30% kosztów kwalifikowanych, nie więcej niż 4 000 zł.",
        highMileage: false,
        capped: raw > r.cap,
      };
    }
  }
}
