import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import {
  availablePeriods,
  type CalculatorProperties,
  calculateLeasing,
  calculateRent,
  type InstallmentResult,
  type InsuranceChoice,
} from "../../../domain/calculator";
import { isPrivateBuyer } from "../../../domain/catalogue/filters";
import { lowestLeasingInput, lowestRentInput } from "../../../domain/headline-price";
import type { CalculatorContactFormData } from "../../../domain/lead-forms";
import { FROM_PARAM, FROM_VALUE } from "./calculator-link";
import type { LeadOffer } from "./types";

export type Method = "rent" | "leasing" | "cash";

/** What the person chose for one financing method; leasing and rent each keep their own. */
export interface LeasingChoice {
  periods: number[];
  period: number;
  setPeriod: (v: number) => void;
  ow: number;
  setOw: (v: number) => void;
  rv: number;
  setRv: (v: number) => void;
  services: string[];
  setServices: (v: string[]) => void;
}
export interface RentChoice {
  periods: number[];
  period: number;
  setPeriod: (v: number) => void;
  ow: number;
  setOw: (v: number) => void;
  mileage: number;
  setMileage: (v: number) => void;
  services: string[];
  setServices: (v: string[]) => void;
}

const pick = (list: number[], wanted: number) => (list.includes(wanted) ? wanted : list[list.length - 1]);

function useLeasingChoice(offer: LeadOffer, properties: CalculatorProperties): LeasingChoice {
  const L = properties.Leasing;
  const periods = availablePeriods(L.Periods, offer.MaxLeasingPeriod ?? 80);
  const [period, setPeriod] = useState(pick(periods, L.DefaultPeriod));
  const [ow, setOw] = useState(L.Ow.Default);
  const [rv, setRv] = useState(L.Rv.Default);
  const [services, setServices] = useState<string[]>([]);
  return { periods, period, setPeriod, ow, setOw, rv, setRv, services, setServices };
}

function useRentChoice(offer: LeadOffer, properties: CalculatorProperties): RentChoice {
  const R = properties.LongTimeRent;
  const periods = availablePeriods(R.Periods, offer.MaxRentPeriod ?? 80);
  const [period, setPeriod] = useState(pick(periods, R.DefaultPeriod));
  const [ow, setOw] = useState(R.Ow.Default);
  const [mileage, setMileage] = useState(R.DefaultMileage);
  const [services, setServices] = useState<string[]>([]);
  return { periods, period, setPeriod, ow, setOw, mileage, setMileage, services, setServices };
}

/** The instalment of the chosen method, computed by the server's own maths (null when not financing). */
function useInstallment(
  financing: boolean,
  method: Method,
  price: number,
  leasing: LeasingChoice,
  rent: RentChoice,
  insurance: InsuranceChoice,
  properties: CalculatorProperties,
): InstallmentResult | null {
  const L = properties.Leasing;
  const R = properties.LongTimeRent;
  return useMemo(() => {
    if (!financing) return null;
    if (method === "leasing") {
      return calculateLeasing(
        {
          PriceNetto: price,
          Period: leasing.period,
          OwPercent: leasing.ow,
          RvPercent: leasing.rv,
          AdditionalServices: leasing.services,
          Insurance: insurance,
        },
        L,
        properties.Insurance,
      );
    }
    return calculateRent(
      {
        PriceNetto: price,
        Period: rent.period,
        OwPercent: rent.ow,
        Mileage: rent.mileage,
        AdditionalServices: rent.services,
        Insurance: insurance,
      },
      R,
      properties.Insurance,
    );
  }, [
    financing,
    method,
    price,
    leasing.period,
    leasing.ow,
    leasing.rv,
    leasing.services,
    insurance,
    rent.period,
    rent.ow,
    rent.mileage,
    rent.services,
    L,
    R,
    properties.Insurance,
  ]);
}

/** Tells the contact form what the person sees each time it changes (null for a cash purchase). */
function useReportToContactForm(
  onChange: ((state: CalculatorContactFormData | null) => void) | undefined,
  result: InstallmentResult | null,
  method: Method,
  offer: LeadOffer,
  leasing: LeasingChoice,
  rent: RentChoice,
) {
  // The latest callback without re-running the effect when the parent passes a new function.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const onChange = onChangeRef.current;
    if (!onChange) return;
    if (!result) return onChange(null);
    const isLeasing = method === "leasing";
    onChange({
      IsLeasing: isLeasing,
      IsNew: offer.SaleType === "new",
      Period: isLeasing ? leasing.period : rent.period,
      Ow: result.Ow,
      OwPercent: result.OwPercent,
      Rv: result.Rv,
      RvPercent: result.RvPercent,
      Mileage: isLeasing ? null : rent.mileage,
      InstallmentPriceNetto: result.InstallmentPriceNetto,
      TotalFeesPercent: result.TotalFeesPercent,
      TotalPriceBrutto: result.TotalPriceBrutto,
      AdditionalServices: isLeasing ? leasing.services : rent.services,
    });
  }, [
    result,
    method,
    offer.SaleType,
    leasing.period,
    rent.period,
    rent.mileage,
    leasing.services,
    rent.services,
  ]);
}

/**
 * Opened from an "od" instalment (FROM_PARAM), the calculator takes that product and the terms its
 * lowest instalment is given at; each such navigation applies them again (after the person moved
 * the sliders, the link still shows the "od" figure).
 */
function useOpenAtLowest(
  properties: CalculatorProperties,
  price: number,
  state: {
    methods: Method[];
    setMethod: (m: Method) => void;
    setCompany: (v: boolean) => void;
    setInsurance: (v: InsuranceChoice) => void;
    leasing: LeasingChoice;
    rent: RentChoice;
  },
) {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const from = params.get(FROM_PARAM);
  const latest = useRef(state);
  latest.current = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new navigation (key) applies the terms again
  useEffect(() => {
    const s = latest.current;
    if (price <= 0) return;
    if (from === FROM_VALUE.leasing && s.methods.includes("leasing")) {
      const i = lowestLeasingInput(price, properties);
      s.leasing.setPeriod(pick(s.leasing.periods, i.Period));
      s.leasing.setOw(i.OwPercent);
      s.leasing.setRv(i.RvPercent);
      s.leasing.setServices([]);
      s.setInsurance(i.Insurance);
    } else if (from === FROM_VALUE.rent && s.methods.includes("rent")) {
      const i = lowestRentInput(price, properties);
      s.rent.setPeriod(pick(s.rent.periods, i.Period));
      s.rent.setOw(i.OwPercent);
      s.rent.setMileage(i.Mileage);
      s.rent.setServices([]);
      s.setInsurance(i.Insurance);
    } else return;
    s.setCompany(true);
    s.setMethod(from === FROM_VALUE.leasing ? "leasing" : "rent");
  }, [from, key, price, properties]);
}

/** Everything the calculator holds: the buyer, the method, each method's choices and the instalment. */
export function useFinancingCalculator(
  offer: LeadOffer,
  properties: CalculatorProperties,
  onChange?: (state: CalculatorContactFormData | null) => void,
) {
  const methods = (["rent", "leasing", "cash"] as Method[]).filter((m) =>
    m === "rent" ? offer.IsRentAvailable : m === "leasing" ? offer.IsLeasingAvailable : offer.IsCashAvailable,
  );
  const [method, setMethod] = useState<Method>(methods[0] ?? "cash");
  // A private buyer's page (?isCompany=false) opens the calculator at "prywatnie".
  const [params] = useSearchParams();
  const privateInAddress = isPrivateBuyer(params);
  const [company, setCompany] = useState(() => !privateInAddress);
  // A page loaded whole learns a kept private choice as its scripts start (the address gets
  // ?isCompany=false then): the calculator follows it, as the price box beside it does.
  useEffect(() => setCompany(!privateInAddress), [privateInAddress]);
  const leasing = useLeasingChoice(offer, properties);
  const rent = useRentChoice(offer, properties);
  const [insurance, setInsurance] = useState<InsuranceChoice>("financed");

  const price = offer.TotalPriceNettoDiscount ?? offer.TotalPriceNetto ?? 0;
  const cashBrutto = offer.TotalPriceBruttoDiscount ?? offer.TotalPriceBrutto ?? null;
  useOpenAtLowest(properties, price, { methods, setMethod, setCompany, setInsurance, leasing, rent });
  const financing = company && method !== "cash" && price > 0;
  const result = useInstallment(financing, method, price, leasing, rent, insurance, properties);
  useReportToContactForm(onChange, result, method, offer, leasing, rent);

  return {
    methods,
    method,
    setMethod,
    company,
    setCompany,
    leasing,
    rent,
    insurance,
    setInsurance,
    price,
    cashBrutto,
    result,
  };
}
