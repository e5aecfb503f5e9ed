import { asc, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerImageUrl } from "../../src/domain/images";
import { banners, offerPhotos, offers } from "../../src/server/db/schema/index";
import { offerPhotoUrls } from "../../src/server/images/offer-photos";
import { seedCatalogue } from "../../src/server/seed/catalogue/seed-catalogue";
import { seedIfEmpty } from "../../src/server/seed/seed-if-empty";
import { startApiServer, type TestServer } from "../support/api-server";

let server: TestServer;
const now = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const count = async (table: string) =>
  (
    (await server.services.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

describe("a real site's first start", () => {
  it("is not loaded on a real site's first start (DEMO_DATA=false), whose texts and settings are", async () => {
    const site = await startApiServer({ DEMO_DATA: "false" });
    try {
      expect(await seedIfEmpty(site.services.database, site.services.config, site.services.clock.now())).toBe(
        false,
      );
      const n = async (table: string) =>
        (
          (await site.services.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n;
      expect(await n("offers")).toBe(0);
      expect(await n("literals")).toBeGreaterThan(0);
    } finally {
      await site.close();
    }
  });
});

describe("demo catalogue in the database", () => {
  it("loads on first start only, then a second start keeps the data", async () => {
    await seedIfEmpty(server.services.database, server.services.config, server.services.clock.now());
    expect(await count("offers")).toBe(400);
    const [first] = await server.services.db.select().from(offers).orderBy(asc(offers.id)).limit(1);
    await seedIfEmpty(server.services.database, server.services.config, server.services.clock.now());
    expect(await count("offers")).toBe(400);
    const [again] = await server.services.db.select().from(offers).orderBy(asc(offers.id)).limit(1);
    expect(again.updatedAt).toEqual(first.updatedAt);
  });

  it("gives the demo auctions their condition reports in the first start's seed, and a later start invents none", async () => {
    const auctionsWithoutReport = sql.raw(
      "select count(*)::int as n from offers o where o.sale_type = 'auction' and not exists (select 1 from technical_reports r where r.offer_id = o.id)",
    );
    const without = async () =>
      ((await server.services.db.execute(auctionsWithoutReport)) as unknown as { rows: { n: number }[] })
        .rows[0].n;
    expect(await count("technical_reports")).toBeGreaterThan(0);
    expect(await without()).toBe(0);
    // An auction published later (fleet API) has no report until one is delivered: a restart adds none.
    const [auction] = await server.services.db
      .select()
      .from(offers)
      .where(sql`sale_type = 'auction'`)
      .limit(1);
    const { id: _id, ...copy } = auction;
    await server.services.db.insert(offers).values(copy);
    await seedIfEmpty(server.services.database, server.services.config, server.services.clock.now());
    expect(await without()).toBe(1);
  });

  it("re-seeds the same catalogue for the same seed and moment, replacing the old one", async () => {
    const snapshot = async () =>
      JSON.stringify(
        await server.services.db
          .select({ id: offers.id, make: offers.make, price: offers.totalPriceNetto, end: offers.auctionEnd })
          .from(offers)
          .orderBy(asc(offers.id)),
      );
    const stats = await seedCatalogue(server.services.db, { offers: 300, seed: 5, now });
    const first = await snapshot();
    await seedCatalogue(server.services.db, { offers: 300, seed: 5, now });
    expect(await snapshot()).toBe(first);
    expect(await count("offers")).toBe(300);
    expect(await count("offer_texts")).toBe(300);
    expect(await count("offer_photos")).toBe(stats.photos);
    expect(await count("price_history")).toBe(stats.priceHistory);
    expect(await count("bids")).toBe(stats.bids);
    // Home banners are ours; the electric-programme slides come from the content seeder and keep their rows.
    expect(await count("banners")).toBe(stats.banners + 3);
    // Photos are shared drawings: never more than body types x colours x views.
    expect(stats.images).toBeLessThanOrEqual(6 * 14 * 5 + 4 + 2 * stats.banners);
    expect(stats.photos).toBeGreaterThan(stats.images);
  });

  it("continues offer ids after the seeded ones", async () => {
    const [row] = await server.services.db
      .insert(offers)
      .values({
        saleType: "new",
        make: "Toyota",
        model: "Yaris",
        bodyType: "hatchback",
        fuelType: "PB",
        gearBoxType: "manual",
        color: "biały",
        year: 2026,
        mileage: 10,
        engineCapacity: 1490,
        powerHp: 125,
      })
      .returning({ id: offers.id });
    expect(row.id).toBe(301);
    await server.services.db.delete(offers).where(sql`${offers.id} = ${row.id}`);
  });

  it("serves every offer photo and banner picture through the image endpoint", async () => {
    const photos = await server.services.db
      .select()
      .from(offerPhotos)
      .where(sql`${offerPhotos.offerId} = 1`)
      .orderBy(asc(offerPhotos.position));
    expect(photos.length).toBeGreaterThanOrEqual(3);
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2, 3, 4].slice(0, photos.length));
    const res = await fetch(`${server.url}${offerImageUrl(photos[0].imageId, "small")}`, {
      headers: { accept: "image/webp" },
    });
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 240]);
    const [banner] = await server.services.db.select().from(banners).limit(1);
    const desktop = await fetch(`${server.url}${offerImageUrl(banner.imageId!, { width: 960 })}`);
    expect(desktop.status).toBe(200);
    const bannerMeta = await sharp(Buffer.from(await desktop.arrayBuffer())).metadata();
    expect([bannerMeta.width, bannerMeta.height]).toEqual([960, 320]);
  });

  it("lists each offer's photo addresses in display order", async () => {
    const urls = await offerPhotoUrls(server.services.db, [1, 2, 2, 999]);
    expect([...urls.keys()].sort()).toEqual([1, 2]);
    const first = await server.services.db
      .select()
      .from(offerPhotos)
      .where(sql`${offerPhotos.offerId} = 1`)
      .orderBy(asc(offerPhotos.position));
    expect(urls.get(1)).toEqual(first.map((p) => offerImageUrl(p.imageId)));
    expect(await offerPhotoUrls(server.services.db, [])).toEqual(new Map());
  });

  it("keeps one home slide already past its end date", async () => {
    const slides = await server.services.db.select().from(banners);
    const home = slides.filter((s) => s.placement === "home-slider");
    expect(home.length).toBeGreaterThanOrEqual(4);
    expect(home.filter((s) => s.sliderEndDate && s.sliderEndDate < now).length).toBe(1);
    expect(slides.some((s) => s.placement === "home-bottom")).toBe(true);
    expect(slides.some((s) => s.placement === "electric-slider")).toBe(true);
    for (const s of slides) {
      expect(s.redirectTo).toMatch(/^\/[a-z-]*/);
      expect(s.imageId).toMatch(/^[0-9a-f]{64}$/);
      expect(s.mobileImageId).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
