import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fitInside, snappedVariant } from "../../domain/images";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import sharp from "./sharp";
import { getImage, getImageMeta } from "./store";

const TOUCH_AFTER_MS = 3600_000;

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
  /** Bytes this process wrote since its last sweep of the cache (see sweep). */
  private writtenSinceSweep = 0;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly cacheDir: string,
    private readonly clock: Clock,
    /** Upper bound of the cache folder's size; the least recently used files go first. */
    private readonly maxBytes = Number.POSITIVE_INFINITY,
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

  /**
   * The variant's file, made if needed; null when no image has that id. The requested box is
   * snapped to IMAGE_WIDTHS first, so boxes that snap alike share one file. `beforeResize` runs only
   * when sharp is about to work for this request (a rate limit on resizing), not for cached files.
   */
  async get(req: ResizeRequest, beforeResize?: () => Promise<void>): Promise<ResizedFile | null> {
    const meta = (await getImageMeta(this.db, [req.id])).get(req.id);
    if (!meta) return null;
    const snapped = {
      ...req,
      ...snappedVariant(meta, req, canEnlarge(meta.contentType)).box,
      height: undefined,
    };
    const file = this.fileOf(snapped);
    const found: ResizedFile = { file, contentType: FORMAT_TYPES[req.format], etag: this.etagOf(req) };
    const cached = await fs.promises.stat(file).catch(() => null);
    if (cached) {
      // The modification time is the file's "last used" for the sweep (atime is often off: noatime).
      // Refreshed at most hourly, so a busy image costs no write per request.
      const now = this.clock.now();
      if (now.getTime() - cached.mtimeMs > TOUCH_AFTER_MS) {
        await fs.promises.utimes(file, now, now).catch(() => {});
      }
      return found;
    }
    const key = this.variantKey(snapped);
    let pending = this.inFlight.get(key);
    if (!pending) {
      await beforeResize?.();
      // Another request may have started this variant while the rate limit was being checked.
      pending = this.inFlight.get(key);
    }
    if (!pending) {
      pending = this.make(snapped, file)
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
    this.writtenSinceSweep += bytes.length;
    // Sweeping costs a walk of the folder: only after a tenth of the bound has been written.
    if (this.writtenSinceSweep > this.maxBytes / 10) await this.sweep(file);
    return true;
  }

  /**
   * Brings the cache folder under maxBytes (to 90 % of it, so the next sweep is not immediate) by
   * deleting the least recently used files. Several processes may sweep the same folder: a file
   * already deleted by another one is skipped. `keep` (the file just made, about to be sent) stays.
   */
  sweep(keep?: string): Promise<void> {
    this.sweeping ??= (async () => {
      this.writtenSinceSweep = 0;
      const files: { file: string; size: number; used: number }[] = [];
      for (const dir of await fs.promises.readdir(this.cacheDir).catch(() => [])) {
        const sub = path.join(this.cacheDir, dir);
        for (const name of await fs.promises.readdir(sub).catch(() => [])) {
          if (name.endsWith(".tmp")) continue;
          const st = await fs.promises.stat(path.join(sub, name)).catch(() => null);
          if (st?.isFile()) files.push({ file: path.join(sub, name), size: st.size, used: st.mtimeMs });
        }
      }
      let total = files.reduce((sum, f) => sum + f.size, 0);
      if (total <= this.maxBytes) return;
      files.sort((a, b) => a.used - b.used);
      for (const f of files) {
        if (total <= this.maxBytes * 0.9) break;
        if (f.file === keep) continue;
        await fs.promises.unlink(f.file).catch(() => {});
        total -= f.size;
      }
    })().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }
}
