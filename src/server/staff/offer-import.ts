import { and, inArray, ne } from "drizzle-orm";
import Papa from "papaparse";
import type { z } from "zod";
import { resolveMake, unknownMakeMessage } from "../../domain/make-names";
import {
  type NewOffer,
  type OfferManagement,
  OfferPricesSchema,
  parseNewOffer,
  withHeadlineInstalments,
} from "../catalogue/offer-management";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { images, offers } from "../db/schema/index";
import { calculatorPropertiesForPricing } from "../leads/calculator-store";
import { type Actor, audit } from "./audit";
import { StaffError } from "./staff-error";
// zod's default messages in Polish (the row problems quote them).
import "../http/zod-messages";

/**
 * Importing cars from a file of the fleet system: a JSON list of offers as
 * POST /api/Admin/Offers takes them, or a CSV with those fields as columns (prices flat, lists split
 * by "|"). The dry run reports every row's problems and saves nothing; the import saves all rows as
 * drafts in one transaction, or none when any row has a problem.
 */

export interface ImportRow {
  /** "Wiersz 3" of a CSV (its header is line 1), "Pozycja 3" of a JSON list. */
  where: string;
  title: string;
  problems: string[];
}

export interface ImportReport {
  rows: ImportRow[];
  valid: number;
  /** Set when the import saved the cars: their numbers, in the file's order. */
  saved?: number[];
}

const MAX_ROWS = 1_000;
const PRICE_KEYS = Object.keys(OfferPricesSchema.shape) as (keyof typeof OfferPricesSchema.shape)[];
const NUMBER_KEYS = new Set([
  "Year",
  "Mileage",
  "EngineCapacity",
  "PowerHp",
  "VehicleRange",
  "Doors",
  "Seats",
  "StartingPrice",
  ...PRICE_KEYS,
]);
const BOOLEAN_KEYS = new Set(["IsCertified", "Reservation", "IsPromoted", "IsPicturePreviewOnly"]);
const LIST_KEYS = new Set(["Equipment", "PhotoIds"]);

/** A CSV cell as the JSON value the API would take: numbers, yes/no, "|"-separated lists; empty is absent. */
function cellValue(key: string, raw: string): unknown {
  const v = raw.trim();
  if (v === "") return undefined;
  if (NUMBER_KEYS.has(key)) {
    const n = Number(v.replace(/[\s\u00a0]/g, "").replace(",", "."));
    return Number.isFinite(n) ? n : v;
  }
  if (BOOLEAN_KEYS.has(key)) {
    if (/^(1|tak|true|t|yes)$/i.test(v)) return true;
    if (/^(0|nie|false|f|no)$/i.test(v)) return false;
    return v;
  }
  if (LIST_KEYS.has(key))
    return v
      .split("|")
      .map((s) => s.trim())
      .filter(Boolean);
  return v;
}

/** A CSV row as an offer object: the price columns grouped into Prices. */
function csvOffer(row: Record<string, string>): Record<string, unknown> {
  const offer: Record<string, unknown> = {};
  const prices: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(row)) {
    const k = key.trim();
    if (!k || raw === undefined) continue;
    const value = cellValue(k, String(raw));
    if (value === undefined) continue;
    if ((PRICE_KEYS as string[]).includes(k)) prices[k] = value;
    else offer[k] = value;
  }
  if (Object.keys(prices).length) offer.Prices = prices;
  return offer;
}

/** The file's offers, or why it cannot be read at all (a field message for the form). */
function readFile(name: string, text: string): { items: unknown[]; label: string } {
  const body = text.replace(/^\uFEFF/, "");
  const json = /\.json$/i.test(name) || /^\s*[[{]/.test(body);
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new StaffError(400, "Plik JSON jest uszkodzony: nie da się go odczytać.", "File");
    }
    const items = Array.isArray(parsed) ? parsed : (parsed as { Offers?: unknown })?.Offers;
    if (!Array.isArray(items))
      throw new StaffError(
        400,
        "Plik JSON powinien zawierać listę ofert (albo obiekt z listą Offers).",
        "File",
      );
    return { items, label: "Pozycja" };
  }
  const csv = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: "greedy" });
  if (!csv.meta.fields?.includes("Make"))
    throw new StaffError(
      400,
      "Plik CSV powinien mieć w pierwszym wierszu nazwy pól (SaleType, Make, Model…).",
      "File",
    );
  return { items: csv.data.map(csvOffer), label: "Wiersz" };
}

/**
 * The offer form's names of the fleet API's fields, so a row's problem reads as the form does
 * ("Cena netto po obniżce: …", not "Prices.TotalPriceNettoDiscount: …").
 */
const FIELD_LABELS: Record<string, string> = {
  SaleType: "Rodzaj oferty",
  Make: "Marka",
  Model: "Model",
  Version: "Wersja",
  BodyType: "Nadwozie",
  FuelType: "Paliwo",
  GearBoxType: "Skrzynia biegów",
  Color: "Kolor",
  Year: "Rocznik",
  Mileage: "Przebieg",
  EngineCapacity: "Pojemność silnika",
  PowerHp: "Moc (KM)",
  VehicleRange: "Zasięg",
  Doors: "Liczba drzwi",
  Seats: "Liczba miejsc",
  PlateNumber: "Numer rejestracyjny",
  Vin: "VIN",
  Description: "Opis",
  Equipment: "Wyposażenie",
  PhotoIds: "Zdjęcia",
  IsCertified: "Certyfikowany",
  IsPromoted: "Promowana",
  IsPicturePreviewOnly: "Zdjęcia poglądowe",
  ServiceHistory: "Historia serwisowa",
  MarketingLabels: "Etykiety marketingowe",
  SpecialPromotions: "Promocje specjalne",
  Prices: "Ceny",
  "Prices.TotalPriceNetto": "Cena netto",
  "Prices.TotalPriceNettoDiscount": "Cena netto po obniżce",
  "Prices.LeasePrice": "Leasing",
  "Prices.LeasePriceDiscount": "Leasing po obniżce",
  "Prices.RentPriceNetto": "Najem długoterminowy",
  "Prices.RentPriceNettoDiscount": "Najem długoterminowy po obniżce",
};

/** A field's name as the form says it: its label, else (a part of a list) its parent's with the position. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const key = path.map(String).join(".");
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const parent = FIELD_LABELS[String(path[0])];
  return parent ? `${parent} (${path.slice(1).map(String).join(".")})` : key;
}

const issueText = (i: z.core.$ZodIssue) =>
  i.path.length ? `${fieldLabel(i.path)}: ${i.message}` : i.message;

/** A row's VIN as written, for the duplicates check even when the row has other problems. */
const rawVin = (item: unknown): string | null => {
  const v = (item as Record<string, unknown> | null)?.Vin;
  return typeof v === "string" && v.trim() ? v.trim().toUpperCase() : null;
};

export class OfferImport {
  constructor(
    private readonly db: Db,
    private readonly management: OfferManagement,
    private readonly clock: Clock,
  ) {}

  /** Checks every row (`dryRun`), or saves them all as drafts when none has a problem. */
  async run(file: File, opts: { dryRun: boolean }, by: Actor): Promise<ImportReport> {
    const { items, label } = readFile(file.name, await file.text());
    if (!items.length) throw new StaffError(400, "W pliku nie ma żadnej oferty.", "File");
    if (items.length > MAX_ROWS)
      throw new StaffError(400, `Plik może mieć najwyżej ${MAX_ROWS} ofert naraz; podziel go.`, "File");
    const first = label === "Wiersz" ? 2 : 1;
    const now = this.clock.now();
    const parsed = items.map((item) => parseNewOffer(item, now));
    const offersIn = parsed.map((p) => (p.success ? p.data : null));

    // What only the database can tell: photos never uploaded, VINs already in the catalogue.
    const photoIds = [...new Set(offersIn.flatMap((o) => o?.PhotoIds ?? []))];
    const knownPhotos = new Set(
      photoIds.length
        ? (await this.db.select({ id: images.id }).from(images).where(inArray(images.id, photoIds))).map(
            (r) => r.id,
          )
        : [],
    );
    const vins = [...new Set(items.flatMap((item) => rawVin(item) ?? []))];
    const vinOwners = new Map(
      vins.length
        ? (
            await this.db
              .select({ vin: offers.vin, id: offers.id })
              .from(offers)
              .where(and(inArray(offers.vin, vins), ne(offers.status, "withdrawn")))
          ).map((r) => [r.vin as string, r.id])
        : [],
    );
    const vinRow = new Map<string, number>();
    const addedMakes = await this.management.addedMakes();

    const rows: ImportRow[] = items.map((item, i) => {
      const where = `${label} ${first + i}`;
      const p = parsed[i];
      const raw = (item ?? {}) as Record<string, unknown>;
      const title = [raw.Make, raw.Model, raw.Version].filter((x) => typeof x === "string" && x).join(" ");
      if (raw.SaleType === "auction")
        return {
          where,
          title,
          problems: ["Rodzaj oferty: import przyjmuje samochody nowe (new) i poleasingowe (afterLease)"],
        };
      const problems = p.success ? [] : p.error.issues.map(issueText);
      // A VIN twice is told whatever else is wrong with the row: fixing the rest must not reveal it later.
      const vin = rawVin(item);
      if (vin) {
        const owner = vinOwners.get(vin);
        if (owner) problems.push(`VIN: ten VIN ma już oferta nr ${owner}`);
        const earlier = vinRow.get(vin);
        if (earlier !== undefined)
          problems.push(`VIN: ten sam VIN ma ${label.toLowerCase()} ${first + earlier}`);
        else vinRow.set(vin, i);
      }
      if (!p.success) return { where, title, problems };
      const o = p.data;
      const make = resolveMake(o.Make, addedMakes);
      if (make.make === null) problems.push(`Marka: ${unknownMakeMessage(o.Make, make.suggestion)}`);
      for (const id of o.PhotoIds)
        if (!knownPhotos.has(id))
          problems.push(`Zdjęcia: nie ma zdjęcia ${id}; wyślij je najpierw na /api/Admin/Images`);
      return { where, title, problems };
    });
    const valid = rows.filter((r) => !r.problems.length).length;
    if (opts.dryRun || valid < rows.length) return { rows, valid };

    const at = this.clock.now();
    const calculator = await calculatorPropertiesForPricing(this.db);
    const spelt: NewOffer[] = [];
    for (const o of offersIn as NewOffer[])
      spelt.push({ ...o, Make: await this.management.catalogueMake(o.Make) });
    const saved = await this.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const o of spelt) {
        const prices = withHeadlineInstalments(o.Prices as NonNullable<NewOffer["Prices"]>, calculator);
        const id = await this.management.insertOffer(tx, o, { status: "draft", prices, at });
        await audit(tx, by, {
          action: "offer.import",
          entity: "offer",
          entityId: id,
          after: { state: "draft", make: o.Make, model: o.Model, vin: o.Vin ?? null, file: file.name },
        });
        ids.push(id);
      }
      return ids;
    });
    this.management.afterChange(false);
    return { rows, valid, saved };
  }
}
