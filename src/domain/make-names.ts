import { makeSlug } from "./slug";

/**
 * One spelling per make: the brand's own, "Škoda" and not "Skoda", "Citroën" and not
 * "Citroen". Any other spelling of the same make (other case, no diacritics, a space for the hyphen)
 * is an alias: it has the same slug (makeSlug), finds the same cars and is stored in this spelling.
 * The list is also the vocabulary of makes offers may carry (resolveMake): makes sold in Poland; one
 * not listed yet is added by an administrator in the panel.
 */
export const MAKE_SPELLINGS: readonly string[] = [
  "Abarth",
  "Alfa Romeo",
  "Alpine",
  "Aston Martin",
  "Audi",
  "Bentley",
  "BMW",
  "BYD",
  "Cadillac",
  "Chevrolet",
  "Chrysler",
  "Citroën",
  "Cupra",
  "Dacia",
  "Dodge",
  "DS",
  "Ferrari",
  "Fiat",
  "Ford",
  "Genesis",
  "Honda",
  "Hyundai",
  "Infiniti",
  "Isuzu",
  "Iveco",
  "Jaecoo",
  "Jaguar",
  "Jeep",
  "KGM",
  "Kia",
  "Lamborghini",
  "Lancia",
  "Land Rover",
  "Leapmotor",
  "Lexus",
  "Lotus",
  "Lynk & Co",
  "Maserati",
  "Mazda",
  "Mercedes-Benz",
  "MG",
  "Mini",
  "Mitsubishi",
  "Nissan",
  "Omoda",
  "Opel",
  "Peugeot",
  "Polestar",
  "Porsche",
  "RAM",
  "Renault",
  "Rolls-Royce",
  "Seat",
  "Škoda",
  "Smart",
  "SsangYong",
  "Subaru",
  "Suzuki",
  "Tesla",
  "Toyota",
  "Volkswagen",
  "Volvo",
  "XPeng",
  "Zeekr",
];

const BY_SLUG = new Map(MAKE_SPELLINGS.map((m) => [makeSlug(m), m]));

/**
 * Short and everyday names of makes (by slug) that are not a spelling of the brand's own name: the
 * fleet system and people write "VW" and "Mercedes".
 */
const ALIASES: Record<string, string> = {
  vw: "Volkswagen",
  "volks-wagen": "Volkswagen",
  mercedes: "Mercedes-Benz",
  benz: "Mercedes-Benz",
  mb: "Mercedes-Benz",
  alfa: "Alfa Romeo",
  alfaromeo: "Alfa Romeo",
  landrover: "Land Rover",
  "ds-automobiles": "DS",
  "mini-cooper": "Mini",
  "mg-motor": "MG",
};

export type MakeMatch = { make: string } | { make: null; suggestion: string | null };

/**
 * A make as the vocabulary spells it, or null with the nearest known make (one or two letters off,
 * "Wolkswagen" → "Volkswagen") when there is one. The vocabulary is MAKE_SPELLINGS, their aliases,
 * and `added`: makes an administrator added in the panel. Offers are saved only with a known make, so
 * a typo or stray text never becomes a make of its own in the site's menu.
 */
export function resolveMake(name: string, added: readonly string[] = []): MakeMatch {
  const slug = makeSlug(name);
  const known = BY_SLUG.get(slug) ?? ALIASES[slug] ?? added.find((m) => makeSlug(m) === slug);
  if (known) return { make: known };
  const candidates = [...MAKE_SPELLINGS, ...added];
  let best: { make: string; distance: number } | null = null;
  for (const make of candidates) {
    const distance = editDistance(slug, makeSlug(make));
    if (!best || distance < best.distance) best = { make, distance };
  }
  const near = best && slug.length >= 3 && best.distance <= (slug.length > 5 ? 2 : 1);
  return { make: null, suggestion: near && best ? best.make : null };
}

/** The refusal of an unknown make, for the field Make (the API puts "Pole Make: " in front). */
export function unknownMakeMessage(given: string, suggestion: string | null): string {
  const shown = given.trim().slice(0, 60);
  return `nieznana marka „${shown}”.${suggestion ? ` Czy chodziło o „${suggestion}”?` : ""} Markę spoza słownika najpierw dodaje administrator w panelu (Marki).`;
}

/** Levenshtein distance of two short strings. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

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
