import { z } from "zod";
import { optionalText, REQUIRED, requiredText } from "../account";
import { BODY_TYPES, FUEL_TYPES, GEARBOX_TYPES } from "../vehicles";
import { isKeyOf } from "./value-sets";

/**
 * The cars for sale as the panel keeps them: new and ex-lease cars, from a draft
 * to publication, reservation and withdrawal. Auctions are scheduled on their own screen.
 */

/** A car's state in one word. `draft`: saved in the panel, not yet on the site. */
export const OFFER_STATE_NAMES = {
  draft: "szkic",
  active: "w sprzedaży",
  reserved: "zarezerwowana",
  withdrawn: "wycofana",
  sold: "sprzedana",
} as const;
export type OfferState = keyof typeof OFFER_STATE_NAMES;

/** The offer list's tabs (`?widok=`). */
export const OFFER_FILTERS = {
  all: "Wszystkie",
  draft: "Szkice",
  active: "W sprzedaży",
  reserved: "Zarezerwowane",
  withdrawn: "Wycofane",
} as const;
export type OfferFilter = keyof typeof OFFER_FILTERS;
export const isOfferFilter = isKeyOf(OFFER_FILTERS);

/** The sale types the panel's offer screens handle, as its select names them. */
export const PANEL_SALE_TYPES = { new: "Nowy", afterLease: "Poleasingowy" } as const;
export type PanelSaleType = keyof typeof PANEL_SALE_TYPES;
export const isPanelSaleType = isKeyOf(PANEL_SALE_TYPES);

export const OFFERS_PAGE_SIZE = 25;

/** The offer list's columns a member sorts by (`?sortuj=`), as the address names them. */
export const OFFER_SORTS = ["nr", "samochod", "rodzaj", "cena", "stan", "zdjecia", "zmieniona"] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];
export const offerPanelPath = (id: number) => `/panel/oferty/${id}`;

/** Photos: as many as the fleet API takes, each as large as it takes. */
export const MAX_OFFER_PHOTOS = 40;
export const OFFER_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** One upload of the photo form (the request is read whole into memory). */
export const OFFER_PHOTOS_POST_MAX_BYTES = 60 * 1024 * 1024;

const values = <T extends { value: string }>(list: readonly T[]) =>
  list.map((i) => i.value) as [T["value"], ...T["value"][]];

const whole = (min: number, max: number, unit = "") =>
  z
    .number({ error: (i) => (i.input === undefined ? REQUIRED : "Podaj liczbę") })
    .int("Podaj liczbę całkowitą")
    .min(min, `Podaj co najmniej ${min}${unit}`)
    .max(max, `Podaj najwyżej ${max}${unit}`);
export const zloty = (max: number) => whole(1, max, " zł");

/**
 * A car's data as the catalogue shows it: the fields of both the offer and the auction forms. `now`
 * is the clock's time (the server's; in the browser, the page's): a car is at most from next year.
 */
export const carFields = (now: Date) =>
  z.object({
    Make: requiredText(60),
    Model: requiredText(80),
    Version: optionalText(120),
    BodyType: z.enum(values(BODY_TYPES), { error: "Wybierz nadwozie" }),
    FuelType: z.enum(values(FUEL_TYPES), { error: "Wybierz paliwo" }),
    GearBoxType: z.enum(values(GEARBOX_TYPES), { error: "Wybierz skrzynię biegów" }),
    Color: requiredText(40),
    Year: whole(1990, now.getFullYear() + 1),
    Mileage: whole(0, 2_000_000, " km"),
    EngineCapacity: whole(0, 10_000, " cm³"),
    PowerHp: whole(1, 2_000, " KM"),
    VehicleRange: whole(1, 2_000, " km").optional(),
    Doors: whole(2, 6),
    Seats: whole(1, 9),
    PlateNumber: optionalText(12),
    Vin: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .default("")
      .refine((v) => !v || /^[A-HJ-NPR-Z0-9]{17}$/.test(v), "VIN ma 17 znaków: cyfry i litery bez I, O i Q"),
    Description: optionalText(10_000),
    Equipment: optionalText(20_000),
    IsCertified: z.boolean().optional().default(false),
    IsPromoted: z.boolean().optional().default(false),
    IsPicturePreviewOnly: z.boolean().optional().default(false),
  });
export type CarFieldsInput = z.output<ReturnType<typeof carFields>>;

/** An electric car's range is part of its description (the catalogue filters and shows it). */
export function checkElectricRange(v: { FuelType: string; VehicleRange?: number }, ctx: z.RefinementCtx) {
  if (v.FuelType === "EL" && v.VehicleRange === undefined)
    ctx.addIssue({ code: "custom", path: ["VehicleRange"], message: "Podaj zasięg samochodu elektrycznego" });
}

/**
 * A car's form: every field the catalogue shows, with the price netto and the ways of paying it
 * offers. The monthly "od" instalments of leasing and rent follow from the price by the calculator's
 * settings (ADR 020), as for the fleet API's offers. Equipment: one item per line.
 */
export const offerFormSchema = (now: Date) =>
  z
    .object({
      SaleType: z.enum(["new", "afterLease"], { error: "Wybierz rodzaj oferty" }),
      ...carFields(now).shape,
      TotalPriceNetto: zloty(20_000_000),
      TotalPriceNettoDiscount: zloty(20_000_000).optional(),
      Leasing: z.boolean().optional().default(false),
      Rent: z.boolean().optional().default(false),
    })
    .superRefine((v, ctx) => {
      if (v.TotalPriceNettoDiscount !== undefined && v.TotalPriceNettoDiscount >= v.TotalPriceNetto)
        ctx.addIssue({
          code: "custom",
          path: ["TotalPriceNettoDiscount"],
          message: "Cena po obniżce musi być niższa od ceny",
        });
      checkElectricRange(v, ctx);
    });
export type OfferFormInput = z.output<ReturnType<typeof offerFormSchema>>;

/** The equipment field's lines as the list the offer keeps: trimmed, empty lines and repeats left out. */
export const equipmentLines = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  ),
];

/** The photo list's order after a change: the ids of the kept photos, the main one first. */
export const photoOrderSchema = z.object({
  Order: z
    .string()
    .optional()
    .default("")
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f]{64}$/, "Nieznane zdjęcie"))
        .max(MAX_OFFER_PHOTOS, `Oferta może mieć najwyżej ${MAX_OFFER_PHOTOS} zdjęć`),
    ),
});

/** A new position of one photo in `order`: moved by `by` places (−1 earlier, +1 later) or to the front. */
export function movedPhoto(order: readonly string[], id: string, to: "earlier" | "later" | "main"): string[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const rest = order.filter((x) => x !== id);
  const at = to === "main" ? 0 : Math.max(0, Math.min(rest.length, from + (to === "earlier" ? -1 : 1)));
  rest.splice(at, 0, id);
  return rest;
}

/** New photos of a car (the photo field takes several files at once). */
export const photoUploadSchema = z.object({
  Photos: z
    .array(z.instanceof(File), { error: "Wybierz zdjęcia" })
    .min(1, "Wybierz zdjęcia")
    .max(MAX_OFFER_PHOTOS, `Oferta może mieć najwyżej ${MAX_OFFER_PHOTOS} zdjęć`)
    .refine(
      (files) => files.every((f) => f.size <= OFFER_PHOTO_MAX_BYTES),
      "Każde zdjęcie może mieć najwyżej 15 MB",
    ),
});

export const OFFER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The import's file: CSV or JSON of the fleet system (the fields of POST /api/Admin/Offers). */
export const offerImportSchema = z.object({
  File: z
    .instanceof(File, { error: "Wybierz plik CSV albo JSON" })
    .refine((f) => f.size > 0, "Plik jest pusty")
    .refine((f) => f.size <= OFFER_IMPORT_MAX_BYTES, "Plik może mieć najwyżej 5 MB"),
});

/**
 * An auction's photos lock at its start as its condition report does (ADR 049), in the same words:
 * the panel's refusal (server/staff/offers.ts) and its read-only photos say them.
 */
export const PHOTOS_LOCKED = {
  started:
    "Aukcja już się rozpoczęła: zdjęć nie można zmienić, licytujący licytują samochód pokazany przed jej rozpoczęciem.",
  ended: "Aukcja jest zakończona: zdjęć nie można już zmienić.",
} as const;
