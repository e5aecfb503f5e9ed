import { type SQL, sql } from "drizzle-orm";
import type { FilterData, SearchSuggestions, VariantInfo } from "../../domain/catalogue/dto";
import { OfferFilterSchema } from "../../domain/catalogue/filter-schema";
import type { OfferFilter, SaleType } from "../../domain/catalogue/filters";
import type { OfferDetails, OfferList, OfferTile } from "../../domain/catalogue/offer";
import { type CatalogueNames, understandSearch } from "../../domain/catalogue/query-understanding";
import type { Vocabulary } from "../../domain/catalogue/vocabulary";
import { canonicalMake, sameMake } from "../../domain/make-names";
import { cachedValue } from "../cache";
import type { Db } from "../db/client";
import { type BannerSlide, createBannerSlides } from "./banner-slides";
import { createOfferDetails } from "./offer-details";
import {
  type ListOrder,
  type OfferConditions,
  offerConditions,
  offerOrderBy,
  offerWhere,
  type WhereOptions,
} from "./offer-query";
import {
  planSearch,
  readCatalogueNames,
  searchAlternatives,
  searchFiltersOf,
  withSearch,
} from "./offer-search";

import { date, rowsOf, SHOWN, TILE_COLUMNS, type TileRow, toTile } from "./offer-tiles";

const SUGGESTED_MAKES = 3;
const SUGGESTED_MODELS = 6;

export type { BannerSlide, FilterData, SearchSuggestions, VariantInfo };

export interface ListOptions {
  order?: ListOrder;
  auctions?: WhereOptions["auctions"];
  now?: Date;
}

export interface OffersService {
  /** Forget the kept filter values (the catalogue changed). */
  invalidate(): void;
  /** Makes and models with their offer counts whose names match the words (typos forgiven). */
  /** Makes and models for the typed text, counted as the buyer (a company, or not: `isCompany`) sees the list. */
  suggestions(query: string, opts?: { isCompany?: boolean }): Promise<SearchSuggestions>;
  /** Slides of a placement, in order, without those past their end date. */
  banners(placement: "home-slider" | "home-bottom" | "electric-slider"): Promise<BannerSlide[]>;
  list(filter: OfferFilter, opts?: ListOptions): Promise<OfferList>;
  count(filter: OfferFilter, opts?: ListOptions): Promise<number>;
  /** Tiles of the given offers, in that order; ended auctions only with `withEnded` (favourites). */
  tilesByIds(ids: number[], opts?: { withEnded?: boolean }): Promise<OfferTile[]>;
  details(id: number, saleType?: SaleType): Promise<OfferDetails | null>;
  recommended(id: number, saleType: SaleType, limit?: number): Promise<OfferTile[] | null>;
  /** Offers of the section like one no longer shown (or never there): for its "no longer available" page. */
  similarToGone(id: number, saleType: SaleType, limit?: number): Promise<OfferTile[]>;
  filterData(): Promise<FilterData>;
  multipleVariants(): Promise<VariantInfo[]>;
  /** Every offer for the sitemap: id, sale type, names and the last change. */
  sitemapEntries(): Promise<
    { id: number; saleType: SaleType; make: string; model: string; updatedAt: Date }[]
  >;
  vocabulary: Vocabulary;
}

/**
 * Filter values change only when offers come and go: kept, they spare four DISTINCT scans per page.
 * The catalogue change feed forgets them (services.ts), so a new make is known at once.
 */
const FILTER_VALUES_TTL_MS = 30_000;

export function createOffersService(db: Db, vocabulary: Vocabulary, clock: () => Date): OffersService {
  const kept = createKeptValues(db, vocabulary, clock);
  const { details, recommended, similarToGone } = createOfferDetails(db, clock);
  const slides = createBannerSlides(db, clock, FILTER_VALUES_TTL_MS);
  const lists = createOfferLists(db, clock, kept.filterData.get, kept.names.get);

  return {
    banners: slides.banners,
    suggestions: async (query, opts) =>
      readSuggestions(db, query, await kept.names.get(), kept.modelCounts.get, {
        now: clock(),
        isCompany: opts?.isCompany ?? true,
      }),
    ...lists,
    details,
    recommended,
    similarToGone,
    filterData: kept.filterData.get,
    invalidate: () => {
      kept.filterData.invalidate();
      kept.names.invalidate();
      kept.modelCounts.invalidate();
      kept.variants.invalidate();
      slides.invalidate();
    },
    multipleVariants: kept.variants.get,
    sitemapEntries: () => readSitemapEntries(db, clock),
    vocabulary,
  };
}

/** The filter values, the suggestions' counts and the models with variants, kept for a while. */
function createKeptValues(db: Db, vocabulary: Vocabulary, clock: () => Date) {
  const keep = { ttlMs: FILTER_VALUES_TTL_MS, clock: { now: clock } };
  const filterData = cachedValue(() => readFilterData(db, vocabulary, clock), keep);
  return {
    filterData,
    // The search's names: the filter data's makes and models and the equipment words.
    names: cachedValue(async () => readCatalogueNames(db, await filterData.get()), keep),
    modelCounts: cachedValue(() => readModelCounts(db, clock), keep),
    variants: cachedValue(() => readMultipleVariants(db), keep),
  };
}

/** Makes and models as people type them ("skoda") become the stored names ("Škoda"). */
async function canonical(filter: OfferFilter, filterData: () => Promise<FilterData>): Promise<OfferFilter> {
  if (!filter.Makes.length && !filter.Models.length) return filter;
  const data = await filterData();
  const stored = data.MakesAndModels.map((m) => m.Make.Value);
  const models = new Map(
    data.MakesAndModels.flatMap((m) => m.Models.map((x) => [x.Value.toLowerCase(), x.Value])),
  );
  return {
    ...filter,
    // Every spelling of a make finds its cars: "Skoda", "ŠKODA" and "skoda" are "Škoda" (and any
    // spelling stored past the fleet API's mapping, migration 0015_make_spellings, is found as well).
    Makes: [
      ...new Set(
        filter.Makes.flatMap((m) => {
          const same = stored.filter((x) => sameMake(x, m));
          return same.length ? same : [canonicalMake(m)];
        }),
      ),
    ],
    Models: filter.Models.map((m) => models.get(m.toLowerCase()) ?? m),
  };
}

/** The number of offers a list's conditions match; a search's words alone are counted in the narrow table. */
async function countOf(db: Db, { where, wordsOnly }: OfferConditions): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    wordsOnly
      ? sql`select count(*)::int as n from active_offer_words s where ${wordsOnly}`
      : sql`select count(*)::int as n from offers o where ${where}`,
  );
  return row?.n ?? 0;
}

type PageParams = Pick<OfferFilter, "Page" | "ResultsPerPage">;
const offsetOf = (f: PageParams) => (f.Page - 1) * f.ResultsPerPage;

/**
 * The page and the number of all matches in one statement (the window's count is taken before the
 * limit, and the photo subquery still runs for the page's rows only): on the embedded database each
 * statement has about a millisecond of fixed cost, and the home page reads four lists. Past the last
 * page no row carries the count, so it is read on its own.
 */
async function pageWithCount(db: Db, conditions: OfferConditions, order: SQL, f: PageParams) {
  const { where } = conditions;
  const offset = offsetOf(f);
  const rows = await rowsOf<TileRow & { total: number }>(
    db,
    sql`select ${TILE_COLUMNS}, (count(*) over ())::int as total from offers o where ${where} order by ${order} limit ${f.ResultsPerPage} offset ${offset}`,
  );
  return { rows, count: rows[0]?.total ?? (offset > 0 ? await countOf(db, conditions) : 0) };
}

/**
 * A list searched by words of the documents (equipment, version, words no filter means): the page and
 * the count as two statements, at once (two connections of the pool on PostgreSQL; ADR 041). In one
 * statement the window's count makes PostgreSQL hold every match with its tile columns before the
 * limit, and the planner, costing the limit as if it stopped early, walked the recommended-order
 * index past all 100 000 offers checking each one's document: 'kamera cofania' among SUVs (18 000
 * matches) took 140 ms, where the count alone finds the matches in the search index (20 ms) and the
 * page alone stops after its rows (1 ms). A search the filters answer alone ('skoda octavia') keeps
 * the one statement: its rows are found by the make's index and sorted, and two statements would
 * read them twice.
 */
async function searchedPage(db: Db, conditions: OfferConditions, order: SQL, f: PageParams) {
  const [rows, count] = await Promise.all([
    rowsOf<TileRow>(
      db,
      sql`select ${TILE_COLUMNS} from offers o where ${conditions.where} order by ${order} limit ${f.ResultsPerPage} offset ${offsetOf(f)}`,
    ),
    countOf(db, conditions),
  ]);
  return { rows, count };
}

/** The lists of offer tiles: a filtered page with its count, the count alone, and chosen offers. */
function createOfferLists(
  db: Db,
  clock: () => Date,
  filterData: () => Promise<FilterData>,
  names: () => Promise<CatalogueNames>,
): Pick<OffersService, "list" | "count" | "tilesByIds"> {
  const plan = async (search: string | undefined) => planSearch(db, search, await names());

  async function list(input: OfferFilter, opts: ListOptions = {}): Promise<OfferList> {
    const now = opts.now ?? clock();
    const [filter, search] = await Promise.all([canonical(input, filterData), plan(input.Search)]);
    const conditions = offerConditions(filter, { now, auctions: opts.auctions, search });
    const order = offerOrderBy(filter, opts.order, search);
    const { rows, count } = search?.query
      ? await searchedPage(db, conditions, order, filter)
      : await pageWithCount(db, conditions, order, filter);
    const found: OfferList = { Tails: rows.map((r) => toTile(r, now)), Count: count };
    if (!input.Search || !search) return found;
    if (search.filters.length || search.equipment?.length)
      found.SearchFilters = searchFiltersOf(input.Search, search, filter.IsCompany);
    if (count === 0) {
      const way = await nearestSearch(input, input.Search, opts);
      if (way) found.DidYouMean = way;
    }
    return found;
  }

  /** The first search close to one that found nothing which finds cars (with the other filters). */
  async function nearestSearch(input: OfferFilter, search: string, opts: ListOptions) {
    for (const alt of await searchAlternatives(db, search, await names())) {
      const n = await count(withSearch(input, alt.search), opts);
      if (n > 0) return { Search: alt.search, Count: n, Differs: alt.differs };
    }
    return undefined;
  }

  async function count(input: OfferFilter, opts: ListOptions = {}): Promise<number> {
    const [filter, search] = await Promise.all([canonical(input, filterData), plan(input.Search)]);
    return countOf(
      db,
      offerConditions(filter, { now: opts.now ?? clock(), auctions: opts.auctions, search }),
    );
  }

  async function tilesByIds(ids: number[], opts: { withEnded?: boolean } = {}): Promise<OfferTile[]> {
    if (!ids.length) return [];
    const now = clock();
    const rows = await rowsOf<TileRow>(
      db,
      sql`select ${TILE_COLUMNS} from offers o where o.id = any(${sql.param(ids)}::int[])
            and ${opts.withEnded ? SHOWN : sql`o.status = 'active'`}`,
    );
    const byId = new Map(rows.map((r) => [r.id, toTile(r, now)]));
    return ids.map((id) => byId.get(id)).filter((t): t is OfferTile => t !== undefined);
  }

  return {
    list,
    count,
    tilesByIds,
  };
}

/** Offers on sale per make and model: all of them (a company's list) and a private buyer's share. */
type ModelCount = { make: string; model: string; n: number; private: number };

/**
 * Makes and models for the typed words, with their offer counts, as the list understands the words
 * (nicknames, typos, the start of a name while typing). Words naming only makes and models are
 * answered from the kept counts; any other word (a filter word, equipment: "skóra") counts the cars
 * the list would show, per make and model.
 */
async function readSuggestions(
  db: Db,
  query: string,
  names: CatalogueNames,
  modelCounts: () => Promise<ModelCount[]>,
  { now, isCompany }: { now: Date; isCompany: boolean },
): Promise<SearchSuggestions> {
  const understood = understandSearch(query, names, { typing: true });
  const onlyNames =
    understood.filters.length > 0 &&
    !understood.rest.length &&
    understood.filters.every((f) => f.kind === "make" || f.kind === "model");
  let counts: Pick<ModelCount, "make" | "model" | "n">[];
  if (onlyNames) {
    const named = (kind: "make" | "model") =>
      understood.filters.filter((f) => f.kind === kind).flatMap((f) => f.values);
    const [makes, models] = [named("make"), named("model")];
    // A private buyer's list holds no auctions and only cars sold for cash: the counts say so too.
    counts = (await modelCounts())
      .filter(
        (c) => (!makes.length || makes.includes(c.make)) && (!models.length || models.includes(c.model)),
      )
      .map((c) => (isCompany ? c : { ...c, n: c.private }))
      .filter((c) => c.n > 0);
  } else {
    const plan = await planSearch(db, query, names, { typing: true });
    if (!plan || plan.query === null) return { Makes: [], Models: [] };
    const where = offerWhere(OfferFilterSchema.parse({ IsCompany: isCompany }), { now, search: plan });
    counts = await rowsOf<Pick<ModelCount, "make" | "model" | "n">>(
      db,
      sql`select make, model, count(*)::int as n from offers o where ${where} group by make, model`,
    );
  }
  const rows = counts.sort(
    (a, b) => b.n - a.n || a.make.localeCompare(b.make, "pl") || a.model.localeCompare(b.model, "pl"),
  );
  const perMake = new Map<string, number>();
  for (const r of rows) perMake.set(r.make, (perMake.get(r.make) ?? 0) + r.n);
  const modelNamed = understood.filters.some((f) => f.kind === "model");
  return {
    Makes: modelNamed
      ? []
      : [...perMake]
          .sort((a, b) => b[1] - a[1])
          .slice(0, SUGGESTED_MAKES)
          .map(([Name, Count]) => ({ Name, Count })),
    Models: rows.slice(0, SUGGESTED_MODELS).map((m) => ({ Make: m.make, Model: m.model, Count: m.n })),
  };
}

async function readFilterData(db: Db, vocabulary: Vocabulary, clock: () => Date): Promise<FilterData> {
  const now = clock().toISOString();
  const open = sql`status = 'active' and (sale_type <> 'auction' or auction_end > ${now}::timestamptz)`;
  const [body, fuel, gear, makes] = await Promise.all([
    rowsOf<{ v: string }>(db, sql`select distinct body_type as v from offers where ${open} order by 1`),
    rowsOf<{ v: string }>(db, sql`select distinct fuel_type as v from offers where ${open} order by 1`),
    rowsOf<{ v: string }>(db, sql`select distinct gearbox_type as v from offers where ${open} order by 1`),
    rowsOf<{ make: string; model: string }>(
      db,
      sql`select distinct make, model from offers where ${open} order by make, model`,
    ),
  ]);
  const grouped = new Map<string, string[]>();
  for (const r of makes) {
    const models = grouped.get(r.make) ?? [];
    models.push(r.model);
    grouped.set(r.make, models);
  }
  return {
    BodyTypes: body.map((r) => ({ Name: vocabulary.bodyTypeName(r.v), Value: r.v })),
    FuelTypes: fuel.map((r) => ({ Name: vocabulary.fuelTypeName(r.v), Value: r.v })),
    GearBoxTypes: gear.map((r) => ({ Name: vocabulary.gearBoxName(r.v), Value: r.v })),
    MakesAndModels: [...grouped].map(([make, models]) => ({
      Make: { Name: make, Value: make },
      Models: models.map((m) => ({ Name: m, Value: m })),
    })),
    AvailableAlertMakes: [...grouped.keys()],
  };
}

/** Offers on sale (ended auctions aside) per make and model: the suggestions' counts. */
async function readModelCounts(db: Db, clock: () => Date): Promise<ModelCount[]> {
  const now = clock().toISOString();
  return rowsOf(
    db,
    sql`select make, model, count(*)::int as n,
          (count(*) filter (where is_cash_available and sale_type <> 'auction'))::int as private
        from offers
        where status = 'active' and (sale_type <> 'auction' or auction_end > ${now}::timestamptz)
        group by make, model`,
  );
}

async function readMultipleVariants(db: Db): Promise<VariantInfo[]> {
  // A model sold new in more than one version gets its own list page (/{make}-{model}).
  const rows = await rowsOf<{ make: string; model: string }>(
    db,
    sql`select make, model from offers where sale_type = 'new' and status = 'active'
        group by make, model having count(distinct version) > 1 order by make, model`,
  );
  return rows.map((r) => ({ Make: r.make, Model: r.model }));
}

/** Every offer on sale for the sitemap: id, sale type, names and the last change. */
async function readSitemapEntries(db: Db, clock: () => Date) {
  const now = clock().toISOString();
  const rows = await rowsOf<{
    id: number;
    sale_type: SaleType;
    make: string;
    model: string;
    updated_at: Date | string;
  }>(
    db,
    sql`select id, sale_type, make, model, updated_at from offers
        where status = 'active' and (sale_type <> 'auction' or auction_end > ${now}::timestamptz) order by id`,
  );
  return rows.map((r) => ({
    id: r.id,
    saleType: r.sale_type,
    make: r.make,
    model: r.model,
    updatedAt: date(r.updated_at) as Date,
  }));
}
