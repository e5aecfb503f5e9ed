import { asc, inArray } from "drizzle-orm";
import { offerImageUrl } from "../../domain/images";
import type { Db, Tx } from "../db/client";
import { offerPhotos } from "../db/schema/index";

/**
 * Photo addresses of offers, in display order (offer_photos.position): the first one is the offer's
 * MainPhotoUrl. Addresses are canonical (no size): screens size them with resizedImageUrl/imageSrcSet.
 * One query for a whole page of offers.
 */
export async function offerPhotoUrls(db: Db | Tx, offerIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (!offerIds.length) return result;
  const rows = await db
    .select({ offerId: offerPhotos.offerId, imageId: offerPhotos.imageId })
    .from(offerPhotos)
    .where(inArray(offerPhotos.offerId, [...new Set(offerIds)]))
    .orderBy(asc(offerPhotos.offerId), asc(offerPhotos.position));
  for (const row of rows) {
    const list = result.get(row.offerId) ?? [];
    list.push(offerImageUrl(row.imageId));
    result.set(row.offerId, list);
  }
  return result;
}
