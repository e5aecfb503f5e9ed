import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fitInside } from "../../domain/images";
import type { Db } from "../db/client";
import sharp from "./sharp";
import { getImage } from "./store";

export type OutputFormat = "avif" | "webp" | "jpeg";

export const FORMAT_TYPES: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/**
 * The best format the browser accepts: AVIF (smallest), then WebP, else JPEG which every browser
 * reads. "image/avif;q=0" counts as refused.
 */
export function negotiateFormat(accept: string | undefined): OutputFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(type.trim());
  }
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return "jpeg";
}

export interface ResizeRequest {
  id: string;
  width?: number;
  height?: number;
  format: OutputFormat;
}

export interface ResizedFile {
  file: string;
  contentType: string;
  /** Strong validator: the variant is fully determined by image id, box and format. */
  etag: string;
}

/** Original images that are drawings (SVG) are re-rendered at any size; photos are never enlarged. */
export const canEnlarge = (contentType: string): boolean => contentType === "image/svg+xml";

/**
 * Resized variants of stored images, made with sharp on first request and kept on disk under
 * cacheDir. A variant is made at most once: later requests read the file, and concurrent requests
 * for a variant being made wait for the same work (in-flight de-duplication). Files are written to a
 * temporary name and renamed, so another process sharing the directory never reads half a file.
 */
export class ImageResizer {
  private inFlight = new Map<string, Promise<ResizedFile | null>>();
  /** How many times sharp actually resized (for tests and benchmarks). */
  resizeCount = 0;

  constructor(
    private readonly db: Db,
    readonly cacheDir: string,
  ) {}

  variantKey(req: ResizeRequest): string {
    return `${req.id}-${req.width ?? 0}x${req.height ?? 0}.${req.format}`;
  }

  etagOf(req: ResizeRequest): string {
    return `"${crypto.createHash("sha1").update(this.variantKey(req)).digest("hex").slice(0, 20)}"`;
  }

  private fileOf(req: ResizeRequest): string {
    return path.join(this.cacheDir, req.id.slice(0, 2), this.variantKey(req));
  }

  /** The variant's file, made if needed; null when no image has that id. */
  async get(req: ResizeRequest): Promise<ResizedFile | null> {
    const file = this.fileOf(req);
    const found: ResizedFile = { file, contentType: FORMAT_TYPES[req.format], etag: this.etagOf(req) };
    if (fs.existsSync(file)) return found;
    const key = this.variantKey(req);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.make(req, file)
        .then((ok) => (ok ? found : null))
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async make(req: ResizeRequest, file: string): Promise<boolean> {
    const original = await getImage(this.db, req.id);
    if (!original) return false;
    const enlarge = canEnlarge(original.contentType);
    const target = fitInside(original, req, enlarge);
    // Drawings are rasterised at the density that gives the target size directly, so they stay sharp.
    const density = enlarge
      ? Math.min(
          2400,
          Math.max(1, 72 * Math.max(target.width / original.width, target.height / original.height)),
        )
      : undefined;
    let pipeline = sharp(original.data, { density, autoOrient: true }).resize(target.width, target.height, {
      fit: "inside",
      withoutEnlargement: !enlarge,
    });
    if (req.format === "avif") pipeline = pipeline.avif({ quality: 55, effort: 2 });
    else if (req.format === "webp") pipeline = pipeline.webp({ quality: 80, effort: 4 });
    else pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true });
    this.resizeCount++;
    const bytes = await pipeline.toBuffer();
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, file);
    return true;
  }
}
