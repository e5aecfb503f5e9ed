import type { CalculatorProperties } from "../../../domain/calculator";
import {
  auctionPriceName,
  type ComparedFinancing,
  type ComparisonRow,
  comparedFinancing,
  comparisonRow,
  type EquipmentRow,
  equipmentRows,
  FOR_COMPANIES,
  factRows,
  NOT_FOR_AUCTION,
} from "../../../domain/catalogue/comparison";
import type { OfferDetails } from "../../../domain/catalogue/offer";
import { capacityText, isElectric, vocabulary } from "../../../domain/catalogue/vocabulary";
import { formatKm, formatNumber, formatPrice } from "../../../domain/format";
import { toBrutto } from "../../../domain/vehicles";

/** One compared offer's column head: what identifies the car and leads to its page. */
export interface ComparedColumn {
  id: number;
  name: string;
  /** Make and model, for the page's title. */
  shortName: string;
  version: string;
  url: string;
  photoUrl: string | null;
  kind: string;
}

/** The comparison as the page draws it: column heads and three groups of rows. */
export interface ComparisonModel {
  columns: ComparedColumn[];
  facts: ComparisonRow[];
  equipment: EquipmentRow[];
  prices: ComparisonRow[];
}

const KIND: Record<OfferDetails["SaleType"], string> = {
  new: "Nowy samochód",
  afterLease: "Samochód poleasingowy",
  auction: "Aukcja",
};

/** The cash price a company pays (netto, after a cut); an auction's current or starting price. */
function cashNetto(o: OfferDetails): number | null {
  if (o.SaleType === "auction")
    return o.BidCount > 0 && o.CurrentPrice !== null ? o.CurrentPrice : o.StartingPrice;
  return o.IsCashAvailable ? (o.TotalPriceNettoDiscount ?? o.TotalPriceNetto) : null;
}

function cashBrutto(o: OfferDetails): number | null {
  return o.SaleType !== "auction" && o.IsCashAvailable
    ? (o.TotalPriceBruttoDiscount ?? o.TotalPriceBrutto)
    : null;
}

const money = (n: number | null | undefined) => (n === null || n === undefined ? null : formatPrice(n));

/** The cash netto cell: an auction's figure says which price it is (a bid is not a fixed price). */
function cashNettoText(o: OfferDetails): string | null {
  const text = money(cashNetto(o));
  return text && o.SaleType === "auction" ? `${text} (${auctionPriceName(o)})` : text;
}

/** The cash brutto cell: an auction's figure brutto too, as its own page says it (z VAT 23%). */
function cashBruttoText(o: OfferDetails): string | null {
  if (o.SaleType !== "auction") return money(cashBrutto(o));
  const netto = cashNetto(o);
  return netto === null ? null : `${formatPrice(toBrutto(netto))} (${auctionPriceName(o)})`;
}

function priceRows(offers: OfferDetails[], financing: ComparedFinancing[]): ComparisonRow[] {
  const missing = offers.map((o) => (o.SaleType === "auction" ? NOT_FOR_AUCTION : null));
  const rows: [string, (string | null)[]][] = [
    ["Cena za gotówkę netto", offers.map(cashNettoText)],
    ["Cena za gotówkę brutto", offers.map(cashBruttoText)],
    ["Leasing: rata netto/mies.", financing.map((f) => money(f.leasing?.monthlyNetto))],
    ["Leasing: koszt całkowity brutto", financing.map((f) => money(f.leasing?.totalBrutto))],
    ["Najem: rata netto/mies.", financing.map((f) => money(f.rent?.monthlyNetto))],
    ["Najem: koszt całkowity brutto", financing.map((f) => money(f.rent?.totalBrutto))],
  ];
  // The cash rows have the auction's own price; leasing and rent do not apply to an auction.
  return rows.map(([label, values], i) => comparisonRow(label, values, i < 2 ? undefined : missing));
}

/** A private buyer's prices: the brutto cash price only; an auction is for companies. */
function privatePriceRows(offers: OfferDetails[]): ComparisonRow[] {
  return [
    comparisonRow(
      "Cena za gotówkę brutto",
      offers.map((o) => money(cashBrutto(o))),
      offers.map((o) => (o.SaleType === "auction" ? FOR_COMPANIES : null)),
    ),
  ];
}

/**
 * Builds the rows of the comparison from the offers' details, in the order of the address; for a
 * private buyer only the prices a private person pays.
 */
export function comparisonModel(
  offers: OfferDetails[],
  props: CalculatorProperties,
  opts: { privateBuyer?: boolean } = {},
): ComparisonModel {
  const anyElectric = offers.some((o) => isElectric(o.FuelType));
  const allElectric = offers.length > 0 && offers.every((o) => isElectric(o.FuelType));
  return {
    columns: offers.map((o) => ({
      id: o.AuctionId,
      name: o.MakeModel,
      shortName: `${o.Make} ${o.Model}`,
      version: o.Version,
      url: o.Url,
      photoUrl: o.MainPhotoUrl ?? o.Photos[0]?.Url ?? null,
      kind: o.AuctionResult ? "Aukcja zakończona" : KIND[o.SaleType],
    })),
    facts: factRows([
      ["Rok produkcji", offers.map((o) => String(o.Year))],
      ["Przebieg", offers.map((o) => formatKm(o.Mileage))],
      ["Rodzaj paliwa", offers.map((o) => vocabulary.fuelTypeName(o.FuelType))],
      ["Skrzynia biegów", offers.map((o) => vocabulary.gearBoxName(o.GearBoxType))],
      ["Nadwozie", offers.map((o) => vocabulary.bodyTypeName(o.Type))],
      ["Moc", offers.map((o) => `${formatNumber(o.PowerHp)} KM`)],
      [
        allElectric ? "Pojemność baterii" : anyElectric ? "Pojemność silnika / baterii" : "Pojemność silnika",
        offers.map((o) => capacityText(o.FuelType, o.EngineCapacity)),
      ],
      ["Zasięg", offers.map((o) => (o.VehicleRange ? formatKm(o.VehicleRange) : null))],
      ["Liczba drzwi", offers.map((o) => String(o.Doors))],
      ["Liczba miejsc", offers.map((o) => String(o.Seats))],
      ["Kolor", offers.map((o) => o.Color || null)],
      ["Wersja", offers.map((o) => o.Version || null)],
      ["Certyfikat", offers.map((o) => (o.IsCertified ? "tak" : "nie"))],
    ]),
    equipment: equipmentRows(offers.map((o) => o.Equipment)),
    prices: opts.privateBuyer
      ? privatePriceRows(offers)
      : priceRows(
          offers,
          offers.map((o) => comparedFinancing(o, props)),
        ),
  };
}
