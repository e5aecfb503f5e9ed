import {
  OFFER_PHOTOS_POST_MAX_BYTES,
  photoOrderSchema,
  photoUploadSchema,
} from "../../../domain/staff/offers";
import type { Actor } from "../../../server/staff/audit";
import type { OfferAdmin } from "../../../server/staff/offers";
import { panelIntent, refuseLargePost } from "./panel.server";

/**
 * The photo forms (offer-photos.tsx) of a car's and an auction's page. A post larger than an upload
 * may be is read away and refused at the photo field before its body is read into memory.
 */
export const oversizedPhotoPost = (request: Request) =>
  refuseLargePost(request, OFFER_PHOTOS_POST_MAX_BYTES, {
    intent: "photos-add",
    field: "Photos",
    message: "Zdjęcia wysłane naraz mogą mieć razem najwyżej 60 MB",
  });

/** The photo forms (adding, ordering) among a page's forms (panelIntents). */
export const photoForms = (id: number, offers: OfferAdmin, member: Actor) => ({
  "photos-add": panelIntent(photoUploadSchema, async (v) => {
    await offers.addPhotos(id, v.Photos, member);
    return { notice: v.Photos.length === 1 ? "Dodano zdjęcie." : `Dodano zdjęcia: ${v.Photos.length}.` };
  }),
  "photos-arrange": panelIntent(photoOrderSchema, async (v) => {
    await offers.arrangePhotos(id, v.Order, member);
    return { notice: "Zapisano zdjęcia." };
  }),
});
