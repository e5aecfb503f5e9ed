import { sameMake } from "../make-names";
import { type AlertCriteria, BuyerType, cleanPriceInput, emptyCriteria, Financing } from "./wizard";

/**
 * The wizard's pre-fill from the URL query (spec section 3): isCompany, financialMethod (cash or
 * other), priceFrom, priceTo, installmentFrom, installmentTo, bodyType, fuelType, gearBoxType, makes;
 * lists comma separated. The vehicle list links here with its own filters ("set an alert for this
 * search"), so both use the same names and the same price meaning (netto for companies, brutto for
 * private persons).
 */

export interface AlertOptionValues {
  bodyTypes: string[];
  fuelTypes: string[];
  gearboxTypes: string[];
  makes: string[];
}

function listParam(params: URLSearchParams, key: string): string[] {
  const out: string[] = [];
  for (const raw of params.getAll(key)) {
    for (const part of raw.split(",")) {
      const v = part.trim();
      if (v && v.length <= 40 && !out.includes(v)) out.push(v);
    }
  }
  return out.slice(0, 100);
}

/**
 * Keeps the values the wizard offers, spelled as offered. Letter case never matters; `same` may say
 * more (a make in any spelling the vehicle list accepts: "skoda" is "Škoda").
 */
function known(
  values: string[],
  offered: string[] | undefined,
  same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase(),
): string[] {
  if (!offered) return values;
  const out: string[] = [];
  for (const v of values) {
    const hit = offered.find((o) => same(o, v));
    if (hit && !out.includes(hit)) out.push(hit);
  }
  return out;
}

/**
 * Reads the query into the wizard's first state. Links are shared and typed by hand: an unreadable
 * value is left out rather than refused, so a mangled link still opens the wizard.
 */
export function criteriaFromQuery(params: URLSearchParams, options?: AlertOptionValues): AlertCriteria {
  const c = emptyCriteria();
  const isCompany = params.get("isCompany")?.trim().toLowerCase();
  if (isCompany === "true") c.buyerType = BuyerType.company;
  else if (isCompany === "false") c.buyerType = BuyerType.private;

  const method = params.get("financialMethod")?.trim().toLowerCase();
  if (c.buyerType === BuyerType.private) c.financing = Financing.cash;
  else if (method === "cash") c.financing = Financing.cash;
  else if (method) c.financing = Financing.installment;

  const price = (key: string) => cleanPriceInput(params.get(key) ?? "");
  if (c.financing === Financing.cash || c.financing === Financing.unset) {
    c.priceFrom = price("priceFrom");
    c.priceTo = price("priceTo");
  }
  if (c.financing === Financing.installment || c.financing === Financing.unset) {
    c.installmentFrom = price("installmentFrom");
    c.installmentTo = price("installmentTo");
  }

  c.bodyTypes = known(listParam(params, "bodyType"), options?.bodyTypes);
  c.fuelTypes = known(listParam(params, "fuelType"), options?.fuelTypes);
  c.gearboxTypes = known(listParam(params, "gearBoxType"), options?.gearboxTypes);
  c.makes = known(listParam(params, "makes"), options?.makes, sameMake);
  return c;
}

/**
 * The /alert query for the vehicle list's current filter query: the list's own keys carry over
 * (same names, same price meaning); its financialMethod 'all' becomes the way of paying its bounds
 * imply. Keys the alert does not know (sorting, page, models, years) are dropped.
 */
export function alertQueryFromListQuery(list: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const isCompany = list.get("isCompany") === "false" ? "false" : "true";
  out.set("isCompany", isCompany);
  const hasInst = ["installmentFrom", "installmentTo"].some((k) => cleanPriceInput(list.get(k) ?? "") !== "");
  const hasCash = ["priceFrom", "priceTo"].some((k) => cleanPriceInput(list.get(k) ?? "") !== "");
  let method = list.get("financialMethod");
  if (method !== "cash" && method !== "installment") {
    method = hasInst && isCompany === "true" ? "installment" : hasCash ? "cash" : null;
  }
  if (isCompany === "false") method = "cash";
  if (method) out.set("financialMethod", method);
  const keys = method === "installment" ? ["installmentFrom", "installmentTo"] : ["priceFrom", "priceTo"];
  for (const k of keys) {
    const v = cleanPriceInput(list.get(k) ?? "");
    if (v) out.set(k, v);
  }
  for (const k of ["bodyType", "fuelType", "gearBoxType", "makes"]) {
    const values = listParam(list, k);
    if (values.length) out.set(k, values.join(","));
  }
  return out;
}

/** The address of the wizard pre-filled with a list's filters. */
export function alertHrefFromListQuery(list: URLSearchParams): string {
  const q = alertQueryFromListQuery(list).toString();
  return q ? `/alert?${q}` : "/alert";
}

/**
 * The vehicle list's query showing what an alert looks for (the way back from an alert to the list,
 * e.g. "see all matching offers" in a digest): the same keys the list and the pre-fill share.
 */
export function listQueryFromCriteria(c: AlertCriteria): URLSearchParams {
  const out = new URLSearchParams();
  if (c.buyerType !== 0) out.set("isCompany", c.buyerType === BuyerType.company ? "true" : "false");
  if (c.financing === Financing.installment) {
    out.set("financialMethod", "installment");
    if (c.installmentFrom) out.set("installmentFrom", c.installmentFrom);
    if (c.installmentTo) out.set("installmentTo", c.installmentTo);
  } else if (c.financing === Financing.cash) {
    out.set("financialMethod", "cash");
    if (c.priceFrom) out.set("priceFrom", c.priceFrom);
    if (c.priceTo) out.set("priceTo", c.priceTo);
  }
  const list = (key: string, values: string[]) => {
    if (values.length) out.set(key, values.join(","));
  };
  list("bodyType", c.bodyTypes);
  list("fuelType", c.fuelTypes);
  list("gearBoxType", c.gearboxTypes);
  list("makes", c.makes);
  return out;
}
