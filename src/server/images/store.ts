import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Metadata } from "sharp";
import type { Db, Tx } from "../db/client";
import { images } from "../db/schema/index";
import sharp from "./sharp";

/**
 * The one image store: demo photos and real uploads both go through put(), so every image has a
 * content id (sha256 of its bytes), its real size read by sharp, and one row in `images` however
 * often it is stored. Resized copies are never stored here: see resize.ts (disk cache).
 */

export interface StoredImage {
  id: string;
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

export type ImageMeta = Omit<StoredImage, "data">;

const CONTENT_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  heif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
};

export class UnsupportedImageError extends Error {}

export const imageId = (bytes: Buffer): string => crypto.createHash("sha256").update(bytes).digest("hex");

/** Reads format and size of image bytes; anything sharp cannot read is refused. */
export async function inspectImage(
  bytes: Buffer,
): Promise<{ contentType: string; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new UnsupportedImageError("Plik nie jest obsługiwanym obrazem.");
  }
  const contentType = meta.format ? CONTENT_TYPES[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) {
    throw new UnsupportedImageError(
      "Nieobsługiwany format obrazu (dozwolone: JPEG, PNG, WebP, AVIF, GIF, SVG).",
    );
  }
  // Photos from phones carry an EXIF orientation: the size is the one after turning them upright.
  const upright = meta.autoOrient ?? meta;
  return { contentType, width: upright.width, height: upright.height };
}

/** Stores image bytes (once) and answers their content id. */
export async function putImage(db: Db | Tx, bytes: Buffer): Promise<string> {
  return (await putImages(db, [bytes]))[0];
}

/**
 * Stores several images in one statement; bytes already stored are skipped, not re-read, so
 * re-seeding or re-uploading the same picture costs one lookup.
 */
export async function putImages(db: Db | Tx, all: Buffer[]): Promise<string[]> {
  const ids = all.map(imageId);
  const unique = [...new Set(ids)];
  if (!unique.length) return ids;
  const existing = new Set(
    (await db.select({ id: images.id }).from(images).where(inArray(images.id, unique))).map((r) => r.id),
  );
  const fresh: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < all.length; i++) {
    if (existing.has(ids[i]) || seen.has(ids[i])) continue;
    seen.add(ids[i]);
    fresh.push(i);
  }
  // sharp works in libuv's thread pool: reading several images at once uses every core.
  const rows: (typeof images.$inferInsert)[] = [];
  for (let k = 0; k < fresh.length; k += 8) {
    const chunk = fresh.slice(k, k + 8);
    const metas = await Promise.all(chunk.map((i) => inspectImage(all[i])));
    chunk.forEach((i, j) => {
      rows.push({ id: ids[i], ...metas[j], data: all[i] });
    });
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(images)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing();
  }
  return ids;
}

export async function getImage(db: Db | Tx, id: string): Promise<StoredImage | null> {
  const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return row
    ? { id: row.id, contentType: row.contentType, width: row.width, height: row.height, data: row.data }
    : null;
}

/** Size and type without the bytes, for answering layout questions (GetManyByUrl). */
export async function getImageMeta(db: Db | Tx, ids: string[]): Promise<Map<string, ImageMeta>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: images.id, contentType: images.contentType, width: images.width, height: images.height })
    .from(images)
    .where(inArray(images.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
