/**
 * URL form of a make (spec section 2, /marki/{make}): lower-case, spaces turned to hyphens, Polish
 * and other diacritics transliterated ("Škoda" → "skoda"). One rule for the whole product: it lives
 * in slug.ts with the offer addresses.
 */
export { makeSlug } from "./slug";
