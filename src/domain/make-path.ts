/**
 * The make segment of /marki/{make} (spec section 2: lower-case, spaces turned to hyphens).
 * "Alfa Romeo" -> "alfa-romeo", "MERCEDES-BENZ" -> "mercedes-benz".
 */
export function makeSlug(make: string): string {
  return make.trim().toLowerCase().replace(/\s+/g, "-");
}

export const makePath = (make: string): string => `/marki/${makeSlug(make)}`;
