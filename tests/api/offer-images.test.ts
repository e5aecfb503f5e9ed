import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, offerImageUrl } from "../../src/domain/images";
import { IMAGE_RESIZES_PER_WINDOW } from "../../src/server/api/offer-images";
import { rateLimitHits } from "../../src/server/db/schema/index";
import { ImageResizer } from "../../src/server/images/resize";
import { putImage } from "../../src/server/images/store";
import { drawCarPhoto } from "../../src/server/seed/drawing/car-drawing";
import { startApiServer, type TestServer } from "../support/api-server";
import { spendRateLimit } from "../support/rate-limit";

let server: TestServer;
let drawingId: string;
let photoId: string;
const missingId = "0".repeat(64);

beforeAll(async () => {
  server = await startApiServer();
  drawingId = await putImage(
    server.services.db,
    Buffer.from(drawCarPhoto({ bodyType: "suv", paint: "#2f6fb5", view: "side" })),
  );
  // A raster upload smaller than the large size: it must never be enlarged.
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#446688" } })
    .jpeg()
    .toBuffer();
  photoId = await putImage(server.services.db, jpeg);
});
afterAll(() => server.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/OfferImages/Get?${query}`, { headers });

describe("GET /api/OfferImages/Get: formats, sizes and caching", () => {
  it("serves a drawing resized to fit the box, as AVIF when accepted, with long caching", async () => {
    const res = await get(`attachmentId=${drawingId}&width=640&height=640`, {
      accept: "image/avif,image/webp,*/*",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toMatch(/accept/i);
    expect(res.headers.get("etag")).toMatch(/^".+"$/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([640, 480]);
  });

  it("picks WebP, then JPEG, from the Accept header", async () => {
    const webp = await get(`attachmentId=${drawingId}&width=320`, { accept: "image/webp,*/*" });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(320);
    const jpeg = await get(`attachmentId=${drawingId}&width=320`, { accept: "image/avif;q=0, */*" });
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 320, 240]);
  });

  it("keeps the original size without a box and never enlarges a photo", async () => {
    const original = await get(`attachmentId=${drawingId}`, { accept: "image/webp" });
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1280);
    const photo = await get(`attachmentId=${photoId}&width=1280&height=960`, { accept: "image/webp" });
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get(`attachmentId=${drawingId}&width=320&height=240`, { accept: "image/webp" });
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const again = await get(`attachmentId=${drawingId}&width=320&height=240`, {
      accept: "image/webp",
      "if-none-match": etag,
    });
    expect(again.status).toBe(304);
  });

  it("resizes a variant once, however many requests ask for it at the same time or later", async () => {
    const resizer = server.services.images;
    const before = resizer.resizeCount;
    const q = `attachmentId=${drawingId}&width=500&height=500`;
    const all = await Promise.all([1, 2, 3, 4].map(() => get(q, { accept: "image/webp" })));
    const bodies = await Promise.all(all.map((r) => r.arrayBuffer()));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await (await get(q, { accept: "image/webp" })).arrayBuffer();
    expect(resizer.resizeCount - before).toBe(1);
    expect(new Set(bodies.map((b) => Buffer.from(b).toString("base64"))).size).toBe(1);
    // A restarted server (new resizer, same cache folder) reads the file from disk.
    const restarted = new ImageResizer(server.services.db, resizer.cacheDir, server.services.clock);
    const file = await restarted.get({ id: drawingId, width: 500, height: 500, format: "webp" });
    expect(file && fs.existsSync(file.file)).toBe(true);
    expect(restarted.resizeCount).toBe(0);
  });

  it("snaps any box to the allowed widths: 100 different sizes make at most 7 files of one photo", async () => {
    // A photo of its own (a bigger one, so every allowed width is below its size).
    const id = await putImage(
      server.services.db,
      await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#884422" } })
        .jpeg()
        .toBuffer(),
    );
    const cached = () =>
      fs.existsSync(path.join(server.services.images.cacheDir, id.slice(0, 2)))
        ? fs
            .readdirSync(path.join(server.services.images.cacheDir, id.slice(0, 2)))
            .filter((f) => f.startsWith(id))
        : [];
    for (let i = 0; i < 100; i++) {
      const width = 100 + i * 18;
      const height = 1900 - i * 13;
      const res = await get(`attachmentId=${id}&width=${width}&height=${height}`, { accept: "image/webp" });
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      // Right-sized: at least the box asked for (fitted, 4:3), at most the next allowed width.
      const fitted = Math.min(width, Math.round((height * 4) / 3));
      const allowed = IMAGE_WIDTHS.find((w) => w >= fitted);
      expect(meta.width).toBe(allowed);
      expect(meta.height).toBe(Math.round(((allowed ?? 0) * 3) / 4));
    }
    expect(cached().length).toBeLessThanOrEqual(IMAGE_WIDTHS.length);
    expect(cached().length).toBeGreaterThan(1);
  });

  it("limits resizing per client address with a Polish 429; cached sizes are still served", async () => {
    await (await get(`attachmentId=${photoId}&width=640`, { accept: "image/jpeg" })).arrayBuffer();
    await spendRateLimit(server.services.db, "ImageResize", IMAGE_RESIZES_PER_WINDOW);
    try {
      const limited = await get(`attachmentId=${photoId}&width=160`, { accept: "image/jpeg" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({
        ErrorCode: 5,
        ErrorMessage: expect.stringMatching(
          /^Zbyt wiele żądań zdjęć z tego adresu\. Spróbuj ponownie za \d+ min\.$/,
        ),
      });
      // Already made: no resizing, so no limit (the 4:3 box snaps to the same 640 px file).
      const cachedVariant = await get(`attachmentId=${photoId}&width=600&height=450`, {
        accept: "image/jpeg",
      });
      expect(cachedVariant.status).toBe(200);
    } finally {
      await server.services.db.delete(rateLimitHits);
    }
  });
});

describe("GET /api/OfferImages/Get: the disk cache bound and bad requests", () => {
  it("keeps the disk cache under its bound, deleting the least recently used files first", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-bound-"));
    try {
      const files = () =>
        fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name));
      const bytes = () => files().reduce((sum, f) => sum + fs.statSync(f).size, 0);
      const unbounded = new ImageResizer(server.services.db, dir, server.services.clock);
      const made: string[] = [];
      for (const width of IMAGE_WIDTHS) {
        const r = await unbounded.get({ id: drawingId, width, format: "jpeg" });
        made.push(r!.file);
      }
      const total = bytes();
      // Used long ago, oldest first; then the oldest is asked for again, which makes it the newest.
      made.forEach((f, i) => {
        const at = new Date(Date.now() - (10 - i) * 3600_000);
        fs.utimesSync(f, at, at);
      });
      const bounded = new ImageResizer(server.services.db, dir, server.services.clock, Math.floor(total / 2));
      await bounded.get({ id: drawingId, width: IMAGE_WIDTHS[0], format: "jpeg" });
      await bounded.sweep();
      expect(bytes()).toBeLessThanOrEqual(total / 2);
      expect(fs.existsSync(made[0])).toBe(true);
      expect(fs.existsSync(made[1])).toBe(false);
      expect(fs.existsSync(made.at(-1)!)).toBe(true);
      // Writing through a bounded resizer sweeps by itself.
      for (const f of files()) fs.unlinkSync(f);
      for (const width of IMAGE_WIDTHS) await bounded.get({ id: drawingId, width, format: "webp" });
      expect(bytes()).toBeLessThanOrEqual(total / 2);
      expect(files().length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers an unknown image with 404", async () => {
    const res = await get(`attachmentId=${missingId}&width=320`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ErrorCode: 3, ErrorMessage: "Nie znaleziono zdjęcia." });
  });

  it.each([
    ["width=2000", "width"],
    ["width=1921", "width"],
    ["width=0", "width"],
    ["width=-320", "width"],
    ["width=abc", "width"],
    ["width=12.5", "width"],
    ["width=", "width"],
    ["height=5000", "height"],
    ["height=0", "height"],
    ["height=x", "height"],
    ["width=1&width=2", "width"],
  ])("refuses %s with a Polish 400 naming the field", async (size, field) => {
    const res = await get(`attachmentId=${drawingId}&${size}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.ErrorCode).toBe(1);
    expect(body.ErrorMessage).toMatch(new RegExp(`^Pole ${field}: `));
  });

  it("refuses a missing or malformed attachmentId with 400", async () => {
    for (const q of ["width=320", "attachmentId=123&width=320", "attachmentId=../../etc/passwd"]) {
      const res = await get(q);
      expect(res.status).toBe(400);
      expect((await res.json()).ErrorMessage).toMatch(/^Pole attachmentId: /);
    }
  });
});

describe("GET /api/OfferImages/GetManyByUrl", () => {
  const many = (query: string) => fetch(`${server.url}/api/OfferImages/GetManyByUrl?${query}`);

  it("answers each address resized, in order, with the size it will have", async () => {
    const urls = [
      offerImageUrl(drawingId),
      `https://example.pl${offerImageUrl(photoId, "large")}`,
      drawingId,
    ];
    const res = await many(`urls=${encodeURIComponent(urls.join(","))}&width=640&height=480`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { SourceUrl: urls[0], Url: offerImageUrl(drawingId, "medium"), Width: 640, Height: 480 },
      { SourceUrl: urls[1], Url: offerImageUrl(photoId, "medium"), Width: 640, Height: 480 },
      { SourceUrl: urls[2], Url: offerImageUrl(drawingId, "medium"), Width: 640, Height: 480 },
    ]);
    const repeated = await many(
      `urls=${encodeURIComponent(urls[0])}&urls=${encodeURIComponent(urls[2])}&width=320`,
    );
    expect(
      (await repeated.json()).map((r: { Width: number; Height: number }) => [r.Width, r.Height]),
    ).toEqual([
      [320, 240],
      [320, 240],
    ]);
  });

  it("answers an unknown image with 404 and a foreign address with 400", async () => {
    const unknown = await many(`urls=${encodeURIComponent(offerImageUrl(missingId))}&width=320`);
    expect(unknown.status).toBe(404);
    const foreign = await many(`urls=${encodeURIComponent("https://example.com/car.jpg")}&width=320`);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).ErrorMessage).toMatch(/^Pole urls: /);
  });

  it.each([
    ["", "urls"],
    ["urls=", "urls"],
    [`urls=${"a".repeat(64)}&width=0`, "width"],
    [`urls=${"a".repeat(64)}&width=1921`, "width"],
    [`urls=${"a".repeat(64)}&height=-1`, "height"],
    [`urls=${"a".repeat(64)}&height=big`, "height"],
    [`urls=${Array.from({ length: 101 }, () => "a".repeat(64)).join(",")}`, "urls"],
  ])("refuses %s with a Polish 400", async (query, field) => {
    const res = await many(query);
    expect(res.status).toBe(400);
    expect((await res.json()).ErrorMessage).toMatch(new RegExp(`^Pole ${field}: `));
  });

  it("is described in /api/docs", async () => {
    const doc = await (await fetch(`${server.url}/api/docs`)).json();
    expect(doc.paths["/api/OfferImages/Get"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "attachmentId",
      "width",
      "height",
    ]);
    expect(doc.paths["/api/OfferImages/GetManyByUrl"].get.summary).toBeTruthy();
  });
});
