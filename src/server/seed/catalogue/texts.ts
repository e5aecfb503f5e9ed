import { BRAND } from "../../../domain/brand";
import { formatNumber } from "../../../domain/format";
import type { BodyType, FuelType, GearBoxType, SaleType } from "../../../domain/vehicles";
import type { MarketingLabel } from "../../db/schema/index";
import type { Random } from "./random";

/** Polish texts of the demo catalogue: equipment, descriptions, labels, plates and VINs. */

const fmt = formatNumber;

const BASE_EQUIPMENT = [
  "ABS i ESP",
  "Poduszki powietrzne czołowe, boczne i kurtynowe",
  "Centralny zamek z pilotem",
  "Elektrycznie sterowane szyby przednie i tylne",
  "Elektrycznie sterowane i podgrzewane lusterka",
  "Światła do jazdy dziennej LED",
  "Komputer pokładowy",
  "Bluetooth",
  "System ostrzegania przed kolizją z funkcją hamowania awaryjnego",
  "Asystent utrzymania pasa ruchu",
];

const EXTRA_EQUIPMENT = [
  "Klimatyzacja automatyczna dwustrefowa",
  "Tempomat adaptacyjny",
  "Czujniki parkowania przód i tył",
  "Kamera cofania",
  "Nawigacja satelitarna",
  "Apple CarPlay i Android Auto",
  "Podgrzewane fotele przednie",
  "Podgrzewana kierownica",
  "Reflektory w pełni LED",
  "Automatyczne światła drogowe",
  "Czujnik deszczu i zmierzchu",
  "Bezkluczykowy dostęp i uruchamianie",
  "Ładowarka indukcyjna do telefonu",
  "Cyfrowe zegary",
  "Monitorowanie martwego pola",
  "Rozpoznawanie znaków drogowych",
  "Elektrycznie otwierana klapa bagażnika",
  "Dach panoramiczny",
  "Tapicerka skórzana",
  "Elektrycznie regulowany fotel kierowcy z pamięcią",
  "System audio premium",
  "Wyświetlacz przezierny (head-up)",
  "Przyciemniane szyby tylne",
  "Hak holowniczy",
  'Felgi aluminiowe 17"',
  'Felgi aluminiowe 18"',
  "Koło dojazdowe",
];

const NOT_IN_VANS = new Set([
  "Dach panoramiczny",
  "Elektrycznie otwierana klapa bagażnika",
  "Tapicerka skórzana",
]);

const BODY_EQUIPMENT: Record<BodyType, string[]> = {
  sedan: ["Oparcie tylnej kanapy dzielone 60/40"],
  hatchback: ["Oparcie tylnej kanapy dzielone 60/40"],
  kombi: ["Relingi dachowe", "Roleta i siatka bagażnika"],
  suv: ["Relingi dachowe", "Osłony progów i nadkoli"],
  bus: ["Drzwi przesuwne po obu stronach", "Klimatyzacja dla pasażerów tylnych rzędów", "Trzy rzędy siedzeń"],
  van: [
    "Przegroda kabiny z oknem",
    "Drzwi przesuwne z prawej strony",
    "Zabudowa przestrzeni ładunkowej sklejką",
    "Uchwyty do mocowania ładunku",
  ],
};

const FUEL_EQUIPMENT: Partial<Record<FuelType, string[]>> = {
  EL: [
    "Pompa ciepła",
    "Ładowanie prądem stałym (DC)",
    "Kabel do ładowania typu 2",
    "Planowanie trasy z ładowaniem",
  ],
  PHEV: ["Kabel do ładowania typu 2", "Tryb jazdy elektrycznej"],
  HEV: ["Tryb jazdy elektrycznej"],
  LPG: ["Fabryczna instalacja LPG"],
};

export function equipmentFor(
  rnd: Random,
  o: { body: BodyType; fuel: FuelType; gearbox: GearBoxType; version: string; priceNetto: number },
): string[] {
  const premium = Math.min(1, Math.max(0, (o.priceNetto - 60000) / 200000));
  const pool = o.body === "van" ? EXTRA_EQUIPMENT.filter((e) => !NOT_IN_VANS.has(e)) : EXTRA_EQUIPMENT;
  const extras = rnd.sample(pool, Math.round(5 + premium * 12 + rnd.int(0, 3)));
  const list = [...BASE_EQUIPMENT, ...extras, ...BODY_EQUIPMENT[o.body], ...(FUEL_EQUIPMENT[o.fuel] ?? [])];
  if (o.gearbox === "automatic") list.push("Łopatki zmiany biegów przy kierownicy");
  if (/4x4|AWD|4MOTION|quattro|xDrive|4MATIC|4Drive|e-4orce|Q4|4xe/.test(o.version))
    list.push("Napęd na cztery koła");
  return list;
}

const BODY_SENTENCE: Record<BodyType, string> = {
  sedan:
    "Klasyczne nadwozie sedan z osobnym, dużym bagażnikiem dobrze sprawdza się w dalekich podróżach służbowych.",
  hatchback: "Zwarte nadwozie hatchback ułatwia parkowanie w mieście, a składana kanapa powiększa bagażnik.",
  kombi: "Pojemny bagażnik kombi pomieści bagaż całej rodziny albo firmowe materiały.",
  suv: "Wyższa pozycja za kierownicą i większy prześwit SUV-a dają dobrą widoczność i pewność na gorszych drogach.",
  bus: "Przestronne wnętrze z wygodnym dostępem do każdego rzędu siedzeń sprawdzi się w rodzinie i w firmie.",
  van: "Samochód dostawczy z dużą przestrzenią ładunkową i niskim progiem załadunku, gotowy do pracy w firmie.",
};

function fuelSentence(
  fuel: FuelType,
  engine: number,
  range: number | null | undefined,
  isNew: boolean,
): string {
  switch (fuel) {
    case "PB":
      return `Benzynowy silnik o pojemności ${fmt(engine)} cm³ jest cichy i dynamiczny.`;
    case "ON":
      return `Oszczędny silnik wysokoprężny o pojemności ${fmt(engine)} cm³ dobrze znosi długie trasy.`;
    case "HEV":
      return `Napęd hybrydowy łączy silnik benzynowy ${fmt(engine)} cm³ z elektrycznym, dzięki czemu w mieście spala wyjątkowo mało.`;
    case "PHEV":
      return `Hybryda plug-in: na codziennych trasach jedziesz na prądzie, ładując auto z gniazdka, a w trasie pomaga silnik ${fmt(engine)} cm³.`;
    case "EL":
      // The subsidy programme covers new vehicles only (spec: mileage up to 50 km).
      return `Napęd w pełni elektryczny z baterią ${fmt(engine)} kWh i zasięgiem do ${fmt(range ?? 0)} km według WLTP.${
        isNew ? " Do tego samochodu możesz ubiegać się o dopłatę z programu „Mój elektryk”." : ""
      }`;
    case "LPG":
      return `Fabryczna instalacja LPG przy silniku ${fmt(engine)} cm³ wyraźnie obniża koszt każdego kilometra.`;
  }
}

const CITIES = [
  "Warszawa",
  "Kraków",
  "Poznań",
  "Wrocław",
  "Gdańsk",
  "Katowice",
  "Łódź",
  "Lublin",
  "Szczecin",
  "Bydgoszcz",
];

export function description(
  rnd: Random,
  o: {
    saleType: SaleType;
    make: string;
    model: string;
    version: string;
    body: BodyType;
    fuel: FuelType;
    gearbox: GearBoxType;
    engine: number;
    powerHp: number;
    range?: number | null;
    year: number;
    mileage: number;
    isCertified: boolean;
  },
): string {
  const gear = o.gearbox === "automatic" ? "automatyczna" : "manualna";
  const name = `${o.make} ${o.model} ${o.version}`;
  const tech = `${fuelSentence(o.fuel, o.engine, o.range, o.saleType === "new")} Moc ${fmt(o.powerHp)} KM, skrzynia biegów ${gear}.`;
  if (o.saleType === "new") {
    return [
      `${name} to fabrycznie nowy samochód z rocznika ${o.year}, ${rnd.chance(0.6) ? "dostępny od ręki" : "dostępny w ciągu kilku tygodni"}.`,
      tech,
      BODY_SENTENCE[o.body],
      "Samochód sfinansujesz najmem długoterminowym lub leasingiem, a dostawa pod wskazany adres jest bezpłatna.",
    ].join(" ");
  }
  const history = `Samochód z ${o.year} roku, przebieg ${fmt(o.mileage)} km, jeden użytkownik w leasingu, serwisowany w autoryzowanej stacji obsługi.`;
  if (o.saleType === "afterLease") {
    return [
      `${name}: ${history}`,
      tech,
      BODY_SENTENCE[o.body],
      o.isCertified
        ? `Auto ma certyfikat ${BRAND.name}: sprawdziliśmy ponad 200 parametrów jego stanu technicznego.`
        : "Przed wydaniem auto przechodzi przegląd i mycie.",
      "Jeśli samochód nie spełni Twoich oczekiwań, możesz go zwrócić w ciągu 7 dni (do 300 km przebiegu).",
    ].join(" ");
  }
  return [
    `${name}: pojazd poleasingowy sprzedawany na aukcji wyłącznie przedsiębiorcom. ${history}`,
    tech,
    "Przed licytacją zapoznaj się z opisem stanu technicznego. Sprzedaż na fakturę VAT, płatność przelewem.",
    `Miejsce odbioru: ${rnd.pick(CITIES)}.`,
  ].join(" ");
}

const NEW_LABELS: MarketingLabel[] = [
  { Text: "Dostępny od ręki", Color: "#0f766e" },
  { Text: "Ostatnie sztuki", Color: "#b45309" },
  { Text: "Gwarancja 5 lat", Color: "#1d4ed8" },
  { Text: "Pakiet serwisowy w cenie", Color: "#7c3aed" },
  { Text: "Opony zimowe w cenie", Color: "#0369a1" },
];
const AFTER_LEASE_LABELS: MarketingLabel[] = [
  { Text: "Pierwszy właściciel", Color: "#0f766e" },
  { Text: "Serwisowany w ASO", Color: "#1d4ed8" },
  { Text: "Bezwypadkowy", Color: "#15803d" },
  { Text: "Faktura VAT 23%", Color: "#475569" },
];
const AUCTION_LABELS: MarketingLabel[] = [
  { Text: "Faktura VAT 23%", Color: "#475569" },
  { Text: "Kluczyki i dokumenty komplet", Color: "#0f766e" },
];

export function marketingLabels(
  rnd: Random,
  saleType: SaleType,
  year: number,
  nowYear: number,
  lowMileage: boolean,
) {
  const pool =
    saleType === "new"
      ? [...NEW_LABELS]
      : saleType === "afterLease"
        ? [...AFTER_LEASE_LABELS]
        : [...AUCTION_LABELS];
  if (saleType === "new" && year < nowYear)
    pool.push({ Text: `Wyprzedaż rocznika ${year}`, Color: "#b91c1c" });
  if (saleType !== "new" && lowMileage) pool.push({ Text: "Niski przebieg", Color: "#b45309" });
  return rnd.sample(pool, rnd.int(1, 2));
}

/** Polish registration plate: district code and a five-character resource. */
const DISTRICTS = [
  "WA",
  "WB",
  "WD",
  "WE",
  "WH",
  "WI",
  "WJ",
  "WK",
  "WN",
  "WT",
  "WU",
  "WW",
  "WX",
  "WY",
  "KR",
  "KK",
  "PO",
  "PZ",
  "GD",
  "GA",
  "DW",
  "LU",
  "SK",
  "SO",
  "EL",
  "BI",
  "ZS",
  "CB",
  "OP",
  "RZ",
  "TK",
  "NO",
  "FZ",
];
const PLATE_LETTERS = "ACEFGHJKLMNPRSTUVWXY";
export function plateNumber(rnd: Random): string {
  const digits = () => String(rnd.int(0, 9));
  const letter = () => PLATE_LETTERS[rnd.int(0, PLATE_LETTERS.length - 1)];
  const resource = rnd.chance(0.5)
    ? `${digits()}${digits()}${digits()}${digits()}${digits()}`
    : `${digits()}${digits()}${digits()}${letter()}${letter()}`;
  return `${rnd.pick(DISTRICTS)} ${resource}`;
}

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_YEAR = "ABCDEFGHJKLMNPRSTVWXY123456789";
export function vin(rnd: Random, wmi: string, year: number): string {
  let body = "";
  for (let i = 0; i < 6; i++) body += VIN_CHARS[rnd.int(0, VIN_CHARS.length - 1)];
  const check = VIN_CHARS[rnd.int(0, VIN_CHARS.length - 1)];
  const yearCode = VIN_YEAR[(year - 2010 + 30) % 30];
  let serial = "";
  for (let i = 0; i < 7; i++) serial += String(rnd.int(0, 9));
  return `${wmi}${body.slice(0, 5)}${check}${yearCode}${serial}`;
}
