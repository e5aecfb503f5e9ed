import { makeSlug } from "./slug";

/**
 * One spelling per make (issue 14): the brand's own, "Škoda" and not "Skoda", "Citroën" and not
 * "Citroen". Any other spelling of the same make (other case, no diacritics, a space for the hyphen)
 * is an alias: it has the same slug (makeSlug), finds the same cars and is stored in this spelling.
 * Makes not listed keep the spelling they arrive in, or that of a make already on sale (see canonicalMake).
 */
export const MAKE_SPELLINGS: readonly string[] = [
  "Alfa Romeo",
  "Audi",
  "BMW",
  "BYD",
  "Citroën",
  "Cupra",
  "Dacia",
  "DS",
  "Fiat",
  "Ford",
  "Honda",
  "Hyundai",
  "Jeep",
  "Kia",
  "Land Rover",
  "Lexus",
  "Mazda",
  "Mercedes-Benz",
  "MG",
  "Mini",
  "Mitsubishi",
  "Nissan",
  "Opel",
  "Peugeot",
  "Renault",
  "Seat",
  "Škoda",
  "Subaru",
  "Suzuki",
  "Tesla",
  "Toyota",
  "Volkswagen",
  "Volvo",
];

const BY_SLUG = new Map(MAKE_SPELLINGS.map((m) => [makeSlug(m), m]));

/**
 * The one spelling of a make: the brand's own (MAKE_SPELLINGS), else the spelling of a make in
 * `known` (the makes on sale) with the same slug, else the name as given (trimmed).
 */
export function canonicalMake(name: string, known: readonly string[] = []): string {
  const trimmed = name.trim();
  const slug = makeSlug(trimmed);
  const own = BY_SLUG.get(slug);
  if (own) return own;
  return known.find((k) => makeSlug(k) === slug) ?? trimmed;
}

/** Whether two spellings name the same make ("Skoda", "ŠKODA", "škoda"). */
export const sameMake = (a: string, b: string): boolean => makeSlug(a) === makeSlug(b);
