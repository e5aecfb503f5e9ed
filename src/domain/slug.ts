import { SALE_TYPES, type SaleType } from "./vehicles";

// NFD splits most accented letters into a base letter and a combining mark; these do not decompose.
const SPECIAL: Record<string, string> = {
  ł: "l",
  Ł: "L",
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
};

/** Polish (and other Latin) diacritics to ASCII: "Łódź Škoda Citroën" -> "Lodz Skoda Citroen". */
export function transliterate(text: string): string {
  return text
    .replace(/[łŁßæÆøØđĐ]/g, (c) => SPECIAL[c])
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** Lower-case ASCII words joined by single hyphens: "Mercedes-Benz Klasa C" -> "mercedes-benz-klasa-c". */
export function slugify(text: string): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The make segment of /marki/{make} (spec: lower-case, spaces turned to hyphens). Diacritics are
 * transliterated as well so the address stays plain ASCII: "Land Rover" -> "land-rover",
 * "Škoda" -> "skoda", "MERCEDES-BENZ" -> "mercedes-benz".
 */
export const makeSlug = (make: string): string => slugify(make);
export const makePath = (make: string): string => `/marki/${makeSlug(make)}`;

/** The list alias of a multiple-variants entry: /{make}-{model}, e.g. /toyota-corolla. */
export const modelListPath = (make: string, model: string): string => `/${slugify(`${make} ${model}`)}`;

/** The {make-model-slug} part of a detail address: "Škoda", "Octavia" -> "skoda-octavia". */
export const offerSlug = (make: string, model: string): string => slugify(`${make} ${model}`);

/**
 * Canonical detail address of an offer (spec section 2):
 * /nowe-samochody/{slug}-id-{id}, /samochody-poleasingowe/{slug}-id-{id}, /aukcje-samochodowe/{slug}-id-{id}.
 */
export function offerPath(offer: { saleType: SaleType; make: string; model: string; id: number }): string {
  const base = SALE_TYPES.find((s) => s.value === offer.saleType)!.basePath;
  const slug = offerSlug(offer.make, offer.model);
  return `${base}/${slug ? `${slug}-` : ""}id-${offer.id}`;
}

/**
 * Reads a detail address back: the sale type from the first segment and the id from the "-id-{n}"
 * ending. The slug is returned so a caller can redirect a wrong one to the canonical address.
 */
export function parseOfferPath(pathname: string): { saleType: SaleType; slug: string; id: number } | null {
  const m = /^\/([a-z-]+)\/(?:([a-z0-9-]*?)-)?id-(\d{1,9})\/?$/.exec(pathname);
  if (!m) return null;
  const sale = SALE_TYPES.find((s) => s.basePath === `/${m[1]}`);
  const id = Number(m[3]);
  if (!sale || id < 1) return null;
  return { saleType: sale.value, slug: m[2] ?? "", id };
}
