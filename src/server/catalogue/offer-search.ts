import { sql } from "drizzle-orm";
import type { FilterData, SearchFilter } from "../../domain/catalogue/dto";
import type { OfferFilter } from "../../domain/catalogue/filters";
import {
  type CatalogueNames,
  equipmentVocabulary,
  type RecognisedFilter,
  searchTokens,
  searchWithout,
  type UnderstandOptions,
  understandSearch,
} from "../../domain/catalogue/query-understanding";
import { normalizeForSearch, searchWords } from "../../domain/search-text";
import type { Db } from "../db/client";
import { type SearchPlan, vocabularyWords } from "./offer-query";
import { rowsOf } from "./offer-tiles";

/**
 * The catalogue search, server side: what the words mean (understandSearch over the makes and models
 * on sale), the tsquery of the words left, and a way on when a search finds nothing.
 */

/** The makes and models on sale and the catalogue's equipment words, for understandSearch. */
export async function readCatalogueNames(db: Db, data: FilterData): Promise<CatalogueNames> {
  const words = await rowsOf<{ word: string }>(
    db,
    sql`select word from search_lexicon where in_equipment and not in_name`,
  );
  return {
    makes: data.MakesAndModels.map((m) => m.Make.Value),
    models: data.MakesAndModels.flatMap((m) => m.Models.map((x) => ({ make: m.Make.Value, model: x.Value }))),
    otherWords: equipmentVocabulary(words.map((w) => w.word)),
  };
}

/** The tsquery of words by search_plan (prefixes, typo corrections, body/fuel/equipment words). */
async function textQuery(db: Db, text: string): Promise<string | null> {
  const [plan] = await rowsOf<{ q: string | null }>(
    db,
    sql`select search_plan(${text}, ${JSON.stringify(vocabularyWords(text))}::jsonb)::text as q`,
  );
  return plan?.q ?? null;
}

/**
 * A search as filters and a tsquery, planned once for the page and its count. A search without words
 * is none; one whose words mean nothing the documents could hold ('%%') finds nothing.
 */
export async function planSearch(
  db: Db,
  search: string | undefined,
  names: CatalogueNames,
  opts: UnderstandOptions = {},
): Promise<SearchPlan | undefined> {
  if (!search || !searchWords(search).length) return undefined;
  const understood = understandSearch(search, names, opts);
  const { equipment } = understood;
  if (!understood.filters.length) return { filters: [], equipment, query: await textQuery(db, search) };
  const rest = understood.rest.join(" ");
  return { filters: understood.filters, equipment, query: rest ? await textQuery(db, rest) : undefined };
}

/** Instalments are offered to companies only (forPrivateBuyer): a private buyer's search leaves them out. */
export const isInstalment = (f: Pick<RecognisedFilter, "kind">) =>
  f.kind === "installmentFrom" || f.kind === "installmentTo";

/** A chip's words: a price says which (the list's prices are netto for a company, brutto for a person). */
function chipLabel(f: RecognisedFilter, isCompany: boolean): string {
  if (isInstalment(f)) return isCompany ? f.label : `${f.label} – tylko dla firm`;
  if (f.kind === "priceFrom" || f.kind === "priceTo") return `${f.label} ${isCompany ? "netto" : "brutto"}`;
  if (f.kind === "sale" && !isCompany && f.values.includes("auction")) return `${f.label} – tylko dla firm`;
  return f.label;
}

/**
 * The recognised filters of a search as the API shows them, each with the search without it. A
 * private buyer's instalment words bound nothing (recognisedSql leaves them out): the chip says so.
 */
export function searchFiltersOf(search: string, plan: SearchPlan, isCompany = true): SearchFilter[] {
  const chips = [
    ...plan.filters.map((f) => ({
      first: f.tokens[0],
      chip: {
        Kind: f.kind,
        Values: f.values,
        ...(f.amount !== undefined ? { Amount: f.amount } : {}),
        Text: f.text,
        Label: chipLabel(f, isCompany),
        SearchWithout: searchWithout(search, f),
      } satisfies SearchFilter,
    })),
    // Equipment words stay in the text search; the chip shows them and takes them out.
    ...(plan.equipment ?? []).map((e) => ({
      first: e.tokens[0],
      chip: {
        Kind: "equipment",
        Values: [e.text],
        Text: e.text,
        // In the list's own words, not shouted: "SKÓRA" typed reads "Wyposażenie: skóra".
        Label: `Wyposażenie: ${e.text.toLocaleLowerCase("pl")}`,
        SearchWithout: searchWithout(search, e),
      } satisfies SearchFilter,
    })),
  ];
  return chips.sort((a, b) => a.first - b.first).map((c) => c.chip);
}

/** Conditions given up first: unknown words, then the colour, amounts, then filter words, the car's name last. */
const GIVE_UP_ORDER: RecognisedFilter["kind"][] = [
  "color",
  "mileageTo",
  "mileageFrom",
  "installmentTo",
  "installmentFrom",
  "priceTo",
  "priceFrom",
  "yearFrom",
  "yearTo",
  "gearbox",
  "body",
  "sale",
  "fuel",
  "model",
  "make",
];

export interface SearchAlternative {
  search: string;
  differs: string[];
}

/** The nearest words the catalogue uses for each unknown word ("xtrial" → "x-trail"), if close. */
async function correctedWords(db: Db, words: string[]): Promise<Map<string, string>> {
  if (!words.length) return new Map();
  const rows = await rowsOf<{ w: string; word: string }>(
    db,
    sql`select w, (select l.word from search_lexicon l where l.in_name and similarity(l.word, w) >= 0.25
                   order by similarity(l.word, w) desc, l.word limit 1) as word
        from unnest(${sql.param(words)}::text[]) as w`,
  );
  return new Map(rows.filter((r) => r.word && r.word !== r.w).map((r) => [r.w, r.word]));
}

/**
 * Searches close to one that found nothing, nearest first: its unknown words corrected to the
 * catalogue's words, then without them, then without one recognised condition at a time.
 */
export async function searchAlternatives(
  db: Db,
  search: string,
  names: CatalogueNames,
): Promise<SearchAlternative[]> {
  const understood = understandSearch(search, names);
  const tokens = searchTokens(search);
  const taken = new Set(understood.filters.flatMap((f) => f.tokens));
  const unknown = tokens.map((t, i) => ({ t, i })).filter((x) => !taken.has(x.i));
  const out: SearchAlternative[] = [];
  const corrections = await correctedWords(db, understood.rest);
  if (corrections.size) {
    const corrected = tokens.map((t, i) => {
      const rest = taken.has(i) ? undefined : corrections.get(normalizeForSearch(t));
      return rest ?? t;
    });
    out.push({
      search: corrected.join(" "),
      differs: [...corrections.values()].map((w) => `„${w}” zamiast wpisanego słowa`),
    });
  }
  if (understood.filters.length && understood.rest.length) {
    out.push({
      search: tokens.filter((_, i) => taken.has(i)).join(" "),
      differs: [
        unknown.length === 1
          ? `bez słowa „${unknown[0].t}”`
          : `bez słów ${unknown.map((x) => `„${x.t}”`).join(", ")}`,
      ],
    });
  }
  const byOrder = [...understood.filters].sort(
    (a, b) => GIVE_UP_ORDER.indexOf(a.kind) - GIVE_UP_ORDER.indexOf(b.kind),
  );
  for (const f of byOrder) {
    const without = searchWithout(search, f);
    if (without.trim()) out.push({ search: without, differs: [`bez warunku ${f.label}`] });
  }
  return out;
}

/** A filter with another search (the alternatives are counted with the filter's other conditions). */
export const withSearch = (f: OfferFilter, search: string): OfferFilter => ({
  ...f,
  Search: search,
  Page: 1,
});
