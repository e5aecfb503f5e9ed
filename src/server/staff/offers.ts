import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import {
  changedMarketing,
  type MarketingChange,
  marketingChangeName,
  type OfferMarketing,
} from "../../domain/catalogue/promotions";
import {
  type CarFieldsInput,
  equipmentLines,
  MAX_OFFER_PHOTOS,
  OFFERS_PAGE_SIZE,
  type OfferFilter,
  type OfferFormInput,
  type OfferSort,
  type OfferState,
  type PanelSaleType,
  PHOTOS_LOCKED,
} from "../../domain/staff/offers";
import { type RepriceChange, repriced, repriceName, type Sort } from "../../domain/staff/table";
import { carTitle } from "../../domain/vehicles";
import { auctionDescriptionLock } from "../auctions/technical-report";
import type { OfferManagement } from "../catalogue/offer-management";
import { carColumns, pricesFromNet } from "../catalogue/offer-management";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { offerPhotos, offers, offerTexts, priceHistory } from "../db/schema/index";
import { putImage, UnsupportedImageError } from "../images/store";
import { calculatorPropertiesForPricing } from "../leads/calculator-store";
import { type Actor, audit } from "./audit";
import { type BulkOutcome, bulkEach, containsPattern, pageOffset, sortedBy } from "./list-query";
import { StaffError } from "./staff-error";

type Row = typeof offers.$inferSelect;

const NOT_FOUND = "Nie ma takiej oferty.";

const offerStateOf = (o: Pick<Row, "status" | "reservation">): OfferState =>
  o.status === "active" && o.reservation ? "reserved" : o.status;

/** What the audit log keeps of a car: what the catalogue shows of it, and its state. */
const auditedCar = (o: Row, texts?: { description: string; equipment: string[] }) => ({
  state: offerStateOf(o),
  saleType: o.saleType,
  make: o.make,
  model: o.model,
  version: o.version,
  bodyType: o.bodyType,
  fuelType: o.fuelType,
  gearBoxType: o.gearBoxType,
  color: o.color,
  year: o.year,
  mileage: o.mileage,
  engineCapacity: o.engineCapacity,
  powerHp: o.powerHp,
  vehicleRange: o.vehicleRange,
  doors: o.doors,
  seats: o.seats,
  plateNumber: o.plateNumber,
  vin: o.vin,
  isCertified: o.isCertified,
  isPromoted: o.isPromoted,
  isPicturePreviewOnly: o.isPicturePreviewOnly,
  totalPriceNetto: o.totalPriceNetto,
  totalPriceNettoDiscount: o.totalPriceNettoDiscount,
  isLeasingAvailable: o.isLeasingAvailable,
  isRentAvailable: o.isRentAvailable,
  ...(texts ? { description: texts.description, equipment: texts.equipment.length } : {}),
});

/**
 * A car's fields from the panel's form in the fleet API's shape (NewOffer), its make spelt as the
 * catalogue spells it: the offer and auction forms insert through the fleet API's path.
 */
export function carOfferFields(input: CarFieldsInput, make: string) {
  return {
    Make: make,
    Model: input.Model,
    Version: input.Version,
    BodyType: input.BodyType,
    FuelType: input.FuelType,
    GearBoxType: input.GearBoxType,
    Color: input.Color,
    Year: input.Year,
    Mileage: input.Mileage,
    EngineCapacity: input.EngineCapacity,
    PowerHp: input.PowerHp,
    VehicleRange: input.VehicleRange ?? null,
    Doors: input.Doors,
    Seats: input.Seats,
    PlateNumber: input.PlateNumber || null,
    Vin: input.Vin || null,
    Description: input.Description,
    Equipment: equipmentLines(input.Equipment),
    IsCertified: input.IsCertified,
    Reservation: false,
    IsPromoted: input.IsPromoted,
    IsPicturePreviewOnly: input.IsPicturePreviewOnly,
    PhotoIds: [] as string[],
  };
}

export interface OfferListRow {
  id: number;
  saleType: PanelSaleType;
  title: string;
  year: number;
  price: number | null;
  state: OfferState;
  photos: number;
  updatedAt: Date;
  withdrawalReason: string | null;
}

/** One offer of a price change's preview: its price now and after the change (null: no price then). */
export interface RepriceLine {
  id: number;
  title: string;
  old: number | null;
  new: number | null;
}

/** One offer of a labels change's preview: its labels and promotions now and after (or why it cannot take it). */
export interface MarketingLine {
  id: number;
  title: string;
  before: string;
  after: string | null;
  refusal: string | null;
}

/** An offer's labels and promotions in a line: the audit log and the previews read them so. */
const marketingNames = (m: OfferMarketing) => ({
  labels: m.labels.map((l) => l.Text).join(", ") || "–",
  promotions: m.promotions.map((p) => p.Text).join(", ") || "–",
});
const marketingOf = (o: Row): OfferMarketing => ({
  labels: o.marketingLabels,
  promotions: o.specialPromotions,
});
const marketingLine = (m: OfferMarketing) => {
  const n = marketingNames(m);
  return `etykiety: ${n.labels}; promocje: ${n.promotions}`;
};

/** The price in force as the panel shows it: the discounted one when there is one. */
const priceInForce = sql<
  number | null
>`coalesce(${offers.totalPriceNettoDiscount}, ${offers.totalPriceNetto})`;
/**
 * A car's photos counted. Written with the tables named: drizzle leaves a lone column's table out,
 * and an unqualified "id" inside the subquery is the photo row's own, not the car's.
 */
const photoCount = sql<number>`(select count(*)::int from ${offerPhotos} where ${offerPhotos}."offer_id" = ${offers}."id")`;
/** What each column of the list sorts by. */
const SORT_COLUMNS: Record<OfferSort, SQLWrapper> = {
  nr: offers.id,
  samochod: sql`${offers.make} || ' ' || ${offers.model} || ' ' || ${offers.version}`,
  rodzaj: offers.saleType,
  cena: priceInForce,
  stan: sql`case when ${offers.status} = 'active' and ${offers.reservation} then 'reserved' else ${offers.status} end`,
  zdjecia: photoCount,
  zmieniona: offers.updatedAt,
};

type CarTexts = { description: string; equipment: string[] };

/** A car's texts before a change, for its audit entry (a car without a texts row has none). */
async function textsOf(tx: Tx, id: number): Promise<CarTexts> {
  const [texts] = await tx.select().from(offerTexts).where(eq(offerTexts.offerId, id));
  return texts ?? { description: "", equipment: [] };
}

/** Replaces a car's texts (the row is made for a car that had none). */
export async function replaceTexts(tx: Tx, id: number, texts: CarTexts): Promise<void> {
  await tx
    .insert(offerTexts)
    .values({ offerId: id, ...texts })
    .onConflictDoUpdate({ target: offerTexts.offerId, set: texts });
}

/**
 * A changed car (an offer's form, an auction's car) saved over its locked row `old`: its columns and
 * texts written, then `alsoWrite` (an offer's prices, which the audited row shows), then the change
 * audited as `action` with the car before and after. Answers what `alsoWrite` answered.
 */
export async function saveCarChange<T>(
  tx: Tx,
  old: Row,
  change: {
    columns: Partial<typeof offers.$inferInsert>;
    car: { Description: string; Equipment: string[] };
    at: Date;
    by: Actor;
    action: string;
    entity: "offer" | "auction";
  },
  alsoWrite: () => Promise<T>,
): Promise<T> {
  const { id } = old;
  const oldTexts = await textsOf(tx, id);
  await tx
    .update(offers)
    .set({ ...change.columns, updatedAt: change.at })
    .where(eq(offers.id, id));
  const answer = await alsoWrite();
  const texts = { description: change.car.Description, equipment: change.car.Equipment };
  await replaceTexts(tx, id, texts);
  const [row] = await tx.select().from(offers).where(eq(offers.id, id));
  await audit(tx, change.by, {
    action: change.action,
    entity: change.entity,
    entityId: id,
    before: auditedCar(old, oldTexts),
    after: auditedCar(row, texts),
  });
  return answer;
}

/**
 * A car typed into a panel list's search box: its make, model and version, its VIN, its number when
 * typed whole and, where the list shows it, its plate number (spaces ignored).
 */
export function offerSearch(search: string, { byPlate }: { byPlate: boolean }): SQL {
  const like = containsPattern(search);
  const byText = or(
    ilike(sql`${offers.make} || ' ' || ${offers.model} || ' ' || ${offers.version}`, like),
    ilike(offers.vin, like),
    byPlate ? ilike(sql`replace(${offers.plateNumber}, ' ', '')`, like.replace(/\s/g, "")) : undefined,
  ) as SQL;
  return /^\d{1,9}$/.test(search) ? (or(byText, eq(offers.id, Number(search))) as SQL) : byText;
}

/**
 * The cars for sale as the sales team keeps them: a car starts as a draft with
 * every field the catalogue shows, gets its photos (through the image store, ordered, the first is
 * the main one) and is published; it can then be repriced (the price history, the 30-day lowest price
 * and the alerts follow, as for the fleet API), reserved and withdrawn. Every change is audited in
 * its own transaction; the public pages see it at once (the catalogue's change feed).
 */
export class OfferAdmin {
  constructor(
    private readonly db: Db,
    private readonly management: OfferManagement,
    private readonly clock: Clock,
  ) {}

  async list(opts: {
    filter: OfferFilter;
    saleType?: PanelSaleType | null;
    search?: string;
    page?: number;
    sort?: Sort<OfferSort> | null;
  }): Promise<{ rows: OfferListRow[]; total: number; all: number }> {
    const base = ne(offers.saleType, "auction");
    const where: SQL[] = [base];
    if (opts.filter === "reserved") where.push(eq(offers.status, "active"), eq(offers.reservation, true));
    else if (opts.filter === "active") where.push(eq(offers.status, "active"), eq(offers.reservation, false));
    else if (opts.filter !== "all") where.push(eq(offers.status, opts.filter));
    if (opts.saleType) where.push(eq(offers.saleType, opts.saleType));
    const search = opts.search?.trim();
    if (search) where.push(offerSearch(search, { byPlate: true }));
    const condition = and(...where);
    const order = sortedBy(
      opts.sort,
      SORT_COLUMNS,
      [desc(offers.updatedAt), desc(offers.id)],
      [opts.sort?.desc ? desc(offers.id) : asc(offers.id)],
    );
    const [rows, [{ total }], [{ all }]] = await Promise.all([
      this.db
        .select({ offer: offers, photos: photoCount })
        .from(offers)
        .where(condition)
        .orderBy(...order)
        .limit(OFFERS_PAGE_SIZE)
        .offset(pageOffset(opts.page, OFFERS_PAGE_SIZE)),
      this.db.select({ total: count() }).from(offers).where(condition),
      where.length > 1 ? this.db.select({ all: count() }).from(offers).where(base) : [{ all: -1 }],
    ]);
    return {
      rows: rows.map(({ offer: o, photos }) => ({
        id: o.id,
        saleType: o.saleType as PanelSaleType,
        title: carTitle(o),
        year: o.year,
        price: o.totalPriceNettoDiscount ?? o.totalPriceNetto,
        state: offerStateOf(o),
        photos: Number(photos),
        updatedAt: o.updatedAt,
        withdrawalReason: o.status === "withdrawn" ? o.withdrawalReason : null,
      })),
      total,
      all: all < 0 ? total : all,
    };
  }

  /** A car with its texts, photos (main first) and price history (newest first); null for auctions. */
  async get(id: number) {
    const [o] = await this.db
      .select()
      .from(offers)
      .where(and(eq(offers.id, id), ne(offers.saleType, "auction")));
    if (!o) return null;
    const [[texts], photos, history] = await Promise.all([
      this.db.select().from(offerTexts).where(eq(offerTexts.offerId, id)),
      this.photoIds(this.db, id),
      this.db
        .select()
        .from(priceHistory)
        .where(eq(priceHistory.offerId, id))
        .orderBy(desc(priceHistory.changedAt), desc(priceHistory.id))
        .limit(50),
    ]);
    return {
      offer: o,
      state: offerStateOf(o),
      description: texts?.description ?? "",
      equipment: texts?.equipment ?? [],
      photos,
      history,
    };
  }

  private async photoIds(db: Db | Tx, id: number): Promise<string[]> {
    const rows = await db
      .select({ imageId: offerPhotos.imageId })
      .from(offerPhotos)
      .where(eq(offerPhotos.offerId, id))
      .orderBy(asc(offerPhotos.position));
    return rows.map((r) => r.imageId);
  }

  /** The car's row, locked; `auctions` also finds an auction (its photos and publication are the same). */
  private async lock(tx: Tx, id: number, auctions = false): Promise<Row> {
    const [o] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.id, id), auctions ? undefined : ne(offers.saleType, "auction")))
      .for("update");
    if (!o) throw new StaffError(404, NOT_FOUND);
    return o;
  }

  private async prices(input: OfferFormInput) {
    return pricesFromNet(
      {
        net: input.TotalPriceNetto,
        discount: input.TotalPriceNettoDiscount ?? null,
        leasing: input.Leasing,
        rent: input.Rent,
      },
      await calculatorPropertiesForPricing(this.db),
    );
  }

  /** A new car, saved as a draft: the site shows it once it is published. */
  async create(input: OfferFormInput, by: Actor): Promise<number> {
    const at = this.clock.now();
    const prices = await this.prices(input);
    const car = carOfferFields(input, await this.management.catalogueMake(input.Make));
    return this.db.transaction(async (tx) => {
      const id = await this.management.insertOffer(
        tx,
        { ...car, SaleType: input.SaleType, Prices: prices },
        { status: "draft", prices, at },
      );
      const [row] = await tx.select().from(offers).where(eq(offers.id, id));
      await audit(tx, by, {
        action: "offer.add",
        entity: "offer",
        entityId: id,
        after: auditedCar(row, { description: car.Description, equipment: car.Equipment }),
      });
      return id;
    });
  }

  /**
   * Changes a car's fields and prices. On a car for sale a new price goes to the price history (the
   * 30-day lowest price follows from it) and a lower one wakes the alerts; answers whether one fell.
   */
  async update(id: number, input: OfferFormInput, by: Actor): Promise<{ priceFell: boolean }> {
    const at = this.clock.now();
    const prices = await this.prices(input);
    const car = carOfferFields(input, await this.management.catalogueMake(input.Make));
    // The reservation is the state buttons' (the form does not carry it).
    const { reservation: _kept, ...columns } = carColumns({ ...car, SaleType: input.SaleType });
    const fell = await this.db.transaction(async (tx) => {
      const old = await this.lock(tx, id);
      return saveCarChange(tx, old, { columns, car, at, by, action: "offer.change", entity: "offer" }, () =>
        this.management.replacePrices(tx, old, prices, at),
      );
    });
    this.management.afterChange(fell);
    return { priceFell: fell };
  }

  /**
   * A draft or a withdrawn car goes on sale: its page, the lists and the alerts see it from now. An
   * auction is published the same way, while its end is ahead.
   */
  async publish(id: number, by: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await this.lock(tx, id, true);
      if (
        old.saleType === "auction" &&
        (old.status !== "draft" || (old.auctionEnd?.getTime() ?? 0) <= this.clock.now().getTime())
      )
        throw new StaffError(409, "Opublikować można tylko szkic aukcji, której koniec jest przed nami.");
      if (old.status === "active") throw new StaffError(409, "Oferta jest już w sprzedaży.");
      if (old.status === "sold") throw new StaffError(409, "Sprzedanej oferty nie można opublikować.");
      if (!(await this.photoIds(tx, id)).length)
        throw new StaffError(400, "Dodaj co najmniej jedno zdjęcie, zanim opublikujesz ofertę.");
      await this.management.putOnSale(tx, old, this.clock.now());
      await tx.update(offers).set({ withdrawalReason: null }).where(eq(offers.id, id));
      await this.auditState(tx, by, "offer.publish", old);
    });
    this.management.afterChange(true);
  }

  /**
   * Takes a car off sale for the `reason` staff give (kept on the car, shown in the list, and in the
   * audit log): its page answers 404 from now, and it can be published again.
   */
  async withdraw(id: number, reason: string, by: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await this.lock(tx, id);
      if (old.status !== "active") throw new StaffError(409, "Wycofać można tylko ofertę w sprzedaży.");
      await tx
        .update(offers)
        .set({
          status: "withdrawn",
          reservation: false,
          withdrawalReason: reason,
          updatedAt: this.clock.now(),
        })
        .where(eq(offers.id, id));
      await this.auditState(tx, by, "offer.withdraw", old, { reason });
    });
    this.management.afterChange(false);
  }

  /** Publishes each of the cars (publish); each one refused is told with its reason, the rest go on sale. */
  bulkPublish(ids: number[], by: Actor): Promise<BulkOutcome> {
    return bulkEach(ids, (id) => this.publish(id, by));
  }

  /** Withdraws each of the cars for one reason (withdraw). */
  bulkWithdraw(ids: number[], reason: string, by: Actor): Promise<BulkOutcome> {
    return bulkEach(ids, (id) => this.withdraw(id, reason, by));
  }

  /** The cars' prices now and after `change`, for the member to look at before it is made. */
  async repricePreview(ids: number[], change: RepriceChange): Promise<RepriceLine[]> {
    const rows = await this.db
      .select()
      .from(offers)
      .where(and(inArray(offers.id, ids), ne(offers.saleType, "auction")))
      .orderBy(asc(offers.id));
    return rows.map((o) => {
      const old = o.totalPriceNettoDiscount ?? o.totalPriceNetto;
      return { id: o.id, title: carTitle(o), old, new: old === null ? null : repriced(old, change) };
    });
  }

  /**
   * Changes each car's price in force (the discounted one where there is one) by `change`, through the
   * same path as the offer's form: the price history, the 30-day lowest price and the alerts follow.
   * A car whose price would not be a price is refused and left as it was.
   */
  async reprice(
    ids: number[],
    change: RepriceChange,
    by: Actor,
  ): Promise<BulkOutcome & { priceFell: boolean }> {
    let fell = false;
    const outcome = await bulkEach(ids, async (id) => {
      const at = this.clock.now();
      const calculator = await calculatorPropertiesForPricing(this.db);
      const dropped = await this.db.transaction(async (tx) => {
        const old = await this.lock(tx, id);
        const current = old.totalPriceNettoDiscount ?? old.totalPriceNetto;
        const next = current === null ? null : repriced(current, change);
        if (current === null || next === null)
          throw new StaffError(400, "Cena po zmianie nie byłaby ceną (co najmniej 1 zł).");
        const discounted = old.totalPriceNettoDiscount !== null;
        const net = discounted ? (old.totalPriceNetto ?? next) : next;
        // A discount is below the price before it: a rise past that price raises both.
        const prices = pricesFromNet(
          {
            net: discounted && next >= net ? next : net,
            discount: discounted && next < net ? next : null,
            leasing: old.isLeasingAvailable,
            rent: old.isRentAvailable,
          },
          calculator,
        );
        const dropped = await this.management.replacePrices(tx, old, prices, at);
        await audit(tx, by, {
          action: "offer.reprice",
          entity: "offer",
          entityId: id,
          before: { price: current },
          after: { price: next, change: repriceName(change) },
        });
        return dropped;
      });
      fell ||= dropped;
    });
    this.management.afterChange(fell);
    return { ...outcome, priceFell: fell };
  }

  /**
   * Replaces a car's marketing labels and special promotions (checked by the fleet API's rules): the
   * tiles and its page show them at once (the change feed clears the page cache). Audited with both
   * lists before and after; answers whether anything changed.
   */
  async setMarketing(id: number, next: OfferMarketing, by: Actor, also: object = {}): Promise<boolean> {
    const changed = await this.db.transaction((tx) => this.writeMarketing(tx, id, () => next, by, also));
    if (changed) this.management.afterChange(false);
    return changed;
  }

  private async writeMarketing(
    tx: Tx,
    id: number,
    next: (now: OfferMarketing) => OfferMarketing | string,
    by: Actor,
    also: object,
  ): Promise<boolean> {
    const old = await this.lock(tx, id);
    const before = marketingOf(old);
    const after = next(before);
    if (typeof after === "string") throw new StaffError(409, after);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await tx
      .update(offers)
      .set({
        marketingLabels: after.labels,
        specialPromotions: after.promotions,
        updatedAt: this.clock.now(),
      })
      .where(eq(offers.id, id));
    await audit(tx, by, {
      action: "offer.marketing",
      entity: "offer",
      entityId: id,
      before: marketingNames(before),
      after: { ...marketingNames(after), ...also },
    });
    return true;
  }

  /** The cars' labels and promotions now and after `change`, for the member to look at before it is made. */
  async marketingPreview(ids: number[], change: MarketingChange): Promise<MarketingLine[]> {
    const rows = await this.db
      .select()
      .from(offers)
      .where(and(inArray(offers.id, ids), ne(offers.saleType, "auction")))
      .orderBy(asc(offers.id));
    return rows.map((o) => {
      const after = changedMarketing(marketingOf(o), change);
      return {
        id: o.id,
        title: carTitle(o),
        before: marketingLine(marketingOf(o)),
        after: typeof after === "string" ? null : marketingLine(after),
        refusal: typeof after === "string" ? after : null,
      };
    });
  }

  /** Adds or removes one label or promotion on each car (one it cannot take is named with why). */
  async bulkMarketing(ids: number[], change: MarketingChange, by: Actor): Promise<BulkOutcome> {
    const outcome = await bulkEach(ids, (id) =>
      this.db.transaction((tx) =>
        this.writeMarketing(tx, id, (now) => changedMarketing(now, change), by, {
          change: marketingChangeName(change),
        }),
      ),
    );
    if (outcome.done.length) this.management.afterChange(false);
    return outcome;
  }

  /** Marks a car for sale as reserved (its tile and page say „zarezerwowany”), or frees it again. */
  async reserve(id: number, reserved: boolean, by: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await this.lock(tx, id);
      if (old.status !== "active") throw new StaffError(409, "Zarezerwować można tylko ofertę w sprzedaży.");
      if (old.reservation === reserved)
        throw new StaffError(
          409,
          reserved ? "Oferta jest już zarezerwowana." : "Oferta nie jest zarezerwowana.",
        );
      await tx
        .update(offers)
        .set({ reservation: reserved, updatedAt: this.clock.now() })
        .where(eq(offers.id, id));
      await this.auditState(tx, by, reserved ? "offer.reserve" : "offer.release", old);
    });
    this.management.afterChange(false);
  }

  private async auditState(tx: Tx, by: Actor, action: string, old: Row, also: object = {}) {
    const [row] = await tx.select().from(offers).where(eq(offers.id, old.id));
    await audit(tx, by, {
      action,
      entity: "offer",
      entityId: old.id,
      before: { state: offerStateOf(old) },
      after: { state: offerStateOf(row), ...also },
    });
  }

  /** New photos at the end of the car's list, stored by content (the same file twice is kept once). */
  async addPhotos(id: number, files: File[], by: Actor): Promise<void> {
    const ids: string[] = [];
    for (const file of files) {
      try {
        ids.push(await putImage(this.db, Buffer.from(await file.arrayBuffer())));
      } catch (err) {
        if (err instanceof UnsupportedImageError)
          throw new StaffError(
            400,
            `Plik „${file.name}” nie jest zdjęciem. Wybierz pliki JPEG, PNG, WebP lub AVIF.`,
            "Photos",
          );
        throw err;
      }
    }
    await this.db.transaction(async (tx) => {
      await this.photosUnlocked(tx, await this.lock(tx, id, true));
      const before = await this.photoIds(tx, id);
      const after = [...new Set([...before, ...ids])];
      if (after.length > MAX_OFFER_PHOTOS)
        throw new StaffError(
          400,
          `Oferta może mieć najwyżej ${MAX_OFFER_PHOTOS} zdjęć (ma ${before.length}).`,
          "Photos",
        );
      await this.savePhotos(tx, id, before, after, by);
    });
  }

  /** The car's photos in a new order (the first is the main one); photos left out are removed. */
  async arrangePhotos(id: number, order: string[], by: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await this.lock(tx, id, true);
      await this.photosUnlocked(tx, old);
      const before = await this.photoIds(tx, id);
      const after = [...new Set(order)];
      if (after.some((p) => !before.includes(p)))
        throw new StaffError(400, "Lista zdjęć zmieniła się w międzyczasie. Odśwież stronę.");
      if (!after.length && old.status === "active")
        throw new StaffError(400, "Oferta w sprzedaży musi mieć co najmniej jedno zdjęcie.");
      await this.savePhotos(tx, id, before, after, by);
    });
  }

  /**
   * An auction's photos are what bidders saw when it started, like its condition report: from the
   * start nothing is added, removed or reordered (409, the report's words), and after the end neither.
   */
  private async photosUnlocked(tx: Tx, o: Row): Promise<void> {
    if (o.saleType !== "auction") return;
    const locked = await auctionDescriptionLock(tx, o, this.clock.now());
    if (locked) throw new StaffError(409, PHOTOS_LOCKED[locked]);
  }

  private async savePhotos(tx: Tx, id: number, before: string[], after: string[], by: Actor) {
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await tx.delete(offerPhotos).where(eq(offerPhotos.offerId, id));
    if (after.length)
      await tx
        .insert(offerPhotos)
        .values(after.map((imageId, position) => ({ offerId: id, imageId, position })));
    await tx.update(offers).set({ updatedAt: this.clock.now() }).where(eq(offers.id, id));
    await audit(tx, by, {
      action: "offer.photos",
      entity: "offer",
      entityId: id,
      before: { photos: before.map((p) => p.slice(0, 8)).join(", ") },
      after: { photos: after.map((p) => p.slice(0, 8)).join(", ") },
    });
  }
}
