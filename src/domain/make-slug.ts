/**
 * URL form of a make (spec section 2, /marki/{make}): lower-case, spaces turned to hyphens.
 * "Alfa Romeo" → "alfa-romeo", "AUDI" → "audi".
 */
export function makeSlug(make: string): string {
  return make.trim().toLowerCase().replace(/\s+/g, "-");
}
