import { BRAND } from "./brand";

/**
 * Editable texts and contact data (spec: Literals; GET /api/Literals/Get). The company changes them
 * in the `literals` table without a deploy; these defaults are what the seeder writes and what a page
 * falls back to when a key is missing, so a page never shows an empty phone number.
 */
export const LITERAL_DEFAULTS = {
  /** Number behind the phone call button (landing pages, call-back banner). */
  CallButtonPhone: BRAND.phone,
  ContactPhone: BRAND.phone,
  ContactEmail: BRAND.email,
  AuctionPhone: BRAND.auctionPhone,
  AuctionEmail: BRAND.auctionEmail,
  /** Hours of the consultants, also promised for call-backs (spec section 9). */
  ContactHours: "pon. – pt., 9:00 – 19:00",
  CompanyName: BRAND.legalName,
  CompanyAddress: "ul. Prosta 51, 00-838 Warszawa",
  CompanyRegistry:
    "Sąd Rejonowy dla m.st. Warszawy w Warszawie, XII Wydział Gospodarczy KRS, KRS 0000123456, NIP 5250001122, kapitał zakładowy 5 000 000 zł",
  /** Shown under lead forms; spec section 5 shortens it to 306 characters with an expand control. */
  FormDisclaimer:
    `Administratorem Twoich danych osobowych jest ${BRAND.legalName} z siedzibą w Warszawie (ul. Prosta 51, 00-838 Warszawa). ` +
    "Dane podane w formularzu przetwarzamy, aby odpowiedzieć na Twoje zapytanie i przygotować ofertę finansowania (art. 6 ust. 1 lit. b RODO), " +
    "a jeśli wyrazisz zgodę – także w celach marketingowych, w tym do kontaktu telefonicznego lub e-mailowego (art. 6 ust. 1 lit. a RODO). " +
    "Zgodę możesz wycofać w każdej chwili, bez wpływu na zgodność z prawem przetwarzania, którego dokonano przed jej wycofaniem. " +
    "Dane przechowujemy do czasu zakończenia obsługi zapytania, a dane przetwarzane na podstawie zgody – do jej wycofania. " +
    "Odbiorcami danych mogą być podmioty świadczące dla nas usługi informatyczne, księgowe i prawne oraz partnerzy finansujący, z którymi zawierasz umowę. " +
    "Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przenoszenia oraz wniesienia sprzeciwu, " +
    "a także prawo wniesienia skargi do Prezesa Urzędu Ochrony Danych Osobowych. Podanie danych jest dobrowolne, ale niezbędne do udzielenia odpowiedzi. " +
    `W sprawach danych osobowych napisz do nas: iod@${BRAND.slug}.pl.`,
  /** Promise shown after a contact request (spec sections 1 and 9). */
  AdviserContactPromise: "Nasz doradca skontaktuje się z Tobą w ciągu 4 godzin.",
  CallbackPromise: "Oddzwonimy w ciągu kilku minut w godzinach pracy: pon. – pt., 9:00 – 19:00.",
  /** What the winner of an auction reads on its page after the end: payment, invoice, pick-up. */
  AuctionWonPayment:
    "Płatność: przelewem na rachunek podany na fakturze, w ciągu 7 dni od jej wystawienia. Do ceny netto doliczamy 23% VAT.",
  AuctionWonInvoice:
    "Faktura: w ciągu jednego dnia roboczego nasz doradca potwierdzi z Tobą dane firmy z Twojego konta i wystawi fakturę VAT.",
  AuctionWonPickup:
    "Odbiór: samochód wydamy po zaksięgowaniu płatności, w miejscu i terminie ustalonym z doradcą, razem z dokumentami pojazdu.",
} as const;

export type LiteralKey = keyof typeof LITERAL_DEFAULTS;
export type Literals = Record<LiteralKey, string> & Record<string, string>;

/** Literals from the database over the defaults: a key missing in the table keeps its default. */
export function withLiteralDefaults(rows: readonly { key: string; value: string }[]): Literals {
  const out: Record<string, string> = { ...LITERAL_DEFAULTS };
  for (const r of rows) out[r.key] = r.value;
  return out as Literals;
}

/** "+48 22 100 20 30" → "tel:+48221002030" */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
