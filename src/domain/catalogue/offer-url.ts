import type { SaleType } from "./filters";

/**
 * Canonical paths of the offer screens (spec section 2). The list path of each sale type is also the
 * prefix of its detail pages: /nowe-samochody/{make-model-slug}-id-{AuctionId}.
 */
export const SALE_TYPE_PATH: Record<SaleType, string> = {
  new: "/nowe-samochody",
  afterLease: "/samochody-poleasingowe",
  auction: "/aukcje-samochodowe",
};

/** "Škoda Octavia Combi" → "skoda-octavia-combi": lower case ASCII words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function offerSlug(make: string, model: string): string {
  return slugify(`${make} ${model}`) || "oferta";
}

export function offerPath(saleType: SaleType, make: string, model: string, id: number): string {
  return `${SALE_TYPE_PATH[saleType]}/${offerSlug(make, model)}-id-${id}`;
}

/** Reads "audi-a4-id-123" → 123 (the slug part is checked against the canonical one separately). */
export function idFromSlug(slugWithId: string): number | null {
  const m = /-id-(\d{1,9})$/.exec(slugWithId) ?? /^id-(\d{1,9})$/.exec(slugWithId);
  return m ? Number(m[1]) : null;
}

/** /marki/{make}: lower case, spaces turned to hyphens (spec section 2). */
export const makePathSegment = (make: string): string => make.trim().toLowerCase().replace(/\s+/g, "-");
