import { BRAND } from "./brand";
import { CONSENT_VERSION } from "./consent";

/**
 * The privacy policy (/polityka-prywatnosci) and the cookie policy (/polityka-cookies) as content:
 * their texts, each with the version and the date it took effect, shown on the page. A change of the
 * texts is a new version with its date (the cookie policy's version is the consent's: a new one asks
 * every visitor again). The administrator's name, address and register come from the literals, which
 * the panel edits; the tables of cookies and tags come from the consent categories (consent.ts).
 */

export interface PolicyVersion {
  version: number;
  /** The day it took effect (YYYY-MM-DD, Polish calendar day). */
  effectiveFrom: string;
}

export const PRIVACY_POLICY_VERSION: PolicyVersion = { version: 1, effectiveFrom: "2026-11-28" };
export const COOKIE_POLICY_VERSION: PolicyVersion = { version: CONSENT_VERSION, effectiveFrom: "2026-11-28" };

export const PRIVACY_POLICY_PATH = "/polityka-prywatnosci";
export const COOKIE_POLICY_PATH = "/polityka-cookies";

/** Where a person writes about their data. */
export const PRIVACY_EMAIL = `iod@${BRAND.slug}.pl`;

/** A row of the purposes table: what for, which data, on which legal basis. */
export interface Purpose {
  purpose: string;
  data: string;
  basis: string;
}

export const PURPOSES: readonly Purpose[] = [
  {
    purpose:
      "Odpowiedź na zapytanie z formularza kontaktowego, formularza samofinansowania lub pytania o ofertę oraz przygotowanie oferty finansowania",
    data: "Imię, nazwisko, adres e-mail, numer telefonu, treść wiadomości, wybrana oferta i parametry kalkulatora",
    basis: "Działania przed zawarciem umowy na Twoje żądanie (art. 6 ust. 1 lit. b RODO)",
  },
  {
    purpose: "Oddzwonienie na prośbę o kontakt",
    data: "Numer telefonu, oferta, przy której zostawiono prośbę",
    basis: "Działania przed zawarciem umowy na Twoje żądanie (art. 6 ust. 1 lit. b RODO)",
  },
  {
    purpose: "Kontakt marketingowy telefoniczny lub e-mailowy w sprawie ofert finansowania",
    data: "Imię, nazwisko, adres e-mail, numer telefonu",
    basis: "Twoja zgoda (art. 6 ust. 1 lit. a RODO oraz art. 398 ustawy – Prawo komunikacji elektronicznej)",
  },
  {
    purpose: "Alerty e-mail o nowych i tańszych samochodach",
    data: "Adres e-mail, kryteria alertu, daty potwierdzenia i wyłączenia alertu",
    basis: "Twoja zgoda na otrzymywanie informacji handlowych (art. 6 ust. 1 lit. a RODO)",
  },
  {
    purpose: "Konto uczestnika aukcji, udział w aukcjach i rozliczenie wygranej aukcji",
    data: "Dane firmy (NIP, nazwa, adres), adres e-mail, hasło (przechowywane wyłącznie jako skrót), imię, nazwisko, numer telefonu, złożone oferty",
    basis: "Umowa o świadczenie usług drogą elektroniczną i umowa sprzedaży (art. 6 ust. 1 lit. b RODO)",
  },
  {
    purpose: "Wystawienie faktury i przechowywanie dokumentów księgowych",
    data: "Dane firmy, cena i przedmiot sprzedaży",
    basis:
      "Obowiązek prawny (art. 6 ust. 1 lit. c RODO w związku z przepisami podatkowymi i o rachunkowości)",
  },
  {
    purpose: "Rozmowa na czacie z konsultantem i przesłanie jej zapisu",
    data: "Imię, adres e-mail, treść rozmowy i przesłane pliki",
    basis:
      "Działania przed zawarciem umowy na Twoje żądanie (art. 6 ust. 1 lit. b RODO) i nasz prawnie uzasadniony interes w obsłudze pytań klientów (art. 6 ust. 1 lit. f RODO)",
  },
  {
    purpose: "Zapisanie Twojego wyboru dotyczącego plików cookie, aby móc wykazać udzielenie zgody",
    data: "Losowy identyfikator przeglądarki, wybrane kategorie, wersja polityki, data wyboru",
    basis: "Obowiązek prawny rozliczalności (art. 6 ust. 1 lit. c w związku z art. 7 ust. 1 RODO)",
  },
  {
    purpose: "Pomiar skuteczności reklam przez znaczniki Meta i LinkedIn",
    data: "Odwiedzone strony, zdarzenia (wysłany formularz, prośba o kontakt, rejestracja konta), identyfikatory plików cookie i urządzenia",
    basis:
      "Twoja zgoda na marketingowe pliki cookie (art. 6 ust. 1 lit. a RODO oraz art. 399 ustawy – Prawo komunikacji elektronicznej)",
  },
  {
    purpose: "Bezpieczeństwo serwisu: ochrona przed nadużyciami i botami, limity zapytań, dzienniki serwera",
    data: "Adres IP, czas i adres żądania, dane przeglądarki",
    basis: "Nasz prawnie uzasadniony interes w ochronie serwisu (art. 6 ust. 1 lit. f RODO)",
  },
  {
    purpose: "Ustalenie, dochodzenie i obrona roszczeń",
    data: "Dane potrzebne do wykazania przebiegu kontaktu, aukcji lub umowy",
    basis: "Nasz prawnie uzasadniony interes (art. 6 ust. 1 lit. f RODO)",
  },
];

/** A kind of recipient, and when it receives anything. */
export interface Recipient {
  name: string;
  what: string;
}

export const RECIPIENTS: readonly Recipient[] = [
  {
    name: "Dostawcy usług informatycznych",
    what: "Hosting serwisu i bazy danych, wysyłka wiadomości e-mail, kopie zapasowe – na podstawie umów powierzenia przetwarzania danych.",
  },
  {
    name: "Meta Platforms Ireland Limited (Facebook, Instagram)",
    what: "Dane z piksela Meta – wyłącznie po Twojej zgodzie na marketingowe pliki cookie. Meta może przekazywać dane do Meta Platforms, Inc. w USA.",
  },
  {
    name: "LinkedIn Ireland Unlimited Company",
    what: "Dane ze znacznika LinkedIn Insight Tag – wyłącznie po Twojej zgodzie na marketingowe pliki cookie. LinkedIn może przekazywać dane do LinkedIn Corporation w USA.",
  },
  {
    name: "Ministerstwo Finansów",
    what: "Numer NIP podany przy rejestracji konta, aby pobrać dane firmy z wykazu podatników VAT („biała lista”).",
  },
  {
    name: "Partnerzy finansujący, biura księgowe i kancelarie prawne",
    what: "W zakresie potrzebnym do zawarcia i wykonania umowy finansowania, rozliczeń oraz obsługi prawnej.",
  },
  {
    name: "Organy publiczne",
    what: "Gdy wymagają tego przepisy prawa.",
  },
];

/**
 * The retention periods as numbers: the table below says them in words, and the retention job
 * (src/server/privacy/retention.ts) erases what is past them.
 */
export const RETENTION_PERIODS = {
  /** Lead forms and call-back requests, from the last contact about them (the lead, its notes, its state). */
  leadMonths: 12,
  /** An alert never confirmed, from its creation; a switched-off one, from switching off. */
  unconfirmedAlertDays: 30,
  deactivatedAlertDays: 30,
  /** Chats and the messages left outside the chat's hours, from the chat's end. */
  chatMonths: 12,
  /** A visitor's recorded cookie choice, from the choice. */
  cookieChoiceYears: 3,
} as const;

/** How long each kind of data is kept. */
export interface Retention {
  data: string;
  period: string;
}

export const RETENTION: readonly Retention[] = [
  {
    data: "Zapytania z formularzy i prośby o kontakt",
    period: `${RETENTION_PERIODS.leadMonths} miesięcy od ostatniego kontaktu w sprawie zapytania; jeśli zawrzemy umowę – przez czas jej trwania i do przedawnienia roszczeń`,
  },
  {
    data: "Dane przetwarzane na podstawie zgody marketingowej",
    period: "Do wycofania zgody",
  },
  {
    data: "Alerty e-mail",
    period: `Do wyłączenia alertu; alert niepotwierdzony usuwamy po ${RETENTION_PERIODS.unconfirmedAlertDays} dniach, a wyłączony – po ${RETENTION_PERIODS.deactivatedAlertDays} dniach od wyłączenia`,
  },
  {
    data: "Konto uczestnika aukcji",
    period:
      "Do usunięcia konta; oferty w zakończonych aukcjach i dokumenty sprzedaży – 5 lat od końca roku, w którym wystawiono fakturę (przepisy podatkowe i o rachunkowości)",
  },
  {
    data: "Rozmowy na czacie, ich zapisy i przesłane pliki",
    period: `${RETENTION_PERIODS.chatMonths} miesięcy od zakończenia rozmowy`,
  },
  {
    data: "Zapis wyboru dotyczącego plików cookie",
    period: `${RETENTION_PERIODS.cookieChoiceYears} lata od dokonania wyboru`,
  },
  {
    data: "Dzienniki serwera i liczniki ochrony przed nadużyciami",
    period: "Do 30 dni",
  },
  {
    data: "Pliki cookie i dane w pamięci przeglądarki",
    period: "Jak podano w polityce cookies",
  },
];

/** The person's rights (RODO arts. 15-22 and 7(3)). */
export const RIGHTS: readonly string[] = [
  "dostępu do swoich danych i otrzymania ich kopii (art. 15 RODO),",
  "sprostowania danych (art. 16 RODO),",
  "usunięcia danych (art. 17 RODO),",
  "ograniczenia przetwarzania (art. 18 RODO),",
  "przenoszenia danych, które nam podałeś, w formacie do odczytu maszynowego (art. 20 RODO),",
  "sprzeciwu wobec przetwarzania opartego na naszym prawnie uzasadnionym interesie (art. 21 RODO),",
  "wycofania zgody w każdej chwili, bez wpływu na zgodność z prawem przetwarzania przed jej wycofaniem (art. 7 ust. 3 RODO).",
];

/** The supervisory authority (art. 77 RODO). */
export const SUPERVISORY_AUTHORITY = {
  name: "Prezes Urzędu Ochrony Danych Osobowych (PUODO)",
  address: "ul. Stawki 2, 00-193 Warszawa",
  url: "https://uodo.gov.pl",
} as const;

/** Kinds of the cookie table in words. */
export const CONSENT_ITEM_KIND_NAMES = {
  cookie: "plik cookie",
  localStorage: "pamięć przeglądarki (localStorage)",
  sessionStorage: "pamięć karty (sessionStorage)",
  tag: "znacznik (skrypt dostawcy)",
} as const;
