import { and, asc, count, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { FAQ_SECTIONS, type FaqEntry, type FaqSectionKey } from "../../domain/faq";
import { type Literals, withLiteralDefaults } from "../../domain/literals";
import { makeSlug } from "../../domain/make-slug";
import { cachedValue } from "../cache";
import { onSale } from "../catalogue/on-sale";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { banners, documents, faqEntries, literals, offers } from "../db/schema/index";

export interface StoredDocument {
  kind: string;
  name: string;
  version: number;
  effectiveFrom: Date;
  contentType: string;
  data: Buffer;
}

export interface MakeCount {
  make: string;
  slug: string;
  count: number;
  /** What a private buyer can buy of it (for cash, no auctions: the list's private view). */
  privateCount: number;
}

/** What the electric-cars carousel shows of a new electric car. */
export interface ElectricCarTile {
  AuctionId: number;
  Make: string;
  Model: string;
  Version: string;
  Year: number;
  /** Range in km, when known. */
  VehicleRange: number | null;
  /** Battery capacity in kWh (EngineCapacity holds it for electric cars, spec section 3). */
  BatteryKwh: number;
  LeasePrice: number | null;
  RentPriceNetto: number | null;
  TotalPriceBrutto: number | null;
}

export interface SlideText {
  title: string;
  subtitle: string;
  buttonText: string | null;
  redirectTo: string | null;
}

/** Content of the site kept in the database: literals, documents, FAQ, and small catalogue summaries. */
export class ContentService {
  /**
   * The literals, read by every page (the shell's contact data): kept, and forgotten on the catalogue
   * change feed when staff edit one (services.ts).
   */
  private readonly literalsCache = cachedValue(
    async () => withLiteralDefaults(await this.db.select().from(literals)),
    // Read lazily: the field is set up before the constructor's parameters are.
    { ttlMs: 60_000, clock: { now: () => this.clock.now() } },
  );

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  private get db() {
    return this.database.db;
  }

  literals(): Promise<Literals> {
    return this.literalsCache.get();
  }

  invalidate(): void {
    this.literalsCache.invalidate();
  }

  /**
   * The version of a document in force at `at`: the newest effective date not in the future, so a
   * new version can be stored ahead of time and is served from its effective date on.
   */
  async currentDocument(kind: string, at: Date = this.clock.now()): Promise<StoredDocument | null> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.kind, kind), lte(documents.effectiveFrom, at)))
      .orderBy(desc(documents.effectiveFrom), desc(documents.version))
      .limit(1);
    return row ?? null;
  }

  /** FAQ entries in page order (section order of FAQ_SECTIONS, then position). */
  async faq(section?: FaqSectionKey): Promise<FaqEntry[]> {
    const rows = await this.db
      .select()
      .from(faqEntries)
      .where(section ? eq(faqEntries.section, section) : undefined)
      .orderBy(asc(faqEntries.position), asc(faqEntries.id));
    const order = new Map<string, number>(FAQ_SECTIONS.map((s, i) => [s.key, i]));
    return rows
      .filter((r) => order.has(r.section))
      .sort((a, b) => order.get(a.section)! - order.get(b.section)!)
      .map((r) => ({
        section: r.section as FaqSectionKey,
        slug: r.slug,
        question: r.question,
        answer: r.answer,
      }));
  }

  /**
   * Every make on sale and how many offers, alphabetically (Polish collation done in JS). Counted like
   * the make's list (offer-query.ts): auctions that have ended are not on sale.
   */
  async makesWithCounts(now: Date = this.clock.now()): Promise<MakeCount[]> {
    const rows = await this.db
      .select({
        make: offers.make,
        n: count(),
        forPrivate: sql<number>`count(*) filter (where ${offers.isCashAvailable} and ${offers.saleType} <> 'auction')`,
      })
      .from(offers)
      .where(onSale(now))
      .groupBy(offers.make);
    const collator = new Intl.Collator("pl");
    return rows
      .map((r) => ({
        make: r.make,
        slug: makeSlug(r.make),
        count: Number(r.n),
        privateCount: Number(r.forPrivate),
      }))
      .sort((a, b) => collator.compare(a.make, b.make));
  }

  /** New electric cars (fuel type 'EL') for the /moj-elektryk carousel, newest first. */
  async newElectricCars(limit = 12): Promise<ElectricCarTile[]> {
    const rows = await this.db
      .select()
      .from(offers)
      .where(and(eq(offers.status, "active"), eq(offers.fuelType, "EL"), eq(offers.saleType, "new")))
      .orderBy(desc(offers.publishedAt), desc(offers.id))
      .limit(limit);
    return rows.map((o) => ({
      AuctionId: o.id,
      Make: o.make,
      Model: o.model,
      Version: o.version,
      Year: o.year,
      VehicleRange: o.vehicleRange,
      BatteryKwh: o.engineCapacity,
      LeasePrice: o.isLeasingAvailable ? (o.leasePriceDiscount ?? o.leasePrice) : null,
      RentPriceNetto: o.isRentAvailable ? (o.rentPriceNettoDiscount ?? o.rentPriceNetto) : null,
      TotalPriceBrutto: o.isCashAvailable ? (o.totalPriceBruttoDiscount ?? o.totalPriceBrutto) : null,
    }));
  }

  /** Slides of the /moj-elektryk top slider (banners 'electric-slider' not past their end date). */
  async electricSlides(now: Date = this.clock.now()): Promise<SlideText[]> {
    return this.db
      .select({
        title: banners.title,
        subtitle: banners.subtitle,
        buttonText: banners.buttonText,
        redirectTo: banners.redirectTo,
      })
      .from(banners)
      .where(
        and(
          eq(banners.placement, "electric-slider"),
          or(isNull(banners.sliderEndDate), gt(banners.sliderEndDate, now)),
          or(isNull(banners.sliderStartDate), lte(banners.sliderStartDate, now)),
        ),
      )
      .orderBy(asc(banners.position), asc(banners.id));
  }
}
