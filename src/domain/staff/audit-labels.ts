import { FAQ_SECTIONS } from "../faq";
import { formatDateTime, formatPrice } from "../format";
import type { LiteralKey } from "../literals";
import { BODY_TYPES, FUEL_TYPES, GEARBOX_TYPES } from "../vehicles";
import { AUCTION_STATE_NAMES, type AuctionState } from "./auctions";
import { BANNER_AUDIENCES, BANNER_PLACEMENTS, type BannerAudience, type BannerPlacement } from "./banners";
import { BIDDER_STATE_NAMES, isBidderState } from "./bidder-states";
import { isLeadStatus, LEAD_STATUS_NAMES } from "./lead-states";
import { LITERAL_FIELDS } from "./literals";
import { OFFER_STATE_NAMES, type OfferState, PANEL_SALE_TYPES, type PanelSaleType } from "./offers";
import { isStaffRole, ROLE_NAMES } from "./roles";

/** How the audit log names what happened: the action's key, as stored, in Polish. */
export const AUDIT_ACTIONS: Record<string, string> = {
  "staff.add": "Dodano pracownika",
  "staff.change": "Zmieniono rolę lub dostęp",
  "staff.reset": "Zresetowano dostęp",
  "staff.password": "Ustawiono hasło",
  "staff.totp": "Włączono drugi składnik",
  "staff.recovery-code": "Zalogowano kodem zapasowym",
  "staff.recovery-renew": "Wygenerowano nowe kody zapasowe",
  "bidder.verify": "Zweryfikowano firmę",
  "bidder.refuse": "Odrzucono weryfikację firmy",
  "bidder.block": "Zablokowano konto",
  "bidder.unblock": "Odblokowano konto",
  "bidder.delete": "Klient usunął konto (dane zanonimizowane)",
  "privacy.access": "Klient pobrał swoje dane (link z e-maila)",
  "privacy.erasure-request": "Klient zażądał usunięcia danych",
  "privacy.erase": "Usunięto dane na żądanie klienta",
  "privacy.retention": "Usunięto dane po okresie przechowywania",
  "lead.change": "Zmieniono stan lub opiekuna",
  "lead.note": "Dodano notatkę",
  "mail.resend": "Wysłano ponownie",
  "document.publish": "Opublikowano nową wersję",
  "banner.add": "Dodano baner",
  "banner.change": "Zmieniono baner",
  "banner.remove": "Usunięto baner",
  "make.add": "Dodano markę do słownika",
  "offer.add": "Dodano ofertę (szkic)",
  "offer.import": "Zaimportowano ofertę z pliku (szkic)",
  "offer.change": "Zmieniono ofertę",
  "offer.publish": "Opublikowano ofertę",
  "offer.withdraw": "Wycofano ofertę",
  "offer.reprice": "Zmieniono cenę (zmiana zbiorcza)",
  "offer.reserve": "Zarezerwowano ofertę",
  "offer.release": "Zdjęto rezerwację",
  "offer.photos": "Zmieniono zdjęcia",
  "offer.marketing": "Zmieniono etykiety lub promocje",
  "auction.schedule": "Zaplanowano aukcję (szkic)",
  "auction.terms": "Zmieniono daty lub cenę wywoławczą",
  "auction.cancel": "Odwołano aukcję",
  "auction.report": "Zapisano opis stanu technicznego",
  "auction.car": "Zmieniono dane samochodu",
  "auction.confirm": "Potwierdzono sprzedaż zwycięzcy",
  "auction.release": "Zwolniono samochód",
  "auction.proForma": "Wystawiono fakturę pro forma",
  "auction.payment": "Potwierdzono otrzymanie wpłaty",
  "auction.documents": "Dokumenty gotowe do wydania",
  "auction.pickUpSlot": "Zaproponowano termin odbioru",
  "auction.pickUpBooked": "Zwycięzca umówił odbiór",
  "literal.change": "Zmieniono tekst",
  "policy.publish": "Zapisano nową wersję polityki",
  "faq.add": "Dodano pytanie",
  "faq.change": "Zmieniono pytanie",
  "faq.remove": "Usunięto pytanie",
  "calculator.change": "Zmieniono ustawienia kalkulatora",
};

export const AUDIT_ENTITIES: Record<string, string> = {
  staff: "Pracownik",
  bidder: "Konto klienta",
  lead: "Zgłoszenie",
  "privacy-request": "Wniosek RODO",
  retention: "Okresy przechowywania",
  mail: "E-mail",
  document: "Dokument",
  banner: "Baner",
  offer: "Oferta",
  auction: "Aukcja",
  literal: "Tekst",
  policy: "Polityka",
  faq: "Pytanie FAQ",
  make: "Marka",
  calculator: "Kalkulator",
};

const CALCULATOR_PARTS: Record<string, string> = {
  leasing: "leasing",
  rent: "najem długoterminowy",
  terms: "ubezpieczenie i ceny",
};

/** The record an entry is about, as the log names it: 'Tekst: Telefon do doradców', 'Oferta 12'. */
export function auditRecordName(entity: string, id: string): string {
  const kind = AUDIT_ENTITIES[entity] ?? entity;
  if (entity === "literal" && id in LITERAL_FIELDS)
    return `${kind}: ${LITERAL_FIELDS[id as LiteralKey].label}`;
  if (entity === "policy") return id === "cookies" ? "Polityka cookies" : "Polityka prywatności";
  if (entity === "calculator") return `${kind}: ${CALCULATOR_PARTS[id] ?? id}`;
  return `${kind} ${id}`;
}

export const auditActionName = (action: string) => AUDIT_ACTIONS[action] ?? action;

/** Fields stored as codes of the catalogue's vocabulary ("EL"), shown by their names ("Elektryczny"). */
const VOCABULARY: Record<string, readonly { value: string; name: string }[]> = {
  bodyType: BODY_TYPES,
  fuelType: FUEL_TYPES,
  gearBoxType: GEARBOX_TYPES,
};

/** A record's field as the log names it. */
const FIELD_NAMES: Record<string, string> = {
  email: "e-mail",
  format: "format pliku",
  leads: "usunięte zapytania",
  alerts: "usunięte alerty",
  chats: "usunięte rozmowy na czacie",
  chatTickets: "usunięte wiadomości spoza godzin czatu",
  cookieChoices: "usunięte zapisy wyborów cookie",
  bidsKept: "zachowane oferty w aukcjach (bez danych osoby)",
  leadsErased: "usunięte zapytania",
  alertsErased: "usunięte alerty",
  chatsErased: "usunięte rozmowy na czacie",
  mailsErased: "usunięte wiadomości e-mail",
  leaseApplicationsErased: "usunięte wnioski leasingowe",
  leaseApplicationsAnonymised: "zanonimizowane wnioski leasingowe (umowy)",
  name: "imię i nazwisko",
  role: "rola",
  active: "aktywny",
  status: "stan",
  reason: "powód",
  confirmedDifferences: "potwierdzone różnice z rejestrem VAT",
  price: "cena netto",
  change: "zmiana",
  assignee: "opiekun",
  note: "notatka",
  unverifiedCompany: "mimo niezweryfikowanych danych firmy",
  to: "do",
  subject: "temat",
  document: "dokument",
  version: "wersja",
  changed: "zmienione części",
  effectiveFrom: "obowiązuje od",
  placement: "miejsce",
  audience: "dla kogo",
  position: "kolejność",
  title: "tytuł",
  subtitle: "podtytuł",
  buttonText: "przycisk",
  redirectTo: "adres przycisku",
  imageId: "obraz",
  mobileImageId: "obraz na telefon",
  startDate: "od",
  endDate: "do",
  state: "stan",
  saleType: "rodzaj",
  make: "marka",
  model: "model",
  bodyType: "nadwozie",
  fuelType: "paliwo",
  gearBoxType: "skrzynia biegów",
  color: "kolor",
  year: "rocznik",
  mileage: "przebieg",
  engineCapacity: "pojemność",
  powerHp: "moc (KM)",
  vehicleRange: "zasięg",
  doors: "drzwi",
  seats: "miejsca",
  plateNumber: "numer rejestracyjny",
  vin: "VIN",
  isCertified: "certyfikowany",
  isPromoted: "promowana",
  isPicturePreviewOnly: "zdjęcia poglądowe",
  totalPriceNetto: "cena netto",
  totalPriceNettoDiscount: "cena netto po obniżce",
  isLeasingAvailable: "leasing",
  isRentAvailable: "najem",
  description: "opis",
  equipment: "wyposażenie (pozycji)",
  photos: "zdjęcia",
  labels: "etykiety",
  promotions: "promocje",
  file: "plik",
  startingPrice: "cena wywoławcza",
  minIncrement: "minimalne postąpienie",
  inspector: "oglądał",
  sections: "ocenione części",
  damages: "uszkodzenia",
  value: "treść",
  section: "dział",
  slug: "adres odpowiedzi",
  question: "pytanie",
  answer: "odpowiedź",
  periods: "okresy (mies.)",
  defaultPeriod: "okres domyślny (mies.)",
  ow: "opłata wstępna",
  rv: "wykup",
  mileageLimits: "limity przebiegu (km)",
  defaultMileage: "limit domyślny (km)",
  residual: "wartość końcowa",
  annualRatePercent: "oprocentowanie roczne (%)",
  services: "usługi dodatkowe",
  insuranceFinanced: "ubezpieczenie w racie",
  insuranceOutside: "ubezpieczenie poza ratą (opłata roczna)",
  priceRange: "zakres cen netto",
};

const shown = (key: string, v: unknown): string => {
  if (key === "minIncrement" && v === null) return "według tabeli regulaminu";
  if (v === null || v === undefined) return "–";
  if (typeof v === "boolean") return v ? "tak" : "nie";
  if (key === "role" && isStaffRole(v)) return ROLE_NAMES[v];
  if (key === "status" && isBidderState(v)) return BIDDER_STATE_NAMES[v];
  if (key === "status" && isLeadStatus(v)) return LEAD_STATUS_NAMES[v];
  if (key === "state" && typeof v === "string" && v in OFFER_STATE_NAMES)
    return OFFER_STATE_NAMES[v as OfferState];
  if (key === "state" && typeof v === "string" && v in AUCTION_STATE_NAMES)
    return AUCTION_STATE_NAMES[v as AuctionState];
  if (["startingPrice", "minIncrement", "price"].includes(key) && typeof v === "number")
    return formatPrice(v);
  if (key === "saleType" && typeof v === "string" && v in PANEL_SALE_TYPES)
    return PANEL_SALE_TYPES[v as PanelSaleType];
  const vocabulary = VOCABULARY[key];
  if (vocabulary) return vocabulary.find((t) => t.value === v)?.name ?? String(v);
  if (["effectiveFrom", "startDate", "endDate"].includes(key) && typeof v === "string")
    return formatDateTime(new Date(v));
  // A picture is named by its content hash: the first characters tell versions apart.
  if (/^(image|mobileImage)Id$/.test(key) && typeof v === "string") return `${v.slice(0, 8)}…`;
  if (key === "section" && typeof v === "string") return FAQ_SECTIONS.find((s) => s.key === v)?.title ?? v;
  if (key === "placement" && typeof v === "string" && v in BANNER_PLACEMENTS)
    return BANNER_PLACEMENTS[v as BannerPlacement];
  if (key === "audience" && typeof v === "string" && v in BANNER_AUDIENCES)
    return BANNER_AUDIENCES[v as BannerAudience];
  // A long text (a car's description) is named by its beginning; the entry keeps it whole.
  const text = String(v);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};

/**
 * What an entry changed, one line per field: 'rola: sales → content' for a change, 'rola: sales' for
 * a record added (only `after`) or removed (only `before`).
 */
export function auditChanges(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => !(k in b && k in a) || JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => {
      const name = FIELD_NAMES[k] ?? k;
      if (!(k in b)) return `${name}: ${shown(k, a[k])}`;
      if (!(k in a)) return `${name}: ${shown(k, b[k])} (usunięto)`;
      return `${name}: ${shown(k, b[k])} → ${shown(k, a[k])}`;
    });
}
