import { formatKm, formatPrice } from "../format";
import {
  compactWord,
  MAX_SEARCH_LENGTH,
  normalizeForSearch,
  typoDistance,
  typosAllowed,
} from "../search-text";
import { bodyTypeName, fuelTypeName, gearBoxTypeName, SALE_TYPES } from "../vehicles";
import {
  COLOUR_WORDS,
  colourOfWord,
  FILLER_WORDS,
  FILTER_WORDS,
  MAKE_NICKNAMES,
  RANGE_WORDS,
} from "./vocabulary";

/**
 * What a buyer's search means: the words that name a make, a model or a filter ("vw golf automat do
 * 100 tys") become those filters, and the words left (versions, equipment) stay a text search. Data
 * driven: makes and models are the catalogue's own, matched without separators ("rav 4" = "RAV4",
 * "id4" = "ID.4"), by their leading words ("corolla" = both Corollas) and with typos ("glof"); filter
 * words are the stems of FILTER_WORDS. Pure, so the list, its count and the suggestions agree.
 */

/** The names on sale: the catalogue's makes and models (filter data). */
export interface CatalogueNames {
  makes: readonly string[];
  models: readonly { make: string; model: string }[];
  /**
   * Other words the catalogue uses (equipment: "skorzana", "kamera"), normalised: a word that is one
   * of them, or a form of one ("skóra"), is not taken for a typo of a name ("skoda").
   */
  otherWords?: readonly string[];
}

export type RecognisedKind =
  | "make"
  | "model"
  | "fuel"
  | "gearbox"
  | "body"
  | "sale"
  | "color"
  | "yearFrom"
  | "yearTo"
  | "priceFrom"
  | "priceTo"
  | "installmentFrom"
  | "installmentTo"
  | "mileageFrom"
  | "mileageTo";

/** One filter a search's words mean, shown as a removable chip. */
export interface RecognisedFilter {
  kind: RecognisedKind;
  /** Stored values: makes, models, codes (fuel, gearbox, body) or colour names; empty for an amount. */
  values: string[];
  /** The year, price (zł), monthly instalment (zł) or mileage (km). */
  amount?: number;
  /** The words of the search it came from, as typed ("do 100 tys"). */
  text: string;
  /** What it means, in Polish: "Skrzynia: automatyczna". */
  label: string;
  /** Positions of its words in the search (see searchTokens). */
  tokens: number[];
  /** For models: their makes (a model's make is implied, and lets the database use its make index). */
  makes?: string[];
}

export interface UnderstoodSearch {
  filters: RecognisedFilter[];
  /** Words for the text search (versions, equipment, unknown words), normalised. */
  rest: string[];
  /**
   * Runs of the rest's words that name equipment ("kamera cofania", "skóra"): still searched in the
   * documents, and shown as chips the buyer can remove like a filter's.
   */
  equipment: EquipmentWords[];
}

export interface EquipmentWords {
  /** The words as typed. */
  text: string;
  /** Their positions among the search's words (searchTokens). */
  tokens: number[];
}

export interface UnderstandOptions {
  /** The search box while typing: the last word may be the start of a name from two letters. */
  typing?: boolean;
}

/** The words of a search as typed (white space apart), at most MAX_SEARCH_LENGTH characters. */
export function searchTokens(query: string): string[] {
  return query.slice(0, MAX_SEARCH_LENGTH).trim().split(/\s+/).filter(Boolean);
}

/** The search without the words of one recognised filter (the chip's remove button). */
export function searchWithout(query: string, filter: Pick<RecognisedFilter, "tokens">): string {
  return searchTokens(query)
    .filter((_, i) => !filter.tokens.includes(i))
    .join(" ");
}

const MAX_SPAN = 4;
const MIN_PREFIX = 3;

type NameKind = "full" | "lead" | "family" | "inner";
interface ModelRef {
  make: string;
  model: string;
  kind: NameKind;
}

/** Every way a make or model may be written without separators, to the names it means. */
interface NameIndex {
  makes: Map<string, Set<string>>;
  models: Map<string, ModelRef[]>;
}

function add<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const splitName = (name: string) =>
  normalizeForSearch(name)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function buildIndex(names: CatalogueNames): NameIndex {
  const makes = new Map<string, Set<string>>();
  const addMake = (key: string, make: string) => {
    if (!key) return;
    const set = makes.get(key) ?? new Set<string>();
    set.add(make);
    makes.set(key, set);
  };
  for (const make of names.makes) {
    const words = splitName(make);
    addMake(words.join(""), make);
    if (words[0] && words[0].length >= 3) addMake(words[0], make);
  }
  for (const [nick, make] of Object.entries(MAKE_NICKNAMES)) {
    if (names.makes.includes(make)) addMake(nick, make);
  }
  // A first word shared by models of a make is a family ("Seria 3", "Seria 5"; "Klasa A"): the rest of
  // the name then stands alone too ("bmw 5").
  const firstWords = new Map<string, number>();
  for (const m of names.models) {
    const key = `${m.make}\u0000${splitName(m.model)[0]}`;
    firstWords.set(key, (firstWords.get(key) ?? 0) + 1);
  }
  const models = new Map<string, ModelRef[]>();
  for (const m of names.models) {
    const words = splitName(m.model);
    const family = (firstWords.get(`${m.make}\u0000${words[0]}`) ?? 0) > 1;
    for (let start = 0; start < words.length; start++) {
      for (let end = start + 1; end <= words.length; end++) {
        const run = words.slice(start, end).join("");
        const kind: NameKind =
          start === 0 ? (end === words.length ? "full" : "lead") : start === 1 && family ? "family" : "inner";
        if (kind === "inner" && run.length < MIN_PREFIX) continue;
        add(models, run, { make: m.make, model: m.model, kind });
      }
    }
  }
  return { makes, models };
}

/** The working state of one search: its tokens (compact) and which are taken by a filter. */
interface Work {
  raw: string[];
  words: string[];
  taken: boolean[];
  filters: RecognisedFilter[];
  index: NameIndex;
  otherWords: readonly string[];
  typing: boolean;
}

/** Takes the words from..to (and a qualifier word elsewhere: "leasing golf do 1500") for a filter. */
function take(
  w: Work,
  from: number,
  to: number,
  f: Omit<RecognisedFilter, "text" | "tokens">,
  also?: number,
) {
  const tokens: number[] = [];
  for (let i = from; i < to; i++) tokens.push(i);
  if (also !== undefined && !w.taken[also]) tokens.push(also);
  tokens.sort((a, b) => a - b);
  for (const i of tokens) w.taken[i] = true;
  // The same name or filter written twice ("audi audi") is one chip, which takes both words away.
  const same = w.filters.find(
    (x) => x.kind === f.kind && x.amount === f.amount && x.values.join("|") === f.values.join("|"),
  );
  if (same) {
    same.tokens = [...same.tokens, ...tokens].sort((a, b) => a - b);
    same.text = same.tokens.map((i) => w.raw[i]).join(" ");
    return;
  }
  w.filters.push({ ...f, text: tokens.map((i) => w.raw[i]).join(" "), tokens });
}

const recognisedMakes = (w: Work) => w.filters.filter((f) => f.kind === "make").flatMap((f) => f.values);

/** Models a compact word names exactly, among the makes named in the search when there are some. */
function modelsNamed(w: Work, word: string): string[] {
  const refs = w.index.models.get(word) ?? [];
  const makes = recognisedMakes(w);
  const allowed = refs.filter((r) => {
    if (makes.length && !makes.includes(r.make)) return false;
    // One letter ("a" of "Klasa A") or two of a family member need the make in the search.
    if (word.length === 1) return makes.length > 0 && r.kind !== "inner";
    if (word.length === 2 && r.kind === "family") return makes.length > 0;
    return true;
  });
  return [...new Set(allowed.map((r) => r.model))];
}

const makeLabel = (values: string[]) => `Marka: ${values.join(", ")}`;
const modelLabel = (values: string[]) => `Model: ${values.join(", ")}`;

/** Makes and models written over several words ("alfa romeo", "rav 4", "mazda 6 kombi"). */
function takeNameSpans(w: Work) {
  for (let i = 0; i < w.words.length; i++) {
    for (let len = Math.min(MAX_SPAN, w.words.length - i); len >= 2; len--) {
      if (w.taken.slice(i, i + len).some(Boolean)) continue;
      const word = w.words.slice(i, i + len).join("");
      const makes = w.index.makes.get(word);
      if (makes) {
        take(w, i, i + len, { kind: "make", values: [...makes], label: makeLabel([...makes]) });
        break;
      }
      const models = modelsNamed(w, word);
      if (models.length) {
        take(w, i, i + len, { kind: "model", values: models, label: modelLabel(models) });
        break;
      }
      const swapped = len === 2 ? modelsSwapped(w, w.words[i], w.words[i + 1]) : [];
      if (swapped.length) {
        take(w, i, i + len, { kind: "model", values: swapped, label: modelLabel(swapped) });
        break;
      }
    }
  }
}

/**
 * Models whose name is two words typed the other way round ("c klasa" is Klasa C, "5 seria" Seria 5):
 * read as the name, not as its first word ("klasa": every Klasa) with a letter left to the text
 * search, which made the chip name models the list did not show.
 */
function modelsSwapped(w: Work, first: string, second: string): string[] {
  if (!first || !second) return [];
  const makes = recognisedMakes(w);
  const refs = (w.index.models.get(second + first) ?? []).filter(
    (r) =>
      (r.kind === "full" || r.kind === "lead") &&
      splitName(r.model).slice(0, 2).join(" ") === `${second} ${first}` &&
      (!makes.length || makes.includes(r.make)),
  );
  return [...new Set(refs.map((r) => r.model))];
}

type FilterKind = keyof typeof FILTER_WORDS;
const saleTypeLabel = (v: string) => SALE_TYPES.find((s) => s.value === v)?.label ?? v;
const FILTER_LABELS: Record<FilterKind, (values: string[]) => string> = {
  gearbox: (v) => `Skrzynia: ${v.map((x) => gearBoxTypeName(x).toLowerCase()).join(", ")}`,
  fuel: (v) => `Paliwo: ${v.map(fuelTypeName).join(", ")}`,
  body: (v) => `Nadwozie: ${v.map(bodyTypeName).join(", ")}`,
  sale: (v) => `Oferta: ${v.map(saleTypeLabel).join(", ")}`,
};

/** The filter values a word means by FILTER_WORDS: starts a long stem or equals a short one. */
function filterValues(word: string, typos: boolean): { kind: FilterKind; values: string[] } | null {
  for (const kind of Object.keys(FILTER_WORDS) as FilterKind[]) {
    const values = Object.entries(FILTER_WORDS[kind] as Record<string, readonly string[]>)
      .filter(([, stems]) =>
        stems.some((s) => {
          if (word === s || (s.length >= 5 && word.startsWith(s))) return true;
          // Not for how a car is sold: "leasing" is a typo's distance from "poleasing", and no ex-lease.
          if (!typos || kind === "sale" || s.length < 5 || word.length < 5) return false;
          // A typo in the stem part of a longer word: "automatyczna" typed "atomatyczna".
          const allowed = typosAllowed(word.length) > 1 && s.length >= 6 ? 2 : 1;
          return (
            typoDistance(word.slice(0, s.length), s, allowed) <= allowed || typoDistance(word, s) <= allowed
          );
        }),
      )
      .map(([value]) => value);
    if (values.length) return { kind, values };
  }
  return null;
}

/**
 * Whether a word that is also an equipment word is meant as one: another word of the search is
 * equipment too ("lusterka elektrycznie"), while "elektryczne" alone is the fuel.
 */
function amongEquipment(w: Work, i: number): boolean {
  if (!w.otherWords.includes(w.words[i])) return false;
  return w.words.some(
    (other, j) => j !== i && !w.taken[j] && other.length >= MIN_EQUIPMENT_WORD && isOtherWord(w, other),
  );
}

function takeFilterWords(w: Work, typos: boolean) {
  w.words.forEach((word, i) => {
    if (w.taken[i] || !word || (typos && isOtherWord(w, word)) || amongEquipment(w, i)) return;
    const found = filterValues(word, typos);
    if (found)
      take(w, i, i + 1, {
        kind: found.kind,
        values: found.values,
        label: FILTER_LABELS[found.kind](found.values),
      });
  });
}

/**
 * Colour words ("srebrna", "czarne", "bialy"): the offer's paint, a condition of the search itself
 * (the list's filter has no colour). Exact forms first; in the second pass a word of six letters or
 * more one typo off a form ("czerowny"), unless it is a word of the catalogue's equipment.
 */
function takeColours(w: Work, typos: boolean) {
  w.words.forEach((word, i) => {
    if (w.taken[i] || !word || (typos && (word.length < 6 || isOtherWord(w, word))) || amongEquipment(w, i))
      return;
    const colour = typos ? colourByTypo(word) : colourOfWord(word);
    if (colour) take(w, i, i + 1, { kind: "color", values: [colour], label: `Kolor: ${colour}` });
  });
}

function colourByTypo(word: string): string | undefined {
  for (const [name, forms] of COLOUR_WORDS)
    if (forms.some((f) => f.length >= 6 && typoDistance(word, f, 1) <= 1)) return name;
  return undefined;
}

/**
 * A family's first word followed by a member's letter or number that the catalogue does not have
 * ("klasa e" with no Klasa E on sale): not the family, or the list would show every Klasa under a chip
 * while the letter left to the text search found none of them. Both words go to the text search.
 */
function namesMissingMember(w: Work, i: number): boolean {
  const refs = w.index.models.get(w.words[i]) ?? [];
  const next = w.words[i + 1];
  return (
    refs.length > 0 && refs.every((r) => r.kind === "lead") && !!next && !w.taken[i + 1] && next.length <= 2
  );
}

/** Single words naming a make or a model exactly (models after makes: "bmw 5" is a BMW's 5). */
function takeExactNames(w: Work) {
  w.words.forEach((word, i) => {
    const makes = !w.taken[i] && w.index.makes.get(word);
    if (makes) take(w, i, i + 1, { kind: "make", values: [...makes], label: makeLabel([...makes]) });
  });
  w.words.forEach((word, i) => {
    if (w.taken[i] || !word || namesMissingMember(w, i)) return;
    const models = modelsNamed(w, word);
    if (models.length) take(w, i, i + 1, { kind: "model", values: models, label: modelLabel(models) });
  });
}

const digitsOf = (s: string) => s.replace(/\D/g, "");

/** The closest keys of a name map to a word: typos, and the start of a name (typed or mistyped). */
function closest<T>(
  map: Map<string, T>,
  word: string,
  prefix: boolean,
): { keys: string[]; distance: number } {
  let best: string[] = [];
  let bestDistance = Number.POSITIVE_INFINITY;
  const allowed = typosAllowed(word.length);
  // A typo never changes a number: "xc60" is no XC40 and "mc21" no MC20, however close the letters.
  const typo = (typed: string, name: string, max: number) =>
    digitsOf(typed) === digitsOf(name) ? typoDistance(typed, name, max) : max + 1;
  for (const key of map.keys()) {
    if (word.length === 3 && key[0] !== word[0]) continue;
    let d = typo(word, key, allowed);
    if (prefix && key.length > word.length) {
      if (key.startsWith(word)) d = 0;
      else if (word.length >= 5 && typo(word, key.slice(0, word.length), 1) <= 1) d = Math.min(d, 1);
    }
    if (d > allowed) continue;
    if (d < bestDistance) {
      best = [key];
      bestDistance = d;
    } else if (d === bestDistance) best.push(key);
  }
  return { keys: best, distance: bestDistance };
}

/** The words left that name equipment, next ones together: "kamera cofania" is one run. */
function equipmentRuns(w: Work): EquipmentWords[] {
  const runs: EquipmentWords[] = [];
  w.raw.forEach((typed, i) => {
    const word = w.words[i];
    if (w.taken[i] || !word || FILLER_WORDS.has(word) || !isOtherWord(w, word)) return;
    const last = runs.at(-1);
    if (last && last.tokens.at(-1) === i - 1) {
      last.tokens.push(i);
      last.text = `${last.text} ${typed}`;
    } else runs.push({ text: typed, tokens: [i] });
  });
  return runs;
}

/** The fewest letters of a word the catalogue's equipment is searched by ("hak", "abs", "led"). */
const MIN_EQUIPMENT_WORD = 3;

/**
 * Of the words the catalogue's equipment is written with (normalised, names aside), those a buyer's
 * word names equipment by (CatalogueNames.otherWords): from three characters ("hak" of "hak
 * holowniczy", "abs", "led" are whole names of equipment; "esp" was read as a typo of the model
 * "ES"), not a number alone ("17" of "felgi 17": an amount or a year in a search) and not the small
 * words every text has ("do", "na", "dla"), which name nothing. Two letters name models ("ES", "HS")
 * and prepositions far more often than equipment.
 */
export function equipmentVocabulary(words: readonly string[]): string[] {
  return words.filter(
    (word) => word.length >= MIN_EQUIPMENT_WORD && /\p{L}/u.test(word) && !FILLER_WORDS.has(word),
  );
}

/** Whether a word is, or is a form of, a word of the catalogue other than a name ("skóra"). */
function isOtherWord(w: Work, word: string): boolean {
  const stem = word.slice(0, Math.max(4, word.length - 2));
  return w.otherWords.some((o) => o === word || (word.length >= 4 && o.startsWith(stem)));
}

/** Words left that are the start of a name or a typo of one ("toyo", "glof", "tesal", "oktav"). */
function takeCloseNames(w: Work) {
  w.words.forEach((word, i) => {
    if (w.taken[i] || FILLER_WORDS.has(word) || isOtherWord(w, word) || namesMissingMember(w, i)) return;
    // A number is a number: it names a model only exactly ("3008", "500"; takeExactNames), never by
    // a typo or as the start of a longer one ("300" is no 3008).
    if (/^\d+$/.test(word)) return;
    const last = i === w.words.length - 1;
    const minPrefix = w.typing && last ? 2 : MIN_PREFIX;
    if (word.length < minPrefix) return;
    const prefix = true;
    const makes = closest(w.index.makes, word, prefix);
    const makesNamed = recognisedMakes(w);
    const modelMap = new Map(
      [...w.index.models].filter(([, refs]) =>
        refs.some(
          (r) =>
            (r.kind !== "inner" || word.length >= MIN_PREFIX) &&
            (!makesNamed.length || makesNamed.includes(r.make)),
        ),
      ),
    );
    const models = closest(modelMap, word, prefix);
    if (makes.keys.length && makes.distance <= models.distance) {
      const values = [...new Set(makes.keys.flatMap((k) => [...(w.index.makes.get(k) ?? [])]))];
      take(w, i, i + 1, { kind: "make", values, label: makeLabel(values) });
    } else if (models.keys.length) {
      const values = [
        ...new Set(
          models.keys.flatMap((k) =>
            (w.index.models.get(k) ?? [])
              .filter((r) => !makesNamed.length || makesNamed.includes(r.make))
              .map((r) => r.model),
          ),
        ),
      ];
      if (values.length) take(w, i, i + 1, { kind: "model", values, label: modelLabel(values) });
    }
  });
}

/**
 * One or two letters after a make that begin the names of its models ("audi a": A3, A4; "volvo xc":
 * XC40, XC60; "toyota c": Corolla, Corolla Cross), read as those models. Left to the text search, a
 * lone letter matched no word of any offer and the list was empty while the buyer was naming a model.
 * Words that carry no condition or bound an amount ("bmw z automatem", "kia do 100 tys") are not
 * letters of a name.
 */
function takeSeriesLetters(w: Work) {
  const makes = recognisedMakes(w);
  if (!makes.length) return;
  w.words.forEach((word, i) => {
    if (w.taken[i] || !/^[a-z]{1,2}$/.test(word)) return;
    if (FILLER_WORDS.has(word) || TO_WORDS.has(word) || FROM_WORDS.has(word)) return;
    const models = new Set<string>();
    for (const [key, refs] of w.index.models) {
      if (!key.startsWith(word)) continue;
      // A model's own first words ("full", "lead"), not words inside its name ("Proace City").
      for (const r of refs)
        if ((r.kind === "full" || r.kind === "lead") && makes.includes(r.make)) models.add(r.model);
    }
    if (models.size)
      take(w, i, i + 1, { kind: "model", values: [...models], label: modelLabel([...models]) });
  });
}

export function understandSearch(
  query: string,
  names: CatalogueNames,
  opts: UnderstandOptions = {},
): UnderstoodSearch {
  const raw = searchTokens(query);
  const w: Work = {
    raw,
    words: raw.map(compactWord),
    taken: raw.map(() => false),
    filters: [],
    index: indexOf(names),
    otherWords: names.otherWords ?? [],
    typing: Boolean(opts.typing),
  };
  takeAmounts(w, names);
  takeNameSpans(w);
  takeFilterWords(w, false);
  takeExactNames(w);
  takeColours(w, false);
  takeYears(w);
  takeFilterWords(w, true);
  takeColours(w, true);
  takeCloseNames(w);
  takeSeriesLetters(w);
  const rest = raw
    .map((r, i) => (w.taken[i] ? "" : normalizeForSearch(r)))
    .filter((word, i) => word && w.words[i] && !FILLER_WORDS.has(w.words[i]));
  const makesNamed = recognisedMakes(w);
  for (const f of w.filters) {
    if (f.kind !== "model") continue;
    const of = names.models.filter(
      (m) => f.values.includes(m.model) && (!makesNamed.length || makesNamed.includes(m.make)),
    );
    f.makes = [...new Set(of.map((m) => m.make))];
  }
  w.filters.sort((a, b) => a.tokens[0] - b.tokens[0]);
  return { filters: w.filters, rest, equipment: equipmentRuns(w) };
}

let cached: { names: CatalogueNames; index: NameIndex } | null = null;
/** The index of the last catalogue names (the service keeps one filter data for a while). */
function indexOf(names: CatalogueNames): NameIndex {
  if (cached?.names !== names) cached = { names, index: buildIndex(names) };
  return cached.index;
}

const TO_WORDS = new Set(["do", "max", "maks", "maksymalnie", "ponizej", "najwyzej", "przed"]);
const FROM_WORDS = new Set(["od", "min", "minimum", "powyzej", "po", "z", "ze"]);
const THOUSANDS = ["tysiecy", "tysiace", "tysiac", "tys", "k"];
// "złoty", "złote" after an amount are the currency ("50 tys złoty"); alone, "złoty" is the paint.
const CURRENCY = ["zlotych", "zloty", "zlote", "zl", "pln"];
const MONTHLY = ["miesiecznie", "mies", "msc", "mc"];
/** Longest first, so that a word is read as the units it is made of ("zlmies" = "zł/mies."). */
const UNITS = [...THOUSANDS, ...CURRENCY, ...MONTHLY, "km"].sort((a, b) => b.length - a.length);
const YEAR_MIN = 1950;
const MAX_AMOUNT = 100_000_000;
const YEAR_MAX = 2100;

type RangeKind = keyof typeof RANGE_WORDS;
const QUALIFIERS = new Map<string, RangeKind>(
  (Object.entries(RANGE_WORDS) as [RangeKind, readonly string[]][]).flatMap(([kind, words]) =>
    words.map((word) => [word, kind] as const),
  ),
);

/** The units a word is made of ("tys", "zlmies"), or null when it holds anything else. */
function unitsOf(text: string): string[] | null {
  const out: string[] = [];
  let rest = text;
  while (rest) {
    const unit = UNITS.find((u) => rest.startsWith(u));
    if (!unit) return null;
    out.push(unit);
    rest = rest.slice(unit.length);
  }
  return out;
}

interface Amount {
  end: number;
  value: number;
  /** Written with thousands or a currency ("80k", "90 000 zł"). */
  money: boolean;
  /** Written with "km": a mileage. */
  km: boolean;
  /** Written per month ("300 zł/mies.", "300 miesięcznie"): an instalment. */
  monthly: boolean;
  /** Written with no unit at all. */
  bare: boolean;
  /** What the number was multiplied by for its thousands ("100 tys": 1000). */
  factor: number;
}

/** The amount written from token i on: "100", "100 000", "80k", "120 tys", "90 000 zł", "50 tys km". */
function readAmount(w: Work, i: number): Amount | null {
  const m = /^(\d+)([a-z]*)$/.exec(w.words[i] ?? "");
  const inner = m && unitsOf(m[2]);
  if (!m || !inner || w.taken[i]) return null;
  let digits = m[1];
  let end = i + 1;
  while (!inner.length && digits.length <= 3 && /^\d{3}$/.test(w.words[end] ?? "") && !w.taken[end]) {
    digits += w.words[end];
    end++;
  }
  const units = [...inner];
  for (let next = unitsOf(w.words[end] ?? ""); end < w.words.length && !w.taken[end] && w.words[end]; ) {
    if (!next) break;
    units.push(...next);
    end++;
    next = unitsOf(w.words[end] ?? "");
  }
  let factor = 1;
  for (const u of units) if (THOUSANDS.includes(u)) factor *= 1000;
  const value = Number(digits) * factor;
  // Past what the filter accepts (100 000 000) a number is no amount: left to the text search.
  if (!Number.isSafeInteger(value) || value > MAX_AMOUNT) return null;
  const km = units.includes("km");
  return {
    end,
    value,
    money: !km && units.some((u) => THOUSANDS.includes(u) || CURRENCY.includes(u)),
    km,
    monthly: !km && units.some((u) => MONTHLY.includes(u)),
    bare: units.length === 0,
    factor,
  };
}

/**
 * A range's lower end written bare takes the unit of its upper end: "od 50 do 100 tys" is from
 * 50 000, as "50-100 tys" is (rangeSpan).
 */
function withUnitOf(lower: Amount, upper: Amount): Amount {
  if (!lower.bare || upper.bare) return lower;
  return { ...upper, end: lower.end, value: lower.value * upper.factor };
}

/**
 * "50-100 tys", "2020–2023", "100-150 tys. km": one word holding both ends of a range, with the unit
 * after it. Returns both amounts, the word's own end being the upper's.
 */
function rangeSpan(w: Work, i: number): { lower: Amount; upper: Amount } | null {
  const m = /^(\d+)\s*[-–]\s*(\d+)([a-z.]*)$/.exec(normalizeForSearch(w.raw[i] ?? ""));
  if (!m || w.taken[i]) return null;
  const upper = readAmount(
    { ...w, words: w.words.map((x, k) => (k === i ? `${m[2]}${m[3].replace(/\./g, "")}` : x)) },
    i,
  );
  if (!upper) return null;
  const other = { ...upper, value: Number(m[1]) * upper.factor };
  // Written the other way round ("100-50 tys"), it is still the range between the two.
  return other.value <= upper.value
    ? { lower: other, upper }
    : { lower: upper, upper: { ...other, end: upper.end } };
}

/**
 * The qualifier word nearest to the words from..end that fits the amount ("przebieg", "rata",
 * "cena"), anywhere in the search, the one before winning a tie; with whether only filler words lie
 * between (a bare "rata 300" needs its qualifier next to it).
 */
function nearestQualifier(
  w: Work,
  from: number,
  end: number,
  fits: (kind: RangeKind) => boolean,
): { kind: RangeKind; at: number; next: boolean } | null {
  let best: { kind: RangeKind; at: number; next: boolean; distance: number } | null = null;
  w.words.forEach((word, at) => {
    const kind = QUALIFIERS.get(word);
    if (!kind || (at >= from && at < end) || !fits(kind)) return;
    const distance = at < from ? from - at : at - end + 1;
    if (best && best.distance <= distance) return;
    const between = at < from ? w.words.slice(at + 1, from) : w.words.slice(end, at);
    best = { kind, at, next: between.every((x) => FILLER_WORDS.has(x)), distance };
  });
  return best;
}

/** Whether two words written together are a model's name ("mc 20" is the MC20, not 20 zł a month). */
const joinsModel = (w: Work, a: number, b: number) =>
  w.index.models.has(w.words[a] + w.words[b]) || w.index.models.has(w.words[b] + w.words[a]);

const RANGE_KINDS: Record<RangeKind, [RecognisedKind, RecognisedKind]> = {
  price: ["priceFrom", "priceTo"],
  installment: ["installmentFrom", "installmentTo"],
  mileage: ["mileageFrom", "mileageTo"],
  year: ["yearFrom", "yearTo"],
};
const RANGE_LABELS: Record<RangeKind, (bound: string, value: number) => string> = {
  price: (bound, v) => `Cena ${bound} ${formatPrice(v)}`,
  installment: (bound, v) => `Rata ${bound} ${formatPrice(v)}/mies.`,
  mileage: (bound, v) => `Przebieg ${bound} ${formatKm(v)}`,
  year: (bound, v) => `Rocznik ${bound} ${v}`,
};

/**
 * What a range bounds. The unit or the qualifier word decides: "km", "przebieg" a mileage; "/mies.",
 * "rata", "leasing", "najem" the monthly instalment; "rocznik", "rok" a year; "cena", "zł" or nothing
 * the cash price. Without a qualifier a number is a price from 1 000 zł, or a year after "do"/"od".
 */
function rangeOf(
  w: Work,
  i: number,
  amount: Amount,
  bounded: boolean,
  modelWords: Set<string>,
): { kind: RangeKind; qualifier?: number } | null {
  const isYear = !amount.money && !amount.km && amount.value >= YEAR_MIN && amount.value <= YEAR_MAX;
  if (amount.km) return { kind: "mileage" };
  if (amount.monthly) return { kind: "installment" };
  // A bare number next to its qualifier is a bound too ("rata 300"), unless it names a model ("3008").
  const bareWord = amount.bare && !bounded && amount.end === i + 1 ? w.words[i] : undefined;
  const q = nearestQualifier(w, i, amount.end, (kind) => (kind === "year" ? isYear && bounded : true));
  const bareBound = q?.next && bareWord !== undefined && !modelWords.has(bareWord) && !joinsModel(w, q.at, i);
  if (q && (bounded || amount.money || bareBound)) return { kind: q.kind, qualifier: q.at };
  if (amount.money || (bounded && !isYear && amount.value >= 1000)) return { kind: "price" };
  if (bounded && isYear && !modelWords.has(w.words[i + 1])) return { kind: "year" };
  return null;
}

/** Prices, instalments, mileages and years written with a word ("do 100 tys", "rata do 300", "od 2023"). */
function takeAmounts(w: Work, names: CatalogueNames) {
  const modelWords = new Set(names.models.flatMap((m) => splitName(m.model)));
  for (let i = 0; i < w.words.length; i++) {
    if (w.taken[i]) continue;
    if (takeRangeSpan(w, i, modelWords)) continue;
    const to = TO_WORDS.has(w.words[i]);
    const from = FROM_WORDS.has(w.words[i]);
    const read = readAmount(w, to || from ? i + 1 : i);
    if (!read) continue;
    // "od 50 do 100 tys": the lower end takes the upper's unit.
    const upper = from && TO_WORDS.has(w.words[read.end] ?? "") ? readAmount(w, read.end + 1) : null;
    const amount = upper ? withUnitOf(read, upper) : read;
    const range = rangeOf(w, i, amount, to || from, modelWords);
    if (!range) continue;
    const [fromKind, toKind] = RANGE_KINDS[range.kind];
    take(
      w,
      i,
      amount.end,
      {
        kind: from ? fromKind : toKind,
        values: [],
        amount: amount.value,
        label: RANGE_LABELS[range.kind](from ? "od" : "do", amount.value),
      },
      range.qualifier,
    );
  }
}

/** Both ends of a range in one word ("50-100 tys", "2020-2023"): a lower and an upper bound. */
function takeRangeSpan(w: Work, i: number, modelWords: Set<string>): boolean {
  const span = rangeSpan(w, i);
  const range = span && rangeOf(w, i, span.upper, true, modelWords);
  if (!span || !range) return false;
  const [fromKind, toKind] = RANGE_KINDS[range.kind];
  for (const [kind, end, a] of [
    [fromKind, "od", span.lower],
    [toKind, "do", span.upper],
  ] as const)
    take(
      w,
      i,
      span.upper.end,
      { kind, values: [], amount: a.value, label: RANGE_LABELS[range.kind](end, a.value) },
      range.qualifier,
    );
  return true;
}

/** A year alone ("kombi 2022") is the oldest year wanted, unless a model has that name ("2008"). */
function takeYears(w: Work) {
  w.words.forEach((word, i) => {
    if (w.taken[i] || !/^\d{4}$/.test(word)) return;
    const year = Number(word);
    if (year < YEAR_MIN || year > YEAR_MAX) return;
    take(w, i, i + 1, { kind: "yearFrom", values: [], amount: year, label: `Rocznik od ${year}` });
  });
}
