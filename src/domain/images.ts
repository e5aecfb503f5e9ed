/**
 * Addresses of stored images (offer photos, banners, promotion badges).
 *
 * An image is stored once under its content id (sha256 of the bytes, 64 hex characters). Its
 * canonical address is `/api/OfferImages/Get?attachmentId={id}`: that is what offers carry as
 * MainPhotoUrl and in their photo lists. A screen asks for the size it draws by adding width and
 * height (the image is scaled to fit inside that box, never cropped); the server picks AVIF, WebP or
 * JPEG from the browser's Accept header, so the address stays the same for every format.
 */

/** Spec section 9: image widths. Photos are 4:3, so heights follow. */
export const IMAGE_SIZES = {
  small: { width: 320, height: 240 },
  medium: { width: 640, height: 480 },
  large: { width: 1280, height: 960 },
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/** The biggest box a resized image may be asked for, in pixels, each side. */
export const MAX_IMAGE_DIMENSION = 1920;

/**
 * The only widths a resized image is made at. A request's box is fitted to the image and
 * its width snapped UP to the next of these (the height follows the aspect ratio), so one image has
 * at most this many variants per format however many different boxes are asked for: an attacker
 * cannot make the server resize and cache one photo a hundred times. Every screen asks for these.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;

export const IMAGE_GET_PATH = "/api/OfferImages/Get";

const ID_PATTERN = /^[0-9a-f]{64}$/;
export const isImageId = (id: string): boolean => ID_PATTERN.test(id);

/** The address of an image, optionally sized: offerImageUrl(id, "medium") or offerImageUrl(id, {width: 500}). */
export function offerImageUrl(id: string, size?: ImageSize | { width?: number; height?: number }): string {
  const box = typeof size === "string" ? IMAGE_SIZES[size] : size;
  let url = `${IMAGE_GET_PATH}?attachmentId=${id}`;
  if (box?.width) url += `&width=${box.width}`;
  if (box?.height) url += `&height=${box.height}`;
  return url;
}

/** A sized copy of an image address (keeps the id, replaces any size it had). */
export function resizedImageUrl(url: string, size: ImageSize | { width?: number; height?: number }): string {
  const id = imageIdFromUrl(url);
  return id ? offerImageUrl(id, size) : url;
}

/** srcset of the three spec widths, for <img srcset> with `sizes` chosen by the screen. */
export function imageSrcSet(url: string): string {
  return (Object.keys(IMAGE_SIZES) as ImageSize[])
    .map((s) => `${resizedImageUrl(url, s)} ${IMAGE_SIZES[s].width}w`)
    .join(", ");
}

/**
 * The image id inside an image address (relative or absolute, any query order), or a bare id;
 * null when the text names no stored image.
 */
export function imageIdFromUrl(url: string): string | null {
  const text = url.trim();
  if (isImageId(text)) return text;
  let parsed: URL;
  try {
    parsed = new URL(text, "http://localhost");
  } catch {
    return null;
  }
  if (parsed.pathname !== IMAGE_GET_PATH) return null;
  const id = parsed.searchParams.get("attachmentId") ?? "";
  return isImageId(id) ? id : null;
}

/**
 * The size an image of `original` size gets when fitted inside the box, keeping its proportions. A
 * missing side leaves that side free; no box at all keeps the original size (at most 1920 px).
 * Photos are never enlarged beyond their original size; drawings (enlarge = true) may be.
 */
export function fitInside(
  original: { width: number; height: number },
  box: { width?: number; height?: number },
  enlarge = false,
): { width: number; height: number } {
  let scale = Math.min(
    box.width ? box.width / original.width : Number.POSITIVE_INFINITY,
    box.height ? box.height / original.height : Number.POSITIVE_INFINITY,
  );
  if (!Number.isFinite(scale)) scale = 1;
  if (!enlarge) scale = Math.min(scale, 1);
  scale = Math.min(scale, MAX_IMAGE_DIMENSION / Math.max(original.width, original.height));
  return {
    width: Math.max(1, Math.round(original.width * scale)),
    height: Math.max(1, Math.round(original.height * scale)),
  };
}

/**
 * The variant an image is served at for a requested box: fitted as fitInside does, then its width
 * snapped up to IMAGE_WIDTHS. `box` is what the variant is made from (and keyed by), `size` the
 * pixels it has.
 */
export function snappedVariant(
  original: { width: number; height: number },
  box: { width?: number; height?: number },
  enlarge = false,
): { box: { width: number }; size: { width: number; height: number } } {
  const fitted = fitInside(original, box, enlarge);
  const width = IMAGE_WIDTHS.find((w) => w >= fitted.width) ?? MAX_IMAGE_DIMENSION;
  return { box: { width }, size: fitInside(original, { width }, enlarge) };
}
