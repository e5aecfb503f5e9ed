/**
 * Vocabulary of the vehicle catalogue, shared by the database, the API (filter data: Name and Value),
 * lists, filters, tiles and the demo data. Values are what the database stores and what URLs and
 * filter payloads carry; names are the Polish texts shown to people.
 */

/** Body types; the value is also the URL of the list alias (/sedan, /hatchback, … spec section 2). */
export const BODY_TYPES = [
  { value: "sedan", name: "Sedan", path: "/sedan" },
  { value: "hatchback", name: "Hatchback", path: "/hatchback" },
  { value: "kombi", name: "Kombi", path: "/kombi" },
  { value: "suv", name: "SUV", path: "/suv" },
  { value: "bus", name: "Bus", path: "/bus" },
  { value: "van", name: "Van", path: "/van" },
] as const;
export type BodyType = (typeof BODY_TYPES)[number]["value"];

/** Fuel codes as the spec names electric ('EL'); the others follow the same short style. */
export const FUEL_TYPES = [
  { value: "PB", name: "Benzyna" },
  { value: "ON", name: "Diesel" },
  { value: "HEV", name: "Hybryda" },
  { value: "PHEV", name: "Hybryda plug-in" },
  { value: "EL", name: "Elektryczny" },
  { value: "LPG", name: "Benzyna + LPG" },
] as const;
export type FuelType = (typeof FUEL_TYPES)[number]["value"];

export const GEARBOX_TYPES = [
  { value: "manual", name: "Manualna" },
  { value: "automatic", name: "Automatyczna" },
] as const;
export type GearBoxType = (typeof GEARBOX_TYPES)[number]["value"];

/**
 * The three ways a vehicle is sold. `status` is the offer tile's Status text (spec section 3: 'Nowy',
 * 'Poleasingowy'; auctions, which the spec leaves unnamed, say 'Aukcja'), also the AuctionType kept
 * with favourites. `vehicleSaleStatus` is the number of /api/OfferDetails/SimplifiedVehicleData.
 */
export const SALE_TYPES = [
  {
    value: "new",
    status: "Nowy",
    label: "fabrycznie nowy",
    basePath: "/nowe-samochody",
    vehicleSaleStatus: 0,
  },
  {
    value: "afterLease",
    status: "Poleasingowy",
    label: "poleasingowy",
    basePath: "/samochody-poleasingowe",
    vehicleSaleStatus: 1,
  },
  {
    value: "auction",
    status: "Aukcja",
    label: "aukcja",
    basePath: "/aukcje-samochodowe",
    vehicleSaleStatus: 2,
  },
] as const;
export type SaleType = (typeof SALE_TYPES)[number]["value"];
export type SaleStatusText = (typeof SALE_TYPES)[number]["status"];

/**
 * Paint colours. The database stores the Polish name (the tile's Color); `hex` is the paint used by the
 * generated photos; `value` is an ASCII code for URLs or filters should they ever need one.
 */
export const COLORS = [
  { value: "bialy", name: "biały", hex: "#f4f5f2" },
  { value: "czarny", name: "czarny", hex: "#16181b" },
  { value: "srebrny", name: "srebrny", hex: "#b9bec4" },
  { value: "szary", name: "szary", hex: "#7b8189" },
  { value: "grafitowy", name: "grafitowy", hex: "#454a52" },
  { value: "niebieski", name: "niebieski", hex: "#2f6fb5" },
  { value: "granatowy", name: "granatowy", hex: "#1d2d55" },
  { value: "czerwony", name: "czerwony", hex: "#b3202a" },
  { value: "bordowy", name: "bordowy", hex: "#6b1d2a" },
  { value: "zielony", name: "zielony", hex: "#2f6b4a" },
  { value: "bezowy", name: "beżowy", hex: "#c8b89a" },
  { value: "brazowy", name: "brązowy", hex: "#5c4331" },
  { value: "pomaranczowy", name: "pomarańczowy", hex: "#d9661f" },
  { value: "zolty", name: "żółty", hex: "#e3b51e" },
] as const;

/** A car's title as lists, e-mails and the panel show it: make, model and version (when it has one). */
export function carTitle(car: { make: string; model: string; version: string }): string {
  // A version that repeats the model ("EQA 250+" of the EQA) is written once: "Mercedes-Benz EQA 250+".
  const model = car.model.trim();
  const repeats =
    model !== "" && car.version.toLowerCase().startsWith(`${model.toLowerCase()} `) ? model.length + 1 : 0;
  return [car.make, car.model, car.version.slice(repeats)].filter(Boolean).join(" ");
}

/** VAT rate applied to cash prices: brutto = round(netto * 1.23). */
export const VAT_RATE = 0.23;
export const toBrutto = (netto: number): number => Math.round(netto * (1 + VAT_RATE));

/** A new car leaves the factory with delivery kilometres only. */
export const NEW_CAR_MAX_MILEAGE_KM = 100;

const byValue = <T extends { value: string }>(list: readonly T[]) =>
  new Map<string, T>(list.map((item) => [item.value, item]));
const BODY = byValue(BODY_TYPES);
const FUEL = byValue(FUEL_TYPES);
const GEARBOX = byValue(GEARBOX_TYPES);
const SALE = byValue(SALE_TYPES);

export const isBodyType = (v: string): v is BodyType => BODY.has(v);
export const isFuelType = (v: string): v is FuelType => FUEL.has(v);
export const isGearBoxType = (v: string): v is GearBoxType => GEARBOX.has(v);

/** Polish display name of a stored code; an unknown code is shown as it is rather than hidden. */
export const bodyTypeName = (v: string): string => BODY.get(v)?.name ?? v;
export const fuelTypeName = (v: string): string => FUEL.get(v)?.name ?? v;
export const gearBoxTypeName = (v: string): string => GEARBOX.get(v)?.name ?? v;
export const saleStatusText = (v: SaleType): SaleStatusText => SALE.get(v)!.status;
export const saleTypeOfStatus = (status: string): SaleType | undefined =>
  SALE_TYPES.find((s) => s.status === status)?.value;
export const saleTypeOfVehicleSaleStatus = (n: number): SaleType | undefined =>
  SALE_TYPES.find((s) => s.vehicleSaleStatus === n)?.value;
export const colorHex = (name: string): string | undefined => COLORS.find((c) => c.name === name)?.hex;
