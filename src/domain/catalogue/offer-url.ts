import type { SaleType } from "./filters";

/**
 * Offer and list addresses come from src/domain/slug.ts (one slug rule for the product); this module
 * adds what the catalogue screens need on top of it.
 */
export { makeSlug as makePathSegment, modelListPath, offerSlug } from "../slug";

import { offerPath as canonicalOfferPath } from "../slug";

/** List path of each sale type, also the prefix of its detail pages (spec section 2). */
export const SALE_TYPE_PATH: Record<SaleType, string> = {
  new: "/nowe-samochody",
  afterLease: "/samochody-poleasingowe",
  auction: "/aukcje-samochodowe",
};

export function offerPath(saleType: SaleType, make: string, model: string, id: number): string {
  return canonicalOfferPath({ saleType, make, model, id });
}

/** Reads "audi-a4-id-123" (or "id-123") → 123; the slug part is compared with the canonical one. */
export function idFromSlug(slugWithId: string): number | null {
  const m = /(?:^|-)id-(\d{1,9})$/.exec(slugWithId);
  const id = m ? Number(m[1]) : null;
  return id !== null && id >= 1 ? id : null;
}
