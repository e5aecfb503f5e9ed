import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  filterDataSchema,
  offerDetailsSchema,
  offerListSchema,
  offerTileSchema,
  searchSuggestionsSchema,
  simplifiedVehicleSchema,
  variantsInfoSchema,
} from "../../domain/catalogue/dto";
import { OfferFilterSchema } from "../../domain/catalogue/filter-schema";
import type { OfferFilter, SaleType } from "../../domain/catalogue/filters";
import { MAX_SEARCH_LENGTH } from "../../domain/search-text";
import { makeSlug } from "../../domain/slug";
import type { ListOptions, OffersService } from "../catalogue/offers-service";
import { badRequest, notFound } from "../http/errors";
import type { OpenApiRegistry } from "../http/openapi";
import { apiRoute } from "../http/route";
import type { ApiPlugin } from "./index";

const MAX_ID = 2_147_483_647;
const auctionId = z.coerce.number().int().min(1).max(MAX_ID).describe("Identyfikator oferty (AuctionId).");

/** Home carousels page through a fixed list: only the page and its size are read. */
const HomePageSchema = OfferFilterSchema.pick({ Page: true, ResultsPerPage: true });

const NO_OFFER = "Nie znaleziono oferty o podanym AuctionId.";

type ListDef = { path: string; summary: string; base: Partial<OfferFilter>; opts?: ListOptions };

const HOME_LISTS: ListDef[] = [
  { path: "NewVehicles", summary: "Nowe samochody na stronę główną", base: { SaleTypes: ["new"] } },
  {
    path: "AfterLease",
    summary: "Samochody poleasingowe na stronę główną",
    base: { SaleTypes: ["afterLease"] },
  },
  {
    path: "EndingAuctions",
    summary: "Trwające aukcje, najbliższy koniec najpierw",
    base: { SaleTypes: ["auction"] },
    opts: { auctions: "running", order: "endingFirst" },
  },
  {
    path: "ElectricVehicles",
    summary: "Samochody elektryczne (nowe i poleasingowe)",
    base: { SaleTypes: ["new", "afterLease"], FuelTypes: ["EL"] },
  },
  {
    path: "MyElectricVehicles",
    summary: "Nowe samochody elektryczne objęte programem „Mój elektryk”",
    base: { SaleTypes: ["new"], FuelTypes: ["EL"] },
  },
];

const OFFER_LISTS: { path: string; saleType: SaleType; summary: string; opts?: ListOptions }[] = [
  { path: "NewVehicles", saleType: "new", summary: "Lista nowych samochodów z filtrami" },
  { path: "AfterLease", saleType: "afterLease", summary: "Lista samochodów poleasingowych z filtrami" },
  {
    path: "EndingAuctions",
    saleType: "auction",
    summary: "Lista aukcji (nadchodzących i trwających) z filtrami",
  },
];

const DETAILS: { path: string; saleType: SaleType; summary: string }[] = [
  { path: "NewVehicles", saleType: "new", summary: "Szczegóły nowego samochodu" },
  { path: "AfterLease", saleType: "afterLease", summary: "Szczegóły samochodu poleasingowego" },
  {
    path: "Auctions",
    saleType: "auction",
    summary: "Szczegóły aukcji, także zakończonej (isAuctionEnded, wynik w AuctionResult)",
  },
];

const RECOMMENDED: { path: string; saleType: SaleType }[] = [
  { path: "NewVehicles", saleType: "new" },
  { path: "AfterLease", saleType: "afterLease" },
  { path: "EndingAuctions", saleType: "auction" },
];

const SALE_STATUS_BY_NUMBER: Record<number, SaleType> = { 0: "new", 1: "afterLease", 2: "auction" };

const FILTER_DOC =
  "Filtr listy: Page i ResultsPerPage (najwyżej 60), Makes, Models, BodyTypes, FuelTypes, GearBoxTypes (Value z /api/OffersFilterData), " +
  "PriceFrom/PriceTo (brutto dla osoby prywatnej, netto dla firmy – IsCompany), InstallmentFrom/InstallmentTo (rata miesięczna), " +
  "YearFrom/YearTo, MileageFrom/MileageTo, FinancialMethod (all, installment, cash), SelectedSortingValue " +
  "(0 polecane, 1 cena rosnąco, 2 cena malejąco, 3 najnowsze, 4 najniższy przebieg). Odpowiedź: Tails i Count.";

export const offersApi: ApiPlugin = (api, { services, docs }) => {
  registerListRoutes(api, docs, services.offers);
  registerOfferRoutes(api, docs, services.offers);
};

/** A make that is not on sale is a mistake of the caller: 400 naming it (bad input). */
async function checkMakes(offers: OffersService, filter: OfferFilter): Promise<OfferFilter> {
  if (!filter.Makes.length) return filter;
  const { MakesAndModels } = await offers.filterData();
  // Any spelling of a make on sale is known ("Skoda" for "Škoda"): the service maps it.
  const known = new Set(MakesAndModels.map((m) => makeSlug(m.Make.Value)));
  const unknown = filter.Makes.find((m) => !known.has(makeSlug(m)));
  if (unknown !== undefined) throw badRequest(`Pole Makes: nieznana marka „${unknown}”.`);
  return filter;
}

/** Lists of offers and what their filters offer: the home carousels, filtered lists, counts, suggestions. */
function registerListRoutes(api: FastifyInstance, docs: OpenApiRegistry, offers: OffersService) {
  for (const def of HOME_LISTS) {
    apiRoute(api, docs, {
      method: "POST",
      url: `/Home/${def.path}`,
      summary: def.summary,
      tags: ["Oferty"],
      description: "Body: Page i ResultsPerPage (opcjonalne). Odpowiedź: Tails i Count.",
      body: HomePageSchema,
      response: offerListSchema,
      handler: async ({ body }) =>
        offers.list({ ...OfferFilterSchema.parse({}), ...def.base, ...body }, def.opts),
    });
  }

  for (const def of OFFER_LISTS) {
    apiRoute(api, docs, {
      method: "POST",
      url: `/Offers/${def.path}`,
      summary: def.summary,
      tags: ["Oferty"],
      description: FILTER_DOC,
      body: OfferFilterSchema,
      response: offerListSchema,
      handler: async ({ body }) =>
        offers.list({ ...(await checkMakes(offers, body)), SaleTypes: [def.saleType] }, def.opts),
    });
  }

  apiRoute(api, docs, {
    method: "POST",
    url: "/Offers/Count",
    summary: "Liczba ofert spełniających filtr",
    tags: ["Oferty"],
    description: `${FILTER_DOC} SaleTypes wybiera rodzaje sprzedaży (pusta lista: wszystkie). Odpowiedź: {Count}.`,
    body: OfferFilterSchema,
    response: z.object({ Count: z.number() }),
    handler: async ({ body }) => ({ Count: await offers.count(await checkMakes(offers, body)) }),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/OffersFilterData",
    summary: "Dane filtrów: nadwozia, paliwa, skrzynie, marki i modele",
    tags: ["Oferty"],
    response: filterDataSchema,
    handler: async () => offers.filterData(),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Offers/SearchSuggestions",
    summary: "Podpowiedzi wyszukiwarki: marki i modele z liczbą ofert",
    tags: ["Oferty"],
    description:
      "Marki i modele w sprzedaży, których nazwy pasują do wpisanych słów (bez polskich znaków i z literówkami też), z liczbą ofert.",
    query: z.object({
      Search: z.string().max(MAX_SEARCH_LENGTH).describe("Wpisany tekst, np. 'oktavia'."),
      IsCompany: z
        .enum(["true", "false"])
        .default("true")
        .describe(
          "Kupujący: firma (true) lub osoba prywatna (false: liczone tylko oferty za gotówkę, bez aukcji).",
        ),
    }),
    response: searchSuggestionsSchema,
    handler: async ({ query }) => offers.suggestions(query.Search, { isCompany: query.IsCompany === "true" }),
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Offers/NewVehiclesMultipleVariantsInfo",
    summary: "Modele nowych samochodów dostępne w kilku wersjach (strony /{marka}-{model})",
    tags: ["Oferty"],
    response: variantsInfoSchema,
    handler: async () => offers.multipleVariants(),
  });
}

/** One offer and offers picked by id: details, the short vehicle data, favourites, similar offers. */
function registerOfferRoutes(api: FastifyInstance, docs: OpenApiRegistry, offers: OffersService) {
  for (const def of DETAILS) {
    apiRoute(api, docs, {
      method: "GET",
      url: `/OfferDetails/${def.path}`,
      summary: def.summary,
      tags: ["Oferty"],
      description: "Wszystkie dane oferty, zdjęcia, wyposażenie i najniższa cena z 30 dni przed obniżką.",
      query: z.object({ AuctionId: auctionId }),
      response: offerDetailsSchema,
      handler: async ({ query }) => {
        const offer = await offers.details(query.AuctionId, def.saleType);
        if (!offer) throw notFound(NO_OFFER);
        return offer;
      },
    });
  }

  apiRoute(api, docs, {
    method: "GET",
    url: "/OfferDetails/SimplifiedVehicleData",
    summary: "Skrócone dane pojazdu (np. do formularza kontaktowego), także zakończonej aukcji",
    tags: ["Oferty"],
    query: z.object({
      AuctionId: auctionId,
      vehicleSaleStatus: z.coerce.number().int().min(0).max(2).describe("0 nowy, 1 poleasingowy, 2 aukcja."),
    }),
    response: simplifiedVehicleSchema,
    handler: async ({ query }) => {
      // An ended auction keeps its page and details (offer-tiles.ts SHOWN): its short data too.
      const [tile] = await offers.tilesByIds([query.AuctionId], { withEnded: true });
      if (!tile || tile.SaleType !== SALE_STATUS_BY_NUMBER[query.vehicleSaleStatus]) throw notFound(NO_OFFER);
      return {
        AuctionId: tile.AuctionId,
        Make: tile.Make,
        Model: tile.Model,
        MakeModel: tile.MakeModel,
        Status: tile.Status,
        Year: tile.Year,
        Mileage: tile.Mileage,
        FuelType: tile.FuelType,
        GearBoxType: tile.GearBoxType,
        MainPhotoUrl: tile.MainPhotoUrl,
        IsCertified: tile.IsCertified,
        Url: tile.Url,
        TotalPriceNetto: tile.TotalPriceNettoDiscount ?? tile.TotalPriceNetto,
        TotalPriceBrutto: tile.TotalPriceBruttoDiscount ?? tile.TotalPriceBrutto,
        isAuctionEnded: tile.isAuctionEnded,
      };
    },
  });

  apiRoute(api, docs, {
    method: "GET",
    url: "/Favorites/GetAll",
    summary:
      "Kafelki ulubionych ofert (zakończone aukcje z isAuctionEnded); oferty, których już nie ma, są pomijane",
    tags: ["Oferty"],
    query: z.object({
      ids: z
        .string()
        .max(2000)
        .regex(/^\s*(\d{1,10}\s*(,\s*\d{1,10}\s*)*)?$/, "oczekiwano listy liczb rozdzielonych przecinkami")
        .describe("Identyfikatory ofert rozdzielone przecinkami, np. 1,2,3."),
    }),
    response: z.array(offerTileSchema),
    handler: async ({ query }) => {
      const ids = [...new Set(query.ids.split(",").map((s) => Number(s.trim())))].filter(
        (n) => Number.isInteger(n) && n >= 1 && n <= MAX_ID,
      );
      return offers.tilesByIds(ids.slice(0, 200), { withEnded: true });
    },
  });

  for (const def of RECOMMENDED) {
    apiRoute(api, docs, {
      method: "GET",
      url: `/Recommended/${def.path}`,
      summary: "Podobne oferty do wskazanej",
      tags: ["Oferty"],
      query: z.object({ AuctionId: auctionId }),
      response: z.array(offerTileSchema),
      handler: async ({ query }) => {
        const tiles = await offers.recommended(query.AuctionId, def.saleType);
        if (!tiles) throw notFound(NO_OFFER);
        return tiles;
      },
    });
  }
}
