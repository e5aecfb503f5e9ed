/**
 * Text normalised for a forgiving search: lower-case, Polish and other diacritics removed (ł → l is
 * not a combining mark, so it is mapped by hand), runs of white space collapsed. Someone typing
 * "doplata" finds "dopłata".
 */
export function normalizeForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, "l")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** True when every word of the query occurs in the text (order free), both normalised. */
export function matchesQuery(text: string, query: string): boolean {
  const words = normalizeForSearch(query).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeForSearch(text);
  return words.every((w) => haystack.includes(w));
}

/** A search box query is cut to this many characters and words (the URL is typed and shared around). */
export const MAX_SEARCH_LENGTH = 100;
const MAX_SEARCH_WORDS = 6;

/**
 * The words of a catalogue search (?search=), normalised as the database's search_normalize() does
 * (migration 0014_offer_search), without repeats. Empty for a blank query.
 */
export function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  const words = normalizeForSearch(query.slice(0, MAX_SEARCH_LENGTH)).split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** A word without separators: "CX-5", "cx 5" and "cx5" are all "cx5"; "ID.4" is "id4". */
export function compactWord(text: string): string {
  return normalizeForSearch(text).replace(/[^a-z0-9]/g, "");
}

/**
 * Edits between two words: letters inserted, removed, replaced, or two neighbours swapped ("glof" →
 * "golf" is one edit, as people type it). Stops counting past `max` (returns max + 1).
 */
export function typoDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = prev;
    prev = row;
  }
  return Math.min(prev[b.length], max + 1);
}

/**
 * Typos forgiven in a word of this many letters: none up to 2 ("vw", "x1" are exact), one from 3
 * ("bmv", "glof", "tesal"), two from 7 ("wolkswagn").
 */
export function typosAllowed(length: number): number {
  if (length <= 2) return 0;
  return length >= 7 ? 2 : 1;
}
