import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import { z } from "zod";
import { pickUpIssue, VOIVODESHIPS } from "../../domain/auctions/costs";
import { termsIssues } from "../../domain/auctions/reserve";
import { AUCTION_END_PAST, auctionTimesIssue } from "../../domain/auctions/schedule";
import type { CalculatorProperties } from "../../domain/calculator";
import { offerPath } from "../../domain/catalogue/offer-url";
import { marketingLabelsSchema, specialPromotionsSchema } from "../../domain/catalogue/promotions";
import { headlineInstalments } from "../../domain/headline-price";
import { MAKE_SPELLINGS, resolveMake, unknownMakeMessage } from "../../domain/make-names";
import { BODY_TYPES, FUEL_TYPES, GEARBOX_TYPES, toBrutto } from "../../domain/vehicles";
import type { PreviousPrices } from "../alerts/matching";
import type { AlertsService } from "../alerts/service";
import type { Db, Tx } from "../db/client";
import { images, offerPhotos, offers, offerTexts, priceHistory, vehicleMakes } from "../db/schema/index";
import { badRequest, notFound, zodToApiError } from "../http/errors";
import { calculatorPropertiesForPricing } from "../leads/calculator-store";
import type { MakesService } from "../makes";
import {
  replaceServiceHistory,
  type ServiceHistoryInput,
  ServiceHistorySchema,
  serviceHistoryIssues,
} from "./service-history";

/**
 * Offer management for the company's fleet system (the machine side of the catalogue, ADR 012):
 * publishing an offer, changing its prices, withdrawing it. Every change that a search alert cares
 * about queues the alert job in the change's own transaction ("when an offer is published
 * or its price falls"), and every change of the prices in force writes the price history that the
 * 30-day lowest price of spec section 9 is read from.
 */

const values = <T extends { value: string }>(list: readonly T[]) =>
  list.map((i) => i.value) as [T["value"], ...T["value"][]];
const zloty = (max: number) => z.number().int().min(1).max(max);
const optionalZloty = (max: number) =>
  zloty(max)
    .nullish()
    .transform((v) => v ?? null);

/** Prices of a new or ex-lease car, whole złoty netto: each way of paying offered has its price. */
export const OfferPricesSchema = z
  .object({
    RentPriceNetto: optionalZloty(100_000).describe(
      "Najem dostępny (brak: niedostępny). Przy podanej cenie netto ratę „od” liczy kalkulator (ADR 020).",
    ),
    RentPriceNettoDiscount: optionalZloty(100_000).describe("Rata najmu po obniżce."),
    LeasePrice: optionalZloty(100_000).describe(
      "Leasing dostępny (brak: niedostępny). Przy podanej cenie netto ratę „od” liczy kalkulator (ADR 020).",
    ),
    LeasePriceDiscount: optionalZloty(100_000),
    TotalPriceNetto: optionalZloty(20_000_000).describe("Cena netto; brak: zakup za gotówkę niedostępny."),
    TotalPriceNettoDiscount: optionalZloty(20_000_000),
  })
  .superRefine((p, ctx) => {
    const pairs = [
      ["RentPriceNetto", "RentPriceNettoDiscount"],
      ["LeasePrice", "LeasePriceDiscount"],
      ["TotalPriceNetto", "TotalPriceNettoDiscount"],
    ] as const;
    for (const [base, discount] of pairs) {
      if (p[discount] === null) continue;
      if (p[base] === null) {
        ctx.addIssue({ code: "custom", path: [discount], message: `Obniżka bez ceny ${base}.` });
      } else if ((p[discount] as number) >= (p[base] as number)) {
        ctx.addIssue({
          code: "custom",
          path: [discount],
          message: "Cena po obniżce musi być niższa od ceny.",
        });
      }
    }
    if (p.RentPriceNetto === null && p.LeasePrice === null && p.TotalPriceNetto === null) {
      ctx.addIssue({
        code: "custom",
        path: ["TotalPriceNetto"],
        message: "Podaj co najmniej jedną cenę: najmu, leasingu albo za gotówkę.",
      });
    }
  });
export type OfferPrices = z.output<typeof OfferPricesSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);

const NEW_CAR_HAS_NO_HISTORY =
  "Historię serwisową podaje się dla samochodów poleasingowych i aukcji, nie dla nowych.";

export const NewOfferSchema = z
  .object({
    SaleType: z.enum(["new", "afterLease", "auction"]),
    Make: text(60).describe(
      `Marka ze słownika: ${MAKE_SPELLINGS.join(", ")} oraz marki dodane przez administratora w panelu (Marki). Wielkość liter, brak znaków diakrytycznych i popularne skróty są rozpoznawane ("skoda" → "Škoda", "VW" → "Volkswagen", "Mercedes" → "Mercedes-Benz"); zapisywana jest pisownia ze słownika. Nieznana marka: 400 z komunikatem "Pole Make: nieznana marka …" (z podpowiedzią najbliższej, gdy to literówka).`,
    ),
    Model: text(80),
    Version: z.string().trim().max(120).default(""),
    BodyType: z.enum(values(BODY_TYPES)),
    FuelType: z.enum(values(FUEL_TYPES)),
    GearBoxType: z.enum(values(GEARBOX_TYPES)),
    Color: text(40),
    Year: z.number().int().min(1990).describe("Najwyżej przyszły rok."),
    Mileage: z.number().int().min(0).max(2_000_000),
    EngineCapacity: z.number().int().min(0).max(10_000).describe("cm³; 0 dla elektrycznych."),
    PowerHp: z.number().int().min(1).max(2_000),
    VehicleRange: z.number().int().min(1).max(2_000).nullish(),
    Doors: z.number().int().min(2).max(6).default(5),
    Seats: z.number().int().min(1).max(9).default(5),
    PlateNumber: z.string().trim().max(12).nullish(),
    Vin: z
      .string()
      .trim()
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/, "VIN ma 17 znaków: cyfry i wielkie litery bez I, O i Q.")
      .nullish(),
    Description: z.string().trim().max(10_000).default(""),
    Equipment: z.array(text(200)).max(300).default([]),
    IsCertified: z.boolean().default(false),
    Reservation: z.boolean().default(false),
    IsPromoted: z.boolean().default(false),
    IsPicturePreviewOnly: z.boolean().default(false),
    MarketingLabels: marketingLabelsSchema
      .default([])
      .describe(
        "Etykiety marketingowe na zdjęciu oferty (najwyżej 5): Text (do 40 znaków) i Color (#RRGGBB; biały napis musi być na nim czytelny, kontrast co najmniej 4,5:1). Na stronach w polu MarketingLabels jako tekst JSON.",
      ),
    SpecialPromotions: specialPromotionsSchema
      .default([])
      .describe(
        "Promocje specjalne pod ceną (najwyżej 3): Text (do 80 znaków), TextColor i BackgroundColor (#RRGGBB, kontrast co najmniej 4,5:1), PhotoLink (ikona: adres https:// albo ścieżka na stronie; może być pusty).",
      ),
    PhotoIds: z
      .array(z.string().regex(/^[0-9a-f]{64}$/, "Identyfikator zdjęcia z POST /api/Admin/Images."))
      .max(40)
      .default([])
      .describe("Zdjęcia w kolejności wyświetlania; pierwsze jest główne."),
    Prices: OfferPricesSchema.optional().describe("Dla samochodów nowych i poleasingowych."),
    AuctionStart: z.iso.datetime({ offset: true }).optional().describe("Dla aukcji: początek (ISO 8601)."),
    AuctionEnd: z.iso.datetime({ offset: true }).optional().describe("Dla aukcji: koniec (ISO 8601)."),
    StartingPrice: zloty(20_000_000).optional().describe("Dla aukcji: cena wywoławcza netto."),
    MinIncrement: zloty(100_000)
      .optional()
      .describe(
        "Dla aukcji: własne minimalne postąpienie w złotych; bez niego obowiązuje tabela postąpień regulaminu aukcji.",
      ),
    VatTreatment: z
      .enum(["vat23", "margin"])
      .optional()
      .describe(
        "Dla aukcji: faktura VAT 23 % (vat23, domyślnie) albo VAT-marża (margin); licytujący widzą to w koszcie całkowitym.",
      ),
    PickUpCity: z
      .string()
      .trim()
      .min(2)
      .max(80)
      .optional()
      .describe("Dla aukcji: miejscowość odbioru samochodu (razem z PickUpVoivodeship)."),
    PickUpVoivodeship: z
      .enum(VOIVODESHIPS)
      .optional()
      .describe(
        "Dla aukcji: województwo miejsca odbioru (małymi literami, np. mazowieckie; razem z PickUpCity).",
      ),
    ReservePrice: zloty(20_000_000)
      .optional()
      .describe(
        "Dla aukcji: cena minimalna sprzedającego netto (co najmniej cena wywoławcza). Licytujący widzą tylko, czy została osiągnięta; aukcja zakończona poniżej niej kończy się jako niesprzedany – do negocjacji.",
      ),
    BuyNowPrice: zloty(20_000_000)
      .optional()
      .describe(
        "Dla aukcji: cena „Kup teraz” netto (wyższa od ceny wywoławczej, nie niższa od ceny minimalnej). Pierwszy licytujący, który ją potwierdzi, kończy aukcję; dostępna, dopóki żadna oferta nie osiągnęła ceny minimalnej (bez ceny minimalnej: dopóki nikt nie licytował).",
      ),
    ServiceHistory: ServiceHistorySchema.default([]),
  })
  .superRefine((o, ctx) => {
    if (o.SaleType === "new" && o.ServiceHistory.length) {
      ctx.addIssue({ code: "custom", path: ["ServiceHistory"], message: NEW_CAR_HAS_NO_HISTORY });
    }
    if (o.SaleType !== "auction") {
      if (!o.Prices) ctx.addIssue({ code: "custom", path: ["Prices"], message: "Podaj ceny oferty." });
      return;
    }
    for (const key of ["AuctionStart", "AuctionEnd", "StartingPrice"] as const) {
      if (o[key] === undefined)
        ctx.addIssue({ code: "custom", path: [key], message: "Pole wymagane dla aukcji." });
    }
    if (o.StartingPrice !== undefined) {
      for (const issue of termsIssues({
        startingPrice: o.StartingPrice,
        reservePrice: o.ReservePrice ?? null,
        buyNowPrice: o.BuyNowPrice ?? null,
      }))
        ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
    }
    const place = pickUpIssue({ city: o.PickUpCity, voivodeship: o.PickUpVoivodeship });
    if (place) ctx.addIssue({ code: "custom", path: [place.field], message: place.message });
    if (o.AuctionStart && o.AuctionEnd) {
      // The panel's rule of an auction's times (the clock's part is timeIssues').
      const issue = auctionTimesIssue(Date.parse(o.AuctionStart), Date.parse(o.AuctionEnd));
      if (issue) ctx.addIssue({ code: "custom", path: ["AuctionEnd"], message: issue });
    }
  });
export type NewOffer = z.output<typeof NewOfferSchema>;

/**
 * The fleet's offer against the clock's time (`now`), after its schema: a car is at most from next
 * year, an auction ends in the future. Apart from the schema, which /api/docs publishes as it is.
 */
function timeIssues(o: NewOffer, now: Date): z.core.$ZodIssue[] {
  const issue = (path: string, message: string) => ({
    code: "custom" as const,
    path: [path],
    message,
    input: o,
  });
  if (o.Year > now.getFullYear() + 1) return [issue("Year", "Rocznik nie może być z przyszłości.")];
  if (o.SaleType === "auction" && o.AuctionEnd && Date.parse(o.AuctionEnd) <= now.getTime())
    return [issue("AuctionEnd", AUCTION_END_PAST)];
  return serviceHistoryIssues(o.ServiceHistory, o, now).map((i) => ({
    code: "custom" as const,
    ...i,
    input: o,
  }));
}

/** A fleet offer checked in full: its schema, then the rules of time at `now`. */
export function parseNewOffer(data: unknown, now: Date): z.ZodSafeParseResult<NewOffer> {
  const parsed = NewOfferSchema.safeParse(data);
  if (!parsed.success) return parsed;
  const issues = timeIssues(parsed.data, now);
  return issues.length ? { success: false, error: new z.ZodError(issues) as z.ZodError<NewOffer> } : parsed;
}

/**
 * The fleet names the net price and which ways of paying it offers; the monthly "od" instalments are
 * the calculator's for that price at its default parameters (ADR 020), so the page, the calculator
 * and alert e-mails say the same number. The fleet's own instalment only stands for an offer without
 * a net price, where there is nothing to compute from.
 */
export function withHeadlineInstalments(p: OfferPrices, calculator: CalculatorProperties): OfferPrices {
  if (p.TotalPriceNetto === null) return p;
  const h = headlineInstalments(
    {
      totalPriceNetto: p.TotalPriceNetto,
      totalPriceNettoDiscount: p.TotalPriceNettoDiscount,
      isLeasingAvailable: p.LeasePrice !== null,
      isRentAvailable: p.RentPriceNetto !== null,
    },
    calculator,
  );
  return {
    ...p,
    LeasePrice: h.leasePrice,
    LeasePriceDiscount: h.leasePriceDiscount,
    RentPriceNetto: h.rentPriceNetto,
    RentPriceNettoDiscount: h.rentPriceNettoDiscount,
  };
}

/**
 * The prices of a car that the panel gives by its price netto (and a lower one after a cut) and the
 * ways of paying it offers: the instalments are the calculator's (withHeadlineInstalments), so 0
 * here only marks leasing or rent as offered.
 */
export function pricesFromNet(
  p: { net: number; discount: number | null; leasing: boolean; rent: boolean },
  calculator: CalculatorProperties,
): OfferPrices {
  return withHeadlineInstalments(
    {
      TotalPriceNetto: p.net,
      TotalPriceNettoDiscount: p.discount,
      LeasePrice: p.leasing ? 0 : null,
      LeasePriceDiscount: null,
      RentPriceNetto: p.rent ? 0 : null,
      RentPriceNettoDiscount: null,
    },
    calculator,
  );
}

/** An offer row's prices in the form the fleet API gives them. */
const pricesOf = (o: typeof offers.$inferSelect): OfferPrices => ({
  RentPriceNetto: o.rentPriceNetto,
  RentPriceNettoDiscount: o.rentPriceNettoDiscount,
  LeasePrice: o.leasePrice,
  LeasePriceDiscount: o.leasePriceDiscount,
  TotalPriceNetto: o.totalPriceNetto,
  TotalPriceNettoDiscount: o.totalPriceNettoDiscount,
});

/** Prices in force (the discounted one when there is one), as the price history records them. */
function inForce(p: OfferPrices) {
  const cash = p.TotalPriceNettoDiscount ?? p.TotalPriceNetto;
  return {
    totalPriceNetto: cash,
    totalPriceBrutto: cash === null ? null : toBrutto(cash),
    rentPriceNetto: p.RentPriceNettoDiscount ?? p.RentPriceNetto,
    leasePrice: p.LeasePriceDiscount ?? p.LeasePrice,
  };
}
type InForce = ReturnType<typeof inForce>;

/** The offers' price columns for a set of prices; brutto is netto plus VAT. */
function priceColumns(p: OfferPrices) {
  const brutto = (v: number | null) => (v === null ? null : toBrutto(v));
  return {
    isRentAvailable: p.RentPriceNetto !== null,
    rentPriceNetto: p.RentPriceNetto,
    rentPriceNettoDiscount: p.RentPriceNettoDiscount,
    isLeasingAvailable: p.LeasePrice !== null,
    leasePrice: p.LeasePrice,
    leasePriceDiscount: p.LeasePriceDiscount,
    isCashAvailable: p.TotalPriceNetto !== null,
    totalPriceNetto: p.TotalPriceNetto,
    totalPriceNettoDiscount: p.TotalPriceNettoDiscount,
    totalPriceBrutto: brutto(p.TotalPriceNetto),
    totalPriceBruttoDiscount: brutto(p.TotalPriceNettoDiscount),
  };
}

/** A price fell when any way of paying that stays on offer got cheaper. */
function priceFell(before: InForce, after: InForce): boolean {
  return (["totalPriceNetto", "rentPriceNetto", "leasePrice"] as const).some(
    (k) => before[k] !== null && after[k] !== null && (after[k] as number) < (before[k] as number),
  );
}

/** The offers columns of a car's own fields (neither prices nor auction terms), from the fleet API's shape. */
export function carColumns(
  input: Omit<
    NewOffer,
    | "Prices"
    | "AuctionStart"
    | "AuctionEnd"
    | "StartingPrice"
    | "ServiceHistory"
    | "MarketingLabels"
    | "SpecialPromotions"
  >,
) {
  return {
    saleType: input.SaleType,
    make: input.Make,
    model: input.Model,
    version: input.Version,
    bodyType: input.BodyType,
    fuelType: input.FuelType,
    gearBoxType: input.GearBoxType,
    color: input.Color,
    year: input.Year,
    mileage: input.Mileage,
    engineCapacity: input.EngineCapacity,
    powerHp: input.PowerHp,
    vehicleRange: input.VehicleRange ?? null,
    doors: input.Doors,
    seats: input.Seats,
    plateNumber: input.PlateNumber ?? null,
    vin: input.Vin ?? null,
    isCertified: input.IsCertified,
    reservation: input.Reservation,
    isPromoted: input.IsPromoted,
    isPicturePreviewOnly: input.IsPicturePreviewOnly,
  };
}

/** An offer as inserted: the panel's forms carry no service history (the fleet system delivers it). */
type OfferToInsert = Omit<NewOffer, "ServiceHistory" | "MarketingLabels" | "SpecialPromotions"> & {
  ServiceHistory?: ServiceHistoryInput;
  MarketingLabels?: NewOffer["MarketingLabels"];
  SpecialPromotions?: NewOffer["SpecialPromotions"];
};

export interface OfferManagementDeps {
  db: Db;
  alerts: AlertsService;
  makes: MakesService;
  now: () => Date;
}

export interface ManagedOffer {
  AuctionId: number;
  Url: string;
}

async function assertPhotosExist(tx: Tx, ids: string[]) {
  if (!ids.length) return;
  const found = new Set(
    (await tx.select({ id: images.id }).from(images).where(inArray(images.id, ids))).map((r) => r.id),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing)
    throw badRequest(`Pole PhotoIds: nie ma zdjęcia ${missing}; wyślij je najpierw na /api/Admin/Images.`);
}

/** The makes an administrator added to the built-in vocabulary (panel, Marki). */
const addedMakes = async (db: Db): Promise<string[]> =>
  (await db.select({ name: vehicleMakes.name }).from(vehicleMakes)).map((r) => r.name);

/**
 * The make as the vocabulary spells it: "Skoda" from the fleet system is stored as "Škoda", "VW" as
 * "Volkswagen". An unknown make is refused (400 naming the field, with the nearest known make):
 * the site's make menu lists what offers carry, so free text must not become a make.
 */
const catalogueMake = async (db: Db, make: string) => {
  const found = resolveMake(make, await addedMakes(db));
  if (found.make === null) {
    const text = unknownMakeMessage(make, found.suggestion);
    // The API names the field in its message; the panel's forms show the sentence at the field.
    throw Object.assign(badRequest(`Pole Make: ${text}`), {
      field: "Make",
      fieldMessage: text.charAt(0).toUpperCase() + text.slice(1),
    });
  }
  return found.make;
};

/**
 * Inserts an offer with its texts and photos, its make as given (the caller spells it with
 * `catalogueMake` before the transaction: that reads the database, which PGlite's one connection
 * cannot do beside an open transaction). An offer on sale (`active`) starts its price history and
 * queues the alert job; a draft does both when it is published (`putOnSale`).
 */
async function insertOffer(
  tx: Tx,
  input: OfferToInsert,
  opts: { status: "active" | "draft"; prices: OfferPrices | null; at: Date },
  alerts: Pick<AlertsService, "onOfferChanged">,
): Promise<number> {
  const { prices, at } = opts;
  await assertPhotosExist(tx, input.PhotoIds);
  const isAuction = input.SaleType === "auction";
  const [row] = await tx
    .insert(offers)
    .values({
      ...carColumns(input),
      marketingLabels: input.MarketingLabels ?? [],
      specialPromotions: input.SpecialPromotions ?? [],
      ...(isAuction
        ? {
            auctionStart: new Date(input.AuctionStart as string),
            auctionEnd: new Date(input.AuctionEnd as string),
            startingPrice: input.StartingPrice,
            currentPrice: input.StartingPrice,
            minIncrement: input.MinIncrement ?? null,
            reservePrice: input.ReservePrice ?? null,
            buyNowPrice: input.BuyNowPrice ?? null,
            vatTreatment: input.VatTreatment ?? "vat23",
            pickUpCity: input.PickUpCity ?? null,
            pickUpVoivodeship: input.PickUpVoivodeship ?? null,
          }
        : priceColumns(prices as OfferPrices)),
      status: opts.status,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: offers.id });
  await tx
    .insert(offerTexts)
    .values({ offerId: row.id, description: input.Description, equipment: input.Equipment });
  if (input.PhotoIds.length) {
    await tx
      .insert(offerPhotos)
      .values(input.PhotoIds.map((imageId, position) => ({ offerId: row.id, imageId, position })));
  }
  if (input.ServiceHistory?.length) await replaceServiceHistory(tx, row.id, input.ServiceHistory);
  if (opts.status === "active") {
    if (!isAuction) {
      await tx
        .insert(priceHistory)
        .values({ offerId: row.id, changedAt: at, ...inForce(prices as OfferPrices) });
    }
    await alerts.onOfferChanged(row.id, { tx, reason: "published" });
  }
  return row.id;
}

/**
 * Puts a draft or withdrawn car on sale: its prices from now on start (or continue) its price
 * history, and the alert job is queued. The caller holds the row's lock and calls `afterChange`.
 */
async function putOnSale(
  tx: Tx,
  o: typeof offers.$inferSelect,
  at: Date,
  alerts: Pick<AlertsService, "onOfferChanged">,
) {
  await tx
    .update(offers)
    .set({ status: "active", updatedAt: at, ...(o.status === "draft" ? { publishedAt: at } : {}) })
    .where(eq(offers.id, o.id));
  if (o.saleType !== "auction")
    await tx.insert(priceHistory).values({ offerId: o.id, changedAt: at, ...inForce(pricesOf(o)) });
  await alerts.onOfferChanged(o.id, { tx, reason: "published" });
}

/** Prices in force as the lists show them (alerts/matching.ts FACTS_COLUMNS): the lowest instalment of the two. */
function listPrices(p: InForce): PreviousPrices {
  const instalments = [p.rentPriceNetto, p.leasePrice].filter((v): v is number => v !== null);
  return {
    cashNetto: p.totalPriceNetto,
    cashBrutto: p.totalPriceBrutto,
    installmentNetto: instalments.length ? Math.min(...instalments) : null,
  };
}

/**
 * Sets an offer's prices; on an offer on sale a change of the prices in force is written to the price
 * history and a fall queues the alert job. Answers whether a price fell.
 */
async function replacePrices(
  tx: Tx,
  o: typeof offers.$inferSelect,
  prices: OfferPrices,
  at: Date,
  alerts: Pick<AlertsService, "onOfferChanged">,
) {
  const before = inForce(pricesOf(o));
  const after = inForce(prices);
  await tx
    .update(offers)
    .set({ ...priceColumns(prices), updatedAt: at })
    .where(eq(offers.id, o.id));
  if (o.status !== "active") return false;
  const changed = (Object.keys(after) as (keyof InForce)[]).some((k) => after[k] !== before[k]);
  if (changed) await tx.insert(priceHistory).values({ offerId: o.id, changedAt: at, ...after });
  const fell = priceFell(before, after);
  if (fell) await alerts.onOfferChanged(o.id, { tx, reason: "priceDrop", previous: listPrices(before) });
  return fell;
}

/**
 * The offer `id` locked for the rest of the transaction when it also meets `condition` (on sale,
 * not withdrawn…); else 404 saying `missing`.
 */
async function lockedOffer(tx: Tx, id: number, condition: SQL, missing: string) {
  const [o] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, id), condition))
    .for("update");
  if (!o) throw notFound(missing);
  return o;
}

/**
 * Why a withdrawal changed no row: the offer is not there (or is withdrawn already), or it is an
 * auction that has bids.
 */
async function withdrawalRefusal(db: Db, id: number) {
  const [o] = await db
    .select({ status: offers.status, bids: offers.bidCount })
    .from(offers)
    .where(eq(offers.id, id));
  if (!o || o.status === "withdrawn") return notFound("Nie ma oferty w sprzedaży o podanym numerze.");
  return badRequest("Aukcji z ofertami licytujących nie można wycofać.");
}

export function createOfferManagement({ db, alerts, makes, now }: OfferManagementDeps) {
  /** After a commit that queued an alert job: match it now rather than on the next timer tick. */
  const afterChange = (queuedAlertJob: boolean) => {
    makes.invalidate();
    if (queuedAlertJob) void alerts.wakeJobs();
  };

  async function publish(input: NewOffer): Promise<ManagedOffer> {
    const at = now();
    const checked = parseNewOffer(input, at);
    if (!checked.success) throw zodToApiError(checked.error);
    const prices =
      input.SaleType === "auction"
        ? null
        : withHeadlineInstalments(input.Prices as OfferPrices, await calculatorPropertiesForPricing(db));
    const spelt = { ...input, Make: await catalogueMake(db, input.Make) };
    const id = await db.transaction((tx) => insertOffer(tx, spelt, { status: "active", prices, at }, alerts));
    afterChange(true);
    return { AuctionId: id, Url: offerPath(input.SaleType, spelt.Make, input.Model, id) };
  }

  /** Replaces the prices of an offer on sale; answers whether they fell (an alert job was queued). */
  async function changePrices(
    id: number,
    given: OfferPrices,
  ): Promise<ManagedOffer & { PriceFell: boolean }> {
    const at = now();
    const prices = withHeadlineInstalments(given, await calculatorPropertiesForPricing(db));
    const result = await db.transaction(async (tx) => {
      const o = await lockedOffer(
        tx,
        id,
        eq(offers.status, "active"),
        "Nie ma oferty w sprzedaży o podanym numerze.",
      );
      if (o.saleType === "auction") {
        throw badRequest("Cenę aukcji wyznaczają oferty licytujących; nie można jej zmienić.");
      }
      const fell = await replacePrices(tx, o, prices, at, alerts);
      return { fell, url: offerPath(o.saleType, o.make, o.model, id) };
    });
    afterChange(result.fell);
    return { AuctionId: id, Url: result.url, PriceFell: result.fell };
  }

  /**
   * Replaces the service history of an ex-lease car or an auction that is not withdrawn (a draft's
   * too: it shows once published). Checked like the history given with the offer, against its year.
   */
  async function changeServiceHistory(
    id: number,
    visits: ServiceHistoryInput,
  ): Promise<ManagedOffer & { ServiceVisits: number }> {
    const at = now();
    const url = await db.transaction(async (tx) => {
      const o = await lockedOffer(tx, id, ne(offers.status, "withdrawn"), "Nie ma oferty o podanym numerze.");
      if (o.saleType === "new") throw badRequest(`Pole ServiceHistory: ${NEW_CAR_HAS_NO_HISTORY}`);
      const issues = serviceHistoryIssues(visits, { Year: o.year }, at);
      if (issues.length) {
        // The body's own field names: "Pole ServiceHistory.0.Date: …", as the publication says it.
        throw badRequest(`Pole ${issues[0].path.join(".")}: ${issues[0].message}`);
      }
      await replaceServiceHistory(tx, id, visits);
      await tx.update(offers).set({ updatedAt: at }).where(eq(offers.id, id));
      return offerPath(o.saleType, o.make, o.model, id);
    });
    return { AuctionId: id, Url: url, ServiceVisits: visits.length };
  }

  /** Takes an offer off sale (its page answers 404 from then on). Auctions with bids cannot be withdrawn. */
  async function withdraw(id: number): Promise<void> {
    const [row] = await db
      .update(offers)
      .set({ status: "withdrawn", updatedAt: now() })
      .where(and(eq(offers.id, id), ne(offers.status, "withdrawn"), eq(offers.bidCount, 0)))
      .returning({ id: offers.id });
    if (!row) throw await withdrawalRefusal(db, id);
    afterChange(false);
  }

  return {
    publish,
    changePrices,
    changeServiceHistory,
    withdraw,
    // The panel's building blocks (server/staff/offers.ts): each inside the caller's transaction.
    insertOffer: (tx: Tx, input: OfferToInsert, opts: Parameters<typeof insertOffer>[2]) =>
      insertOffer(tx, input, opts, alerts),
    putOnSale: (tx: Tx, o: typeof offers.$inferSelect, at: Date) => putOnSale(tx, o, at, alerts),
    replacePrices: (tx: Tx, o: typeof offers.$inferSelect, prices: OfferPrices, at: Date) =>
      replacePrices(tx, o, prices, at, alerts),
    catalogueMake: (make: string) => catalogueMake(db, make),
    addedMakes: () => addedMakes(db),
    afterChange,
  };
}

export type OfferManagement = ReturnType<typeof createOfferManagement>;
