import { z } from "zod";

/**
 * The catalogue API's smaller answers as zod (ADR 023): the server's response schemas, checked under
 * test and published at /api/docs; the search box and the filter panel import the types only.
 */

const nameValue = z.object({ Name: z.string(), Value: z.string() });

/** GET /api/OffersFilterData: the values the list filters offer (those of offers on sale). */
export const filterDataSchema = z.object({
  BodyTypes: z.array(nameValue),
  FuelTypes: z.array(nameValue),
  GearBoxTypes: z.array(nameValue),
  MakesAndModels: z.array(z.object({ Make: nameValue, Models: z.array(nameValue) })),
  /** Makes the e-mail alert offers (every make the company sells, on sale now or not). */
  AvailableAlertMakes: z.array(z.string()),
});
export type FilterData = z.infer<typeof filterDataSchema>;

/** GET /api/Offers/SearchSuggestions: makes and models on sale whose names match the typed words. */
export const searchSuggestionsSchema = z.object({
  Makes: z.array(z.object({ Name: z.string(), Count: z.number().int() })),
  Models: z.array(z.object({ Make: z.string(), Model: z.string(), Count: z.number().int() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** GET /api/Offers/NewVehiclesMultipleVariantsInfo: new models on sale in several versions. */
export const variantsInfoSchema = z.array(z.object({ Make: z.string(), Model: z.string() }));
export type VariantInfo = z.infer<typeof variantsInfoSchema>[number];

/** GET /api/OfferDetails/SimplifiedVehicleData: a car in short (e.g. beside a contact form). */
export const simplifiedVehicleSchema = z.object({
  AuctionId: z.number().int(),
  Make: z.string(),
  Model: z.string(),
  MakeModel: z.string(),
  Status: z.enum(["Nowy", "Poleasingowy", "Aukcja"]),
  Year: z.number().int(),
  Mileage: z.number().int(),
  FuelType: z.string(),
  GearBoxType: z.string(),
  MainPhotoUrl: z.string().nullable(),
  IsCertified: z.boolean(),
  Url: z.string(),
  TotalPriceNetto: z.number().nullable(),
  TotalPriceBrutto: z.number().nullable(),
  /** An auction that has ended (or was cancelled): its page shows the result. */
  isAuctionEnded: z.boolean(),
});

export const specialPromotionSchema = z.object({
  Text: z.string(),
  TextColor: z.string(),
  BackgroundColor: z.string(),
  PhotoLink: z.string().nullable(),
});

/**
 * An offer tile as the API sends it (spec section 3: tile, price and auction fields, PascalCase).
 * SaleType and Url are ours: the tile links to its canonical detail page.
 */
export const offerTileSchema = z.object({
  AuctionId: z.number().int(),
  SaleType: z.enum(["new", "afterLease", "auction"]),
  Url: z.string(),
  Make: z.string(),
  Model: z.string(),
  MakeModel: z.string(),
  Version: z.string(),
  /** Spec section 3 "Status": 'Nowy' for new cars, 'Poleasingowy' for ex-lease cars and auctions. */
  Status: z.enum(["Nowy", "Poleasingowy", "Aukcja"]),
  Type: z.string(),
  FuelType: z.string(),
  Year: z.number().int(),
  Mileage: z.number().int(),
  VehicleRange: z.number().nullable(),
  EngineCapacity: z.number(),
  PowerHp: z.number(),
  GearBoxType: z.string(),
  Color: z.string(),
  MainPhotoUrl: z.string().nullable(),
  IsWebP: z.boolean(),
  MovePhoto: z.boolean(),
  IsCertified: z.boolean(),
  Reservation: z.boolean(),
  IsPromoted: z.boolean(),
  isPicturePreviewOnly: z.boolean(),
  SpecialPromotions: z.array(specialPromotionSchema),
  /** JSON text of a list of {Text, Color}, as the spec has it. */
  MarketingLabels: z.string(),
  IsRentAvailable: z.boolean(),
  RentPriceNetto: z.number().nullable(),
  RentPriceNettoDiscount: z.number().nullable(),
  IsLeasingAvailable: z.boolean(),
  LeasePrice: z.number().nullable(),
  LeasePriceDiscount: z.number().nullable(),
  IsCashAvailable: z.boolean(),
  TotalPriceNetto: z.number().nullable(),
  TotalPriceNettoDiscount: z.number().nullable(),
  TotalPriceBrutto: z.number().nullable(),
  TotalPriceBruttoDiscount: z.number().nullable(),
  /** 'YYYY-MM-DD HH:mm:SS' in Polish time; null outside auctions. */
  AuctionStart: z.string().nullable(),
  AuctionEnd: z.string().nullable(),
  StartingPrice: z.number().nullable(),
  CurrentPrice: z.number().nullable(),
  isAuctionEnded: z.boolean(),
  /** Staff cancelled the auction before its end (our addition): nobody won, its bids bind nobody. */
  isAuctionCancelled: z.boolean(),
  BidCount: z.number().int(),
});

/** A filter the words of Search mean ("automat" → Skrzynia: automatyczna), shown as a removable chip. */
export const searchFilterSchema = z.object({
  Kind: z
    .enum([
      "make",
      "model",
      "fuel",
      "gearbox",
      "body",
      "sale",
      "color",
      "yearFrom",
      "yearTo",
      "priceFrom",
      "priceTo",
      "installmentFrom",
      "installmentTo",
      "mileageFrom",
      "mileageTo",
      "equipment",
    ])
    .describe("Rodzaj warunku; 'equipment': słowa wyposażenia, szukane w opisie samochodu."),
  Values: z
    .array(z.string())
    .describe(
      "Wartości (marki, modele, Value paliwa, skrzyni, nadwozia, kolor jak zapisany w ofercie, np. 'srebrny'); puste dla kwot.",
    ),
  Amount: z.number().int().optional().describe("Rok, cena w zł, rata miesięczna w zł albo przebieg w km."),
  Text: z.string().describe("Słowa wyszukiwania, z których wynika, tak jak wpisane."),
  Label: z.string().describe("Opis po polsku, np. 'Skrzynia: automatyczna'."),
  SearchWithout: z.string().describe("Wyszukiwanie bez tych słów (usunięcie warunku)."),
});
export type SearchFilter = z.infer<typeof searchFilterSchema>;

/** A search that finds cars, offered when the search itself found none. */
export const searchAlternativeSchema = z.object({
  Search: z.string().describe("Wyszukiwanie, które znajduje oferty."),
  Count: z.number().int(),
  Differs: z
    .array(z.string())
    .describe("Czym te oferty różnią się od szukanych, np. 'bez warunku Cena do 50 000 zł'."),
});

export const offerListSchema = z.object({
  Tails: z.array(offerTileSchema),
  Count: z.number().int(),
  SearchFilters: z
    .array(searchFilterSchema)
    .optional()
    .describe(
      "Tylko z Search: warunki, które znaczą jego słowa (marka, model, paliwo, skrzynia, nadwozie, kolor, rok, cena).",
    ),
  DidYouMean: searchAlternativeSchema
    .optional()
    .describe("Tylko gdy Search nic nie znalazł: najbliższe wyszukiwanie, które znajduje oferty."),
});

export const offerPhotoSchema = z.object({
  Id: z.string(),
  Url: z.string(),
  Width: z.number().int(),
  Height: z.number().int(),
});

export const lowestPrice30DaysSchema = z.object({
  TotalPriceNetto: z.number().nullable(),
  TotalPriceBrutto: z.number().nullable(),
  RentPriceNetto: z.number().nullable(),
  LeasePrice: z.number().nullable(),
});

/**
 * The outcome of an ended auction, for its page (kept for good after the end). Until the end-of-auction
 * job has recorded it (a second at most) it is read from the offer's own figures, which it records.
 */
export const auctionResultSchema = z.object({
  /** Sold to the highest bidder; an auction without bids ends unsold. */
  Sold: z.boolean(),
  /** The winning bid, netto; null when unsold. */
  FinalPrice: z.number().nullable(),
  BidCount: z.number().int(),
  /** 'YYYY-MM-DD HH:mm:SS' (Polish time) and the same instant in ISO form. */
  EndedAt: z.string(),
  EndedAtUtc: z.string(),
  /** Staff cancelled the auction before its end (EndedAt is then the cancellation): nobody won. */
  Cancelled: z.boolean(),
  /** Why it was cancelled, as the bidders were told; null unless cancelled. */
  CancelReason: z.string().nullable(),
  /** The highest bid stayed below the seller's minimum: "niesprzedany – do negocjacji" (ADR 056). */
  BelowReserve: z.boolean(),
});

/**
 * What a bidder may know of an auction's reserve and buy now (ADR 056), as the hub's auctionTerms
 * sends it: whether the reserve was reached (never the reserve itself), the buy-now price while it is
 * offered, and whether it ended unsold below the reserve.
 */
export const auctionTermsSchema = z.object({
  AuctionId: z.number().int(),
  Reserve: z.enum(["none", "met", "notMet"]),
  BuyNowPrice: z.number().int().nullable(),
  Unsold: z.boolean(),
});

/**
 * A service visit or odometer reading of an ex-lease car, as the fleet system delivered it: the day
 * ('YYYY-MM-DD', a calendar day without time), the odometer in km, what was done, and the workshop.
 */
export const serviceVisitSchema = z.object({
  Date: z.string(),
  Mileage: z.number().int(),
  Description: z.string(),
  Workshop: z.string().nullable(),
});

export const offerDetailsSchema = offerTileSchema.extend({
  Description: z.string(),
  Equipment: z.array(z.string()),
  Photos: z.array(offerPhotoSchema),
  Doors: z.number().int(),
  Seats: z.number().int(),
  PlateNumber: z.string().nullable(),
  Vin: z.string().nullable(),
  PublishedAt: z.string(),
  /** Lowest prices of the 30 days before the latest price cut (spec section 9); null without a cut. */
  LowestPrice30Days: lowestPrice30DaysSchema.nullable(),
  /** Server clock when the answer was made: countdowns run from the server time offset. */
  ServerNow: z.string(),
  /** An auction that has ended: its result; null for a running auction and for other offers. */
  AuctionResult: auctionResultSchema.nullable(),
  /** An auction's own minimum increment (zł); null: the auction rules' table by price band. */
  MinIncrement: z.number().int().nullable(),
  /** How an auction's car is invoiced (ADR 062): VAT 23 % on the price, or VAT-marża. */
  VatTreatment: z.enum(["vat23", "margin"]),
  /** Where the car can be picked up; null when not given. */
  PickUpLocation: z.object({ City: z.string(), Voivodeship: z.string() }).nullable(),
  /** An auction's reserve and buy-now terms; null for other offers and auctions without either. */
  AuctionTerms: auctionTermsSchema.nullable(),
  /** Service visits and odometer readings, oldest first; empty when the fleet system gave none. */
  ServiceHistory: z.array(serviceVisitSchema),
});
