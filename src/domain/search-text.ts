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
