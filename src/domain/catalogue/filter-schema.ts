import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "../search-text";
import {
  DEFAULT_PAGE_SIZE,
  FinancialMethods,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  type OfferFilter,
  SaleTypes,
  Sorting,
} from "./filters";

/** The filter payload of POST /api/Offers/* and /api/Home/*: validated, documented in /api/docs. */
const amount = z.number().int().min(0).max(100_000_000);
const textList = (max: number) => z.array(z.string().trim().min(1).max(60)).max(max);

export const OfferFilterSchema = z
  .object({
    Page: z.number().int().min(1).max(MAX_PAGE).default(1).describe("Numer strony, od 1."),
    ResultsPerPage: z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .default(DEFAULT_PAGE_SIZE)
      .describe(`Liczba ofert na stronie, najwyżej ${MAX_PAGE_SIZE}.`),
    SaleTypes: z
      .array(z.enum(SaleTypes))
      .max(3)
      .default([])
      .describe("Rodzaje sprzedaży (pusta lista: wszystkie). Ścieżki /NewVehicles itd. ustalają ją same."),
    Makes: textList(100).default([]).describe("Marki, np. ['Audi','Toyota']."),
    Models: textList(200).default([]).describe("Modele, np. ['A4','Corolla']."),
    BodyTypes: textList(20).default([]).describe("Typy nadwozia (Value z /api/OffersFilterData)."),
    FuelTypes: textList(20).default([]).describe("Rodzaje paliwa (Value), np. 'EL' dla elektrycznych."),
    GearBoxTypes: textList(10).default([]).describe("Skrzynie biegów (Value)."),
    PriceFrom: amount.optional().describe("Cena zakupu od (brutto dla osoby prywatnej, netto dla firmy)."),
    PriceTo: amount.optional(),
    InstallmentFrom: amount.optional().describe("Rata miesięczna od (netto dla firmy, brutto prywatnie)."),
    InstallmentTo: amount.optional(),
    YearFrom: z.number().int().min(1900).max(2100).optional(),
    YearTo: z.number().int().min(1900).max(2100).optional(),
    MileageFrom: amount.optional(),
    MileageTo: amount.optional(),
    IsCompany: z
      .boolean()
      .default(true)
      .describe(
        "Kupujący: firma (true) lub osoba prywatna (false: tylko oferty za gotówkę, bez aukcji, ceny brutto).",
      ),
    FinancialMethod: z.enum(FinancialMethods).default("all"),
    SelectedSortingValue: z
      .union([
        z.literal(Sorting.recommended),
        z.literal(Sorting.priceAsc),
        z.literal(Sorting.priceDesc),
        z.literal(Sorting.newest),
        z.literal(Sorting.mileageAsc),
      ])
      .default(Sorting.recommended)
      .describe("0 polecane, 1 cena rosnąco, 2 cena malejąco, 3 najnowsze, 4 najniższy przebieg."),
    Search: z
      .string()
      .max(MAX_SEARCH_LENGTH)
      .optional()
      .describe(
        "Wyszukiwane słowa: marka, model, wersja, nadwozie, paliwo, kolor, wyposażenie. Bez polskich znaków i z literówkami też (np. 'skoda oktavia').",
      ),
  })
  .strict();

// The schema's output must stay the filter the query builder reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _sameShape: Same<z.output<typeof OfferFilterSchema>, OfferFilter> = true;
void _sameShape;
