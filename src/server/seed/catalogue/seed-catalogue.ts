import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CalculatorProperties } from "../../../domain/calculator";
import { offerImageUrl } from "../../../domain/images";
import type { BodyType } from "../../../domain/vehicles";
import { bulkInsert } from "../../db/bulk-insert";
import type { Db, Tx } from "../../db/client";
import { banners, bids, offerPhotos, offers, offerTexts, priceHistory, users } from "../../db/schema/index";
import { putImages } from "../../images/store";
import { drawBanner, drawPromotionBadge } from "../drawing/banner-drawing";
import { drawCarPhoto, type PhotoView } from "../drawing/car-drawing";
import { bannerSeeds, ELECTRIC_SLIDE_ALTS, ELECTRIC_SLIDE_PICTURES } from "./banners";
import {
  DEMO_BIDDERS,
  type GeneratedOffer,
  generateOffers,
  PROMOTION_BADGES,
  type PromotionBadge,
} from "./generate";
import { Random } from "./random";

export interface CatalogueSeedOptions {
  offers: number;
  seed: number;
  now: Date;
  /** Progress lines for long runs (npm run seed). */
  log?: (line: string) => void;
  /** Calculator settings in force, for the "od" instalments (ADR 020); the defaults without. */
  calculator?: CalculatorProperties;
}

export interface CatalogueSeedStats {
  offers: number;
  photos: number;
  images: number;
  priceHistory: number;
  bids: number;
  /** Home slider and bottom banners written (electric slides only get pictures). */
  banners: number;
}

/** Offers per batch (one INSERT per table and batch, rows sent as one JSON parameter). */
const OFFER_BATCH = 500;

/**
 * Demo bidders (auction bids need users). They cannot sign in: the password hash "!" matches no
 * password under any scheme, and the addresses use the reserved .invalid domain, so no mail leaves.
 */
const BIDDER_COMPANIES = [
  ["Adam", "Nowak", "Nowak Transport"],
  ["Katarzyna", "Wiśniewska", "Wiśniewska Logistyka"],
  ["Piotr", "Wójcik", "Auto-Handel Wójcik"],
  ["Magdalena", "Kowalczyk", "Kowalczyk Budownictwo"],
  ["Tomasz", "Kamiński", "Kamiński Serwis"],
  ["Agnieszka", "Lewandowska", "Lewandowska Consulting"],
  ["Michał", "Zieliński", "Zieliński Instalacje"],
  ["Ewa", "Szymańska", "Szymańska Catering"],
  ["Krzysztof", "Woźniak", "Woźniak Flota"],
  ["Joanna", "Dąbrowska", "Dąbrowska Design"],
  ["Marcin", "Kozłowski", "Kozłowski Handel"],
  ["Anna", "Jankowska", "Jankowska Med"],
] as const;

export const demoBidderEmail = (i: number) => `licytant${String(i + 1).padStart(2, "0")}@demo.flotis.invalid`;

async function ensureDemoBidders(tx: Tx, seed: number): Promise<number[]> {
  const rnd = new Random(seed, 0xb1d);
  const rows = BIDDER_COMPANIES.slice(0, DEMO_BIDDERS).map(([firstName, lastName, companyName], i) => ({
    email: demoBidderEmail(i),
    passwordHash: "!",
    utoken: Array.from({ length: 32 }, () => "0123456789abcdef"[rnd.int(0, 15)]).join(""),
    firstName,
    lastName,
    companyName,
    nip: String(5210000000 + rnd.int(0, 9_999_999)),
    status: "active" as const,
  }));
  await tx.insert(users).values(rows).onConflictDoNothing();
  const found = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        rows.map((r) => r.email),
      ),
    );
  const byEmail = new Map(found.map((r) => [r.email, r.id]));
  return rows.map((r) => byEmail.get(r.email)!);
}

/**
 * Photos are shared: one drawing per body type x paint x view, stored once (content addressed).
 * Missing drawings of a batch are drawn and stored together, so a big catalogue costs at most
 * 6 x 14 x 5 drawings whatever its size.
 */
class PhotoLibrary {
  private ids = new Map<string, string>();
  constructor(private tx: Tx) {}

  get size() {
    return this.ids.size;
  }

  private key = (body: BodyType, paint: string, view: PhotoView) => `${body}|${paint}|${view}`;

  async prepare(batch: GeneratedOffer[]): Promise<void> {
    const missing = new Map<string, { body: BodyType; paint: string; view: PhotoView }>();
    for (const g of batch) {
      for (const view of g.photos) {
        const k = this.key(g.offer.bodyType as BodyType, g.paint, view);
        if (!this.ids.has(k)) missing.set(k, { body: g.offer.bodyType as BodyType, paint: g.paint, view });
      }
    }
    if (!missing.size) return;
    const entries = [...missing.entries()];
    const stored = await putImages(
      this.tx,
      entries.map(([, p]) => Buffer.from(drawCarPhoto({ bodyType: p.body, paint: p.paint, view: p.view }))),
    );
    for (const [i, [k]] of entries.entries()) this.ids.set(k, stored[i]);
  }

  id(g: GeneratedOffer, view: PhotoView): string {
    return this.ids.get(this.key(g.offer.bodyType as BodyType, g.paint, view))!;
  }
}

/**
 * Wipes the catalogue tables (offers, texts, photos, price history, bids, home banners) and fills them
 * with the generated demo catalogue, in one transaction: a failure leaves the previous data untouched.
 */
export async function seedCatalogue(db: Db, opts: CatalogueSeedOptions): Promise<CatalogueSeedStats> {
  const stats: CatalogueSeedStats = { offers: 0, photos: 0, images: 0, priceHistory: 0, bids: 0, banners: 0 };
  await db.transaction(async (tx) => {
    // offers first: a running server's readers (the auction closer) take offers before bids, and
    // TRUNCATE locks its tables in the order named; bids before offers deadlocked with them.
    await tx.execute(
      sql`truncate table offers, offer_texts, offer_photos, price_history, bids restart identity cascade`,
    );
    await tx.execute(sql`set constraints offer_texts_offer_id_offers_id_fk deferred`);
    // Banners of other placements (the electric-programme slides) belong to the content area.
    await tx.delete(banners).where(inArray(banners.placement, ["home-slider", "home-bottom"]));
    const bidderIds = await ensureDemoBidders(tx, opts.seed);

    const badgeIds = await putImages(
      tx,
      PROMOTION_BADGES.map((b) => Buffer.from(drawPromotionBadge(b))),
    );
    const badgeUrls = Object.fromEntries(
      PROMOTION_BADGES.map((b, i) => [b, offerImageUrl(badgeIds[i])]),
    ) as Record<PromotionBadge, string>;

    const library = new PhotoLibrary(tx);
    let batch: GeneratedOffer[] = [];
    const started = performance.now();
    const flush = async () => {
      if (!batch.length) return;
      await library.prepare(batch);
      // Texts first (their foreign key is checked at commit): each offer is then inserted with the
      // equipment codes of its search document rather than updated for them (migration 0018).
      await bulkInsert(
        tx,
        offerTexts,
        batch.map((g) => ({ offerId: g.offer.id, ...g.texts })),
      );
      await bulkInsert(
        tx,
        offers,
        batch.map((g) => g.offer),
      );
      const photoRows = batch.flatMap((g) =>
        g.photos.map((view, position) => ({ offerId: g.offer.id, imageId: library.id(g, view), position })),
      );
      const historyRows = batch.flatMap((g) => g.priceHistory.map((h) => ({ offerId: g.offer.id, ...h })));
      const bidRows = batch.flatMap((g) =>
        g.bids.map((b) => ({
          offerId: g.offer.id,
          userId: bidderIds[b.bidder],
          price: b.price,
          createdAt: b.at,
        })),
      );
      await bulkInsert(tx, offerPhotos, photoRows);
      await bulkInsert(tx, priceHistory, historyRows);
      await bulkInsert(tx, bids, bidRows);
      stats.offers += batch.length;
      stats.photos += photoRows.length;
      stats.priceHistory += historyRows.length;
      stats.bids += bidRows.length;
      if (opts.log && stats.offers % 10_000 < OFFER_BATCH) {
        opts.log(`  ${stats.offers} ofert (${Math.round(performance.now() - started)} ms)`);
      }
      batch = [];
    };
    for (const generated of generateOffers({
      offers: opts.offers,
      seed: opts.seed,
      now: opts.now,
      badgeUrls,
      calculator: opts.calculator,
    })) {
      const leader = generated.bids.at(-1);
      if (leader) generated.offer.leaderUserId = bidderIds[leader.bidder];
      batch.push(generated);
      if (batch.length >= OFFER_BATCH) await flush();
    }
    await flush();
    // Offers were inserted with their ids; the sequence must continue after them for new offers.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('offers', 'id'), greatest((select max(id) from offers), 1), (select count(*) > 0 from offers))`,
    );

    const seeds = bannerSeeds(opts.now);
    const pictureIds = await putImages(
      tx,
      [...seeds.map((s) => s.picture), ...ELECTRIC_SLIDE_PICTURES].flatMap((p) => [
        Buffer.from(drawBanner(p, false)),
        Buffer.from(drawBanner(p, true)),
      ]),
    );
    await tx
      .insert(banners)
      .values(
        seeds.map((s, i) => ({ ...s.row, imageId: pictureIds[2 * i], mobileImageId: pictureIds[2 * i + 1] })),
      );
    // Electric-programme slides written without pictures get the drawn ones (alt text too, when empty).
    const electric = await tx
      .select({ id: banners.id, alt: banners.alt })
      .from(banners)
      .where(and(eq(banners.placement, "electric-slider"), isNull(banners.imageId)))
      .orderBy(asc(banners.position), asc(banners.id));
    for (const [i, slide] of electric.entries()) {
      const k = seeds.length + (i % ELECTRIC_SLIDE_PICTURES.length);
      await tx
        .update(banners)
        .set({
          imageId: pictureIds[2 * k],
          mobileImageId: pictureIds[2 * k + 1],
          alt: slide.alt || ELECTRIC_SLIDE_ALTS[i % ELECTRIC_SLIDE_ALTS.length],
        })
        .where(eq(banners.id, slide.id));
    }
    stats.banners = seeds.length;
    stats.images = library.size + badgeIds.length + pictureIds.length;
  });
  return stats;
}
