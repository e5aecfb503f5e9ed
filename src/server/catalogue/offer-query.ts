import { type SQL, sql } from "drizzle-orm";
import { type OfferFilter, Sorting, VAT_RATE } from "../../domain/catalogue/filters";
import type {
  EquipmentWords,
  RecognisedFilter,
  RecognisedKind,
} from "../../domain/catalogue/query-understanding";
import { COLOUR_WORDS } from "../../domain/catalogue/vocabulary";
import { normalizeForSearch, searchWords } from "../../domain/search-text";
import { BODY_TYPES, FUEL_TYPES } from "../../domain/vehicles";

/**
 * SQL of the offer lists: the WHERE clause of a filter and its ORDER BY. Kept apart from the service
 * so the same conditions serve the page query and the count query (and the benchmarks measure them).
 * Every value goes through a bind parameter; column names are fixed strings.
 */

const VAT = 1 + VAT_RATE;

/** Cash price netto: the discounted price when there is one; an auction's current or starting price. */
export const cashNettoSql = sql.raw(
  `(case when o.sale_type = 'auction' then coalesce(o.current_price, o.starting_price) else coalesce(o.total_price_netto_discount, o.total_price_netto) end)`,
);
export const cashBruttoSql = sql.raw(
  `(case when o.sale_type = 'auction' then round(coalesce(o.current_price, o.starting_price) * ${VAT})::int else coalesce(o.total_price_brutto_discount, o.total_price_brutto) end)`,
);
/** The lowest monthly instalment netto offered (rent or leasing); least() skips nulls. */
export const instalmentNettoSql = sql.raw(
  `least(case when o.is_rent_available then coalesce(o.rent_price_netto_discount, o.rent_price_netto) end, case when o.is_leasing_available then coalesce(o.lease_price_discount, o.lease_price) end)`,
);

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

export interface WhereOptions {
  now: Date;
  /** Auctions that ended drop out of lists (their page stays reachable); running only for "ending". */
  auctions?: "open" | "running";
  /** The filter's Search, planned (see planSearch in the offers service); absent: no search. */
  search?: SearchPlan;
}

/**
 * A list's conditions on `offers o`; and, when the search's words, the sale types and being on sale
 * are all of them (no other filter, no filter word), the same on the narrow `active_offer_words s`
 * (migration 0030, ADR 043), where a broad search's count visits half the pages.
 */
export interface OfferConditions {
  where: SQL;
  wordsOnly?: SQL;
}

export function offerWhere(f: OfferFilter, opts: WhereOptions): SQL {
  return offerConditions(f, opts).where;
}

export function offerConditions(f: OfferFilter, opts: WhereOptions): OfferConditions {
  const nowParam = opts.now.toISOString();
  const onSale =
    opts.auctions === "running"
      ? sql`o.auction_start <= ${nowParam}::timestamptz and o.auction_end > ${nowParam}::timestamptz`
      : sql`(o.sale_type <> 'auction' or o.auction_end > ${nowParam}::timestamptz)`;
  const saleTypes = f.SaleTypes.length ? textArray(f.SaleTypes) : undefined;
  const bySaleType = (table: SQL) => (saleTypes ? [sql`${table}.sale_type = any(${saleTypes})`] : []);
  const parts: SQL[] = [];
  if (f.Makes.length) parts.push(sql`lower(o.make) = any(${textArray(f.Makes.map((m) => m.toLowerCase()))})`);
  if (f.Models.length)
    parts.push(sql`lower(o.model) = any(${textArray(f.Models.map((m) => m.toLowerCase()))})`);
  // A text search holds the chosen body and fuel as document codes (searchTerms): no column condition.
  const inDocument = opts.search ? documentCodes(opts.search, f) : undefined;
  if (f.BodyTypes.length && !inDocument?.filterBody)
    parts.push(sql`o.body_type = any(${textArray(f.BodyTypes)})`);
  if (f.FuelTypes.length && !inDocument?.filterFuel)
    parts.push(sql`o.fuel_type = any(${textArray(f.FuelTypes)})`);
  if (f.GearBoxTypes.length) parts.push(sql`o.gearbox_type = any(${textArray(f.GearBoxTypes)})`);

  if (f.FinancialMethod === "installment") parts.push(sql`(o.is_rent_available or o.is_leasing_available)`);
  if (f.FinancialMethod === "cash") parts.push(sql`(o.is_cash_available or o.sale_type = 'auction')`);

  // A private person can buy for cash only (forPrivateBuyer): leasing, rent and auctions are for companies.
  if (!f.IsCompany) parts.push(sql`(o.is_cash_available and o.sale_type <> 'auction')`);
  // Private persons see brutto prices, companies netto (spec section 9); ranges compare the same.
  const price = f.IsCompany ? cashNettoSql : cashBruttoSql;
  if (f.PriceFrom !== undefined) parts.push(sql`${price} >= ${f.PriceFrom}`);
  if (f.PriceTo !== undefined) parts.push(sql`${price} <= ${f.PriceTo}`);
  const inst = f.IsCompany ? instalmentNettoSql : sql`round(${instalmentNettoSql} * ${sql.raw(String(VAT))})`;
  if (f.InstallmentFrom !== undefined) parts.push(sql`${inst} >= ${f.InstallmentFrom}`);
  if (f.InstallmentTo !== undefined) parts.push(sql`${inst} <= ${f.InstallmentTo}`);
  if (f.YearFrom !== undefined) parts.push(sql`o.year >= ${f.YearFrom}`);
  if (f.YearTo !== undefined) parts.push(sql`o.year <= ${f.YearTo}`);
  if (f.MileageFrom !== undefined) parts.push(sql`o.mileage >= ${f.MileageFrom}`);
  if (f.MileageTo !== undefined) parts.push(sql`o.mileage <= ${f.MileageTo}`);
  const terms = opts.search ? searchTerms(opts.search, f, inDocument) : undefined;
  const where = sql.join(
    [sql`o.status = 'active'`, ...bySaleType(sql`o`), onSale, ...parts, ...(terms ? [searchSql(terms)] : [])],
    sql` and `,
  );
  if (opts.auctions === "running" || parts.length || !terms?.query || terms.recognised.length)
    return { where };
  const wordsOnly = [
    sql`s.words @@ ${terms.query}::tsquery`,
    ...bySaleType(sql`s`),
    sql`(s.sale_type <> 'auction' or s.auction_end > ${nowParam}::timestamptz)`,
  ];
  return { where, wordsOnly: sql.join(wordsOnly, sql` and `) };
}

/** A body or fuel name is found from this many letters on ('kom' → kombi, 'hybr' → both hybrids). */
const VOCABULARY_MIN_LENGTH = 3;

/** Stored codes whose Polish name (or code) starts with the word: 'diesel' → ON, 'hybryda' → HEV, PHEV. */
function vocabularyCodes(list: readonly { value: string; name: string }[], word: string): string[] {
  return list
    .filter(
      (x) =>
        x.value.toLowerCase() === word ||
        (word.length >= VOCABULARY_MIN_LENGTH &&
          normalizeForSearch(x.name)
            .split(/[^a-z0-9]+/)
            .some((n) => n.startsWith(word))),
    )
    .map((x) => x.value.toLowerCase());
}

/**
 * The body and fuel words of a search as the document words of migration 0014_offer_search ('nadwozie-kombi',
 * 'paliwo-on'), per search word: search_plan() adds them as alternatives of that word.
 */
export function vocabularyWords(search: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const word of searchWords(search)) {
    const words = [
      ...vocabularyCodes(BODY_TYPES, word).map((c) => `nadwozie-${c}`),
      ...vocabularyCodes(FUEL_TYPES, word).map((c) => `paliwo-${c}`),
    ];
    if (words.length) out[word] = words;
  }
  return out;
}

/**
 * A search planned: the filters its words mean (understandSearch) and the text search of the words
 * left, by search_plan() (migrations 0014_offer_search, 0018_equipment_search_codes).
 */
export interface SearchPlan {
  /**
   * The tsquery of the words left; undefined when every word meant a filter; null when the text holds
   * no word the documents could have ('%%'): nothing is found.
   */
  query?: string | null;
  filters: RecognisedFilter[];
  /** Equipment words among the words left (shown as chips; searched through the tsquery). */
  equipment?: EquipmentWords[];
}

/**
 * The filters a search's words mean, each a condition of its own (ANDed with the filter's), values of
 * the same kind together (OR): "audi bmw" shows both makes. Of overlapping fuel words the narrower
 * counts ("hybryda plug-in": plug-in hybrids, not every hybrid).
 */
function recognisedValues(filters: RecognisedFilter[], kind: RecognisedKind): string[] {
  const sets = filters.filter((x) => x.kind === kind).map((x) => x.values);
  const narrow = sets.filter(
    (s) => !sets.some((o) => o !== s && o.length < s.length && o.every((v) => s.includes(v))),
  );
  return [...new Set(narrow.flat())];
}

function recognisedSql(filters: RecognisedFilter[], f: OfferFilter, inDocument?: DocumentCodes): SQL[] {
  const parts: SQL[] = [];
  const valuesOf = (kind: RecognisedKind) => recognisedValues(filters, kind);
  const amountOf = (kind: RecognisedKind, pick: (a: number, b: number) => number) =>
    filters
      .filter((x) => x.kind === kind && x.amount !== undefined)
      .reduce<number | undefined>(
        (acc, x) => (acc === undefined ? x.amount : pick(acc, x.amount as number)),
        undefined,
      );
  const lower = (values: string[]) => textArray(values.map((v) => v.toLowerCase()));
  // A model named alone implies its makes: the condition costs nothing and lets the (make, model)
  // index find the rows ('kodiaq': 160 → 12 ms at 100 000 offers).
  const makes = valuesOf("make");
  const implied = [...new Set(filters.filter((x) => x.kind === "model").flatMap((x) => x.makes ?? []))];
  if (makes.length || implied.length)
    parts.push(sql`lower(o.make) = any(${lower(makes.length ? makes : implied)})`);
  const models = valuesOf("model");
  if (models.length) parts.push(sql`lower(o.model) = any(${lower(models)})`);
  const fuels = valuesOf("fuel");
  if (fuels.length && !inDocument?.fuel) parts.push(sql`o.fuel_type = any(${textArray(fuels)})`);
  const gearboxes = valuesOf("gearbox");
  if (gearboxes.length) parts.push(sql`o.gearbox_type = any(${textArray(gearboxes)})`);
  const colours = valuesOf("color");
  if (colours.length) parts.push(colourSql(colours));
  const sales = valuesOf("sale");
  if (sales.length) parts.push(sql`o.sale_type = any(${textArray(sales)})`);
  const bodies = valuesOf("body");
  if (bodies.length && !inDocument?.body) parts.push(sql`o.body_type = any(${textArray(bodies)})`);
  const price = f.IsCompany ? cashNettoSql : cashBruttoSql;
  const priceTo = amountOf("priceTo", Math.min);
  if (priceTo !== undefined) parts.push(sql`${price} <= ${priceTo}`);
  const priceFrom = amountOf("priceFrom", Math.max);
  if (priceFrom !== undefined) parts.push(sql`${price} >= ${priceFrom}`);
  const yearFrom = amountOf("yearFrom", Math.max);
  if (yearFrom !== undefined) parts.push(sql`o.year >= ${yearFrom}`);
  const yearTo = amountOf("yearTo", Math.min);
  if (yearTo !== undefined) parts.push(sql`o.year <= ${yearTo}`);
  const mileageTo = amountOf("mileageTo", Math.min);
  if (mileageTo !== undefined) parts.push(sql`o.mileage <= ${mileageTo}`);
  const mileageFrom = amountOf("mileageFrom", Math.max);
  if (mileageFrom !== undefined) parts.push(sql`o.mileage >= ${mileageFrom}`);
  // Instalments are for companies (netto); a private buyer sees cash offers only (forPrivateBuyer),
  // so the words bound nothing for them and their chip says so (searchFiltersOf).
  if (f.IsCompany) {
    const instalmentTo = amountOf("installmentTo", Math.min);
    if (instalmentTo !== undefined) parts.push(sql`${instalmentNettoSql} <= ${instalmentTo}`);
    const instalmentFrom = amountOf("installmentFrom", Math.max);
    if (instalmentFrom !== undefined) parts.push(sql`${instalmentNettoSql} >= ${instalmentFrom}`);
  }
  return parts;
}

/**
 * Offers painted one of the colours: the first word of the stored colour, normalised, is a form of
 * one ("Srebrny metalik", "srebrna" and "SREBRNY" are all silver). The colour is free text (panel,
 * import, fleet API) and no index serves it: it narrows the rows the other conditions found, or reads
 * the list's rows once when it is the search's only condition.
 */
function colourSql(colours: string[]): SQL {
  const forms = colours.flatMap((c) => COLOUR_WORDS.get(c) ?? [normalizeForSearch(c)]);
  return sql`split_part(search_normalize(o.color), ' ', 1) = any(${textArray(forms)})`;
}

/** A body or fuel condition as the documents' codes: "('nadwozie-suv' | 'nadwozie-kombi')". */
function codesOf(prefix: string, chosen: string[], known: readonly { value: string }[]): string | undefined {
  const codes = known
    .filter((k) => chosen.includes(k.value))
    .map((k) => `'${prefix}-${k.value.toLowerCase()}'`);
  return codes.length ? `(${codes.join(" | ")})` : undefined;
}

/**
 * The body and fuel conditions a text search takes into its tsquery: those chosen in the filter and
 * those its words mean ('kombi od 2023 skóra'). Each stands for its column condition, which is then
 * left out: the document's codes are the columns' values (the trigger of migration 0014 writes them),
 * and a column condition beside the tsquery made the planner AND a second bitmap from the body's
 * own index (12 700 kombis, 8 ms) to the 5 200 rows the search index had already found.
 */
interface DocumentCodes {
  filterBody?: string;
  filterFuel?: string;
  body?: string;
  fuel?: string;
}

function documentCodes(plan: SearchPlan, f: OfferFilter): DocumentCodes | undefined {
  if (!plan.query) return undefined;
  return {
    filterBody: codesOf("nadwozie", f.BodyTypes, BODY_TYPES),
    filterFuel: codesOf("paliwo", f.FuelTypes, FUEL_TYPES),
    body: codesOf("nadwozie", recognisedValues(plan.filters, "body"), BODY_TYPES),
    fuel: codesOf("paliwo", recognisedValues(plan.filters, "fuel"), FUEL_TYPES),
  };
}

/** A search's conditions: the tsquery of its words with the body and fuel codes, and its filter words. */
interface SearchTerms {
  /** Undefined when every word meant a filter; null when nothing can match. */
  query?: string | null;
  recognised: SQL[];
}

/**
 * The offers' own documents: make, model, version, body, fuel and equipment codes, one GIN index. The
 * body and fuel conditions join the search's tsquery (documentCodes), so the index finds only the
 * offers that match all ('kamera cofania' among SUVs) instead of every offer with a reversing camera
 * checked row by row.
 */
function searchTerms(plan: SearchPlan, f: OfferFilter, inDocument?: DocumentCodes): SearchTerms {
  const recognised = recognisedSql(plan.filters, f, inDocument);
  if (!plan.query) return { query: plan.query, recognised };
  const codes = inDocument
    ? [inDocument.filterBody, inDocument.filterFuel, inDocument.body, inDocument.fuel]
    : [];
  return { query: [`(${plan.query})`, ...codes.filter((c) => c !== undefined)].join(" & "), recognised };
}

function searchSql({ query, recognised }: SearchTerms): SQL {
  if (query === null) return sql`false`;
  const parts = query ? [sql`o.search_words @@ ${query}::tsquery`, ...recognised] : recognised;
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export type ListOrder = "filter" | "endingFirst";

/**
 * `search`: the planned search, whose recognised makes and models narrow the list like the filter's.
 */
export function offerOrderBy(f: OfferFilter, order: ListOrder = "filter", search?: SearchPlan): SQL {
  if (order === "endingFirst") return sql.raw("o.auction_end asc, o.id asc");
  const cash = f.IsCompany ? cashNettoSql : cashBruttoSql;
  // With a make, model or fuel chosen, walking the price index in order is a trap: those filters go
  // with price (a make's cars are dear or cheap), so PostgreSQL may read most of the table to find one
  // page. "+ 0" hides the index order: the rows are found by the filter's index and sorted (measured).
  // A search names makes and models too ('oktavia', used, up to 150 000 zł, cheapest first: the price
  // index walk read 9 400 rows for 30, 34 ms on PGlite; found by the search index and sorted, 8 ms).
  const selective =
    f.Makes.length > 0 || f.Models.length > 0 || f.FuelTypes.length > 0 || Boolean(f.Search?.trim());
  const price =
    f.FinancialMethod === "installment" ? instalmentNettoSql : selective ? sql`(${cash} + 0)` : cash;
  switch (f.SelectedSortingValue) {
    case Sorting.priceAsc:
      // Same order as the cash price indexes (expression, id), so a price range is read in order.
      return sql`${price} asc nulls last, o.id asc`;
    case Sorting.priceDesc:
      // Offers without the price (no cash sale) go last. With a price bound none of them is in the
      // result, so "nulls first" orders the same rows identically, and only that order is the price
      // index read backwards: the first page is then read straight from the index (19 ms → 0.1 ms).
      return f.FinancialMethod !== "installment" && (f.PriceFrom !== undefined || f.PriceTo !== undefined)
        ? sql`${price} desc nulls first, o.id desc`
        : sql`${price} desc nulls last, o.id desc`;
    case Sorting.newest:
      return sql.raw("o.published_at desc, o.id desc");
    case Sorting.mileageAsc:
      return sql.raw("o.mileage asc, o.id desc");
    default:
      // Recommended: promoted offers first, then the newest. With a make or model the same trap as
      // above: PostgreSQL walked the recommended index and dropped 98 000 rows to count 1 700 Teslas
      // (390 ms); the cast hides the index order, the rows are found by the make's index (15 ms). A
      // broad search ('kamera cofania', 43 000 offers) is still better read in the index's order: its
      // count is read by a statement of its own (ADR 041), so the walk stops after the page's rows.
      return f.Makes.length > 0 ||
        f.Models.length > 0 ||
        search?.filters.some((x) => x.kind === "make" || x.kind === "model")
        ? sql.raw("o.is_promoted::int desc, o.published_at desc, o.id desc")
        : sql.raw("o.is_promoted desc, o.published_at desc, o.id desc");
  }
}
