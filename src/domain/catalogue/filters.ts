import { MAX_SEARCH_LENGTH } from "../search-text";

/**
 * The offer-list filter: one shape for the API payload (POST /api/Offers/*, /api/Home/*), the
 * server's query builder and the list screen's URL query. The URL uses the spec's lower-case names
 * (isCompany, financialMethod, selectedSortingValue, priceFrom, bodyType, makes…), comma separated.
 */

export const SaleTypes = ["new", "afterLease", "auction"] as const;
export type SaleType = (typeof SaleTypes)[number];

/** selectedSortingValue of the URL and payload. */
export const Sorting = {
  recommended: 0,
  priceAsc: 1,
  priceDesc: 2,
  newest: 3,
  mileageAsc: 4,
} as const;
export type SortingValue = (typeof Sorting)[keyof typeof Sorting];

export const SORTING_OPTIONS: { value: SortingValue; label: string }[] = [
  { value: Sorting.recommended, label: "Polecane" },
  { value: Sorting.priceAsc, label: "Cena: od najniższej" },
  { value: Sorting.priceDesc, label: "Cena: od najwyższej" },
  { value: Sorting.newest, label: "Najnowsze" },
  { value: Sorting.mileageAsc, label: "Najniższy przebieg" },
];

/** all: any way of paying; installment: rent or leasing (monthly, netto); cash: cash purchase. */
export const FinancialMethods = ["all", "installment", "cash"] as const;
export type FinancialMethod = (typeof FinancialMethods)[number];

export const MAX_PAGE_SIZE = 60;
export const DEFAULT_PAGE_SIZE = 24;
/** No one pages this far by hand; the bound keeps OFFSET cheap on a big catalogue. */
export const MAX_PAGE = 10_000;
/** VAT 23%: brutto = netto × 1.23 (prices are whole złoty). */
export const VAT_RATE = 0.23;

/** The list filter (the API payload after validation: src/domain/catalogue/filter-schema.ts). */
export interface OfferFilter {
  Page: number;
  ResultsPerPage: number;
  SaleTypes: SaleType[];
  Makes: string[];
  Models: string[];
  BodyTypes: string[];
  FuelTypes: string[];
  GearBoxTypes: string[];
  PriceFrom?: number;
  PriceTo?: number;
  InstallmentFrom?: number;
  InstallmentTo?: number;
  YearFrom?: number;
  YearTo?: number;
  MileageFrom?: number;
  MileageTo?: number;
  IsCompany: boolean;
  FinancialMethod: FinancialMethod;
  SelectedSortingValue: SortingValue;
  /** Words typed into the search box (?search=): make, model, version, body, fuel, equipment. */
  Search?: string;
}

// Kept free of zod so the list screen's browser bundle stays small.
export function defaultFilter(overrides: Partial<OfferFilter> = {}): OfferFilter {
  return {
    Page: 1,
    ResultsPerPage: DEFAULT_PAGE_SIZE,
    SaleTypes: [],
    Makes: [],
    Models: [],
    BodyTypes: [],
    FuelTypes: [],
    GearBoxTypes: [],
    IsCompany: true,
    FinancialMethod: "all",
    SelectedSortingValue: Sorting.recommended,
    ...overrides,
  };
}

/**
 * What a private person can buy: leasing, long-term rent and auctions are for companies (the
 * /finansowanie page says so), so a private buyer's list holds cash offers with brutto prices. Choosing
 * "prywatnie" drops the filters that only a company's products have.
 */
export function forPrivateBuyer(f: OfferFilter): Partial<OfferFilter> {
  return {
    IsCompany: false,
    FinancialMethod: "all",
    InstallmentFrom: undefined,
    InstallmentTo: undefined,
    SaleTypes: f.SaleTypes.filter((t) => t !== "auction"),
  };
}

/** Keys of the list screen's URL query (spec section 3: alert pre-fill uses the same names). */
export const QueryKeys = {
  page: "page",
  makes: "makes",
  models: "models",
  bodyType: "bodyType",
  fuelType: "fuelType",
  gearBoxType: "gearBoxType",
  priceFrom: "priceFrom",
  priceTo: "priceTo",
  installmentFrom: "installmentFrom",
  installmentTo: "installmentTo",
  yearFrom: "yearFrom",
  yearTo: "yearTo",
  mileageFrom: "mileageFrom",
  mileageTo: "mileageTo",
  isCompany: "isCompany",
  financialMethod: "financialMethod",
  sort: "selectedSortingValue",
  saleType: "saleType",
  search: "search",
} as const;

/** A private buyer's address (`isCompany=false`): brutto cash prices, only what a private person can buy. */
export const isPrivateBuyer = (params: URLSearchParams): boolean =>
  params.get(QueryKeys.isCompany) === "false";

/**
 * The search box's text as the URL keeps it: white space collapsed and trimmed, cut to
 * MAX_SEARCH_LENGTH; undefined when nothing is left. Case and diacritics stay (the summary shows it).
 */
export function searchQuery(raw: string | null | undefined): string | undefined {
  const t = (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH).trim();
  return t || undefined;
}

/** Values from repeated keys and comma lists alike: ?makes=Audi,BMW or ?makes=Audi&makes=BMW. */
function listParam(params: URLSearchParams, key: string, max = 50): string[] {
  const out: string[] = [];
  for (const raw of params.getAll(key)) {
    for (const v of raw.split(",")) {
      const t = v.trim();
      if (t && t.length <= 60 && !out.includes(t)) out.push(t);
    }
  }
  return out.slice(0, max);
}

function intParam(params: URLSearchParams, key: string, min: number, max: number): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === "") return undefined;
  const n = Number(raw.replace(/\s/g, ""));
  // Below what the value can be (a negative price, the year 1) is unreadable, not a bound: ignored.
  if (!Number.isFinite(n) || n < min) return undefined;
  return Math.min(max, Math.trunc(n));
}

/**
 * Reads the filter from a URL query. The URL is typed by people and shared around: anything
 * unreadable is ignored rather than refused, so a mangled link still shows a list.
 */
export function filterFromQuery(params: URLSearchParams, base: Partial<OfferFilter> = {}): OfferFilter {
  const f = defaultFilter(base);
  const merge = (key: keyof OfferFilter, values: string[]) => {
    if (values.length) (f[key] as string[]) = [...new Set([...(f[key] as string[]), ...values])];
  };

  merge("Makes", listParam(params, QueryKeys.makes));
  merge("Models", listParam(params, QueryKeys.models));
  merge("BodyTypes", listParam(params, QueryKeys.bodyType));
  merge("FuelTypes", listParam(params, QueryKeys.fuelType));
  merge("GearBoxTypes", listParam(params, QueryKeys.gearBoxType));
  const saleTypes = listParam(params, QueryKeys.saleType).filter((s): s is SaleType =>
    (SaleTypes as readonly string[]).includes(s),
  );
  if (saleTypes.length && !base.SaleTypes?.length) f.SaleTypes = saleTypes;
  const big = 100_000_000;
  f.PriceFrom = intParam(params, QueryKeys.priceFrom, 0, big);
  f.PriceTo = intParam(params, QueryKeys.priceTo, 0, big);
  f.InstallmentFrom = intParam(params, QueryKeys.installmentFrom, 0, big);
  f.InstallmentTo = intParam(params, QueryKeys.installmentTo, 0, big);
  f.YearFrom = intParam(params, QueryKeys.yearFrom, 1900, 2100);
  f.YearTo = intParam(params, QueryKeys.yearTo, 1900, 2100);
  f.MileageFrom = intParam(params, QueryKeys.mileageFrom, 0, big);
  f.MileageTo = intParam(params, QueryKeys.mileageTo, 0, big);
  const isCompany = params.get(QueryKeys.isCompany);
  if (isCompany === "false") f.IsCompany = false;
  else if (isCompany === "true") f.IsCompany = true;
  const fm = params.get(QueryKeys.financialMethod);
  if (fm && (FinancialMethods as readonly string[]).includes(fm)) f.FinancialMethod = fm as FinancialMethod;
  const sort = intParam(params, QueryKeys.sort, 0, 4);
  if (sort !== undefined) f.SelectedSortingValue = sort as SortingValue;
  f.Page = intParam(params, QueryKeys.page, 1, MAX_PAGE) ?? 1;
  const search = searchQuery(params.get(QueryKeys.search));
  if (search) f.Search = search;
  return f;
}

/**
 * Writes the filter as a URL query, leaving out what the screen's own path already implies (`base`)
 * and the defaults, so links stay short and a cleared filter gives the bare path.
 */
export function filterToQuery(f: OfferFilter, base: Partial<OfferFilter> = {}): URLSearchParams {
  const p = new URLSearchParams();
  const list = (key: string, values: string[], implied: string[] = []) => {
    const own = values.filter((v) => !implied.includes(v));
    if (own.length) p.set(key, own.join(","));
  };
  list(QueryKeys.makes, f.Makes, base.Makes);
  list(QueryKeys.models, f.Models, base.Models);
  list(QueryKeys.bodyType, f.BodyTypes, base.BodyTypes);
  list(QueryKeys.fuelType, f.FuelTypes, base.FuelTypes);
  list(QueryKeys.gearBoxType, f.GearBoxTypes, base.GearBoxTypes);
  if (!base.SaleTypes?.length) list(QueryKeys.saleType, f.SaleTypes);
  const num = (key: string, v: number | undefined) => {
    if (v !== undefined) p.set(key, String(v));
  };
  num(QueryKeys.priceFrom, f.PriceFrom);
  num(QueryKeys.priceTo, f.PriceTo);
  num(QueryKeys.installmentFrom, f.InstallmentFrom);
  num(QueryKeys.installmentTo, f.InstallmentTo);
  num(QueryKeys.yearFrom, f.YearFrom);
  num(QueryKeys.yearTo, f.YearTo);
  num(QueryKeys.mileageFrom, f.MileageFrom);
  num(QueryKeys.mileageTo, f.MileageTo);
  if (!f.IsCompany) p.set(QueryKeys.isCompany, "false");
  if (f.FinancialMethod !== "all") p.set(QueryKeys.financialMethod, f.FinancialMethod);
  if (f.SelectedSortingValue !== Sorting.recommended) p.set(QueryKeys.sort, String(f.SelectedSortingValue));
  const search = searchQuery(f.Search);
  if (search) p.set(QueryKeys.search, search);
  if (f.Page > 1) p.set(QueryKeys.page, String(f.Page));
  return p;
}

/**
 * How many filters the visitor set beyond what the path implies: the number on the phone's filter
 * button (each chosen value counts; a range counts once; buyer type, payment and sorting do not).
 */
export function activeFilterCount(f: OfferFilter, base: Partial<OfferFilter> = {}): number {
  const extra = (values: string[], implied: string[] = []) =>
    values.filter((v) => !implied.includes(v)).length;
  let n =
    extra(f.Makes, base.Makes) +
    extra(f.Models, base.Models) +
    extra(f.BodyTypes, base.BodyTypes) +
    extra(f.FuelTypes, base.FuelTypes) +
    extra(f.GearBoxTypes, base.GearBoxTypes);
  if (!base.SaleTypes?.length) n += f.SaleTypes.length;
  if (f.PriceFrom !== undefined || f.PriceTo !== undefined) n++;
  if (f.InstallmentFrom !== undefined || f.InstallmentTo !== undefined) n++;
  if (f.YearFrom !== undefined || f.YearTo !== undefined) n++;
  if (f.MileageFrom !== undefined || f.MileageTo !== undefined) n++;
  return n;
}
