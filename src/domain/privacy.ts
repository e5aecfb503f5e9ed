import { BRAND } from "./brand";

/**
 * What the privacy policy (/polityka-prywatnosci) and the cookie policy (/polityka-cookies) take from
 * the code rather than from their texts, which the panel edits as versions (policies.ts, ADR 055): the
 * addresses, the data protection address, the retention periods the retention job applies, and the
 * names of the kinds of the cookie table (whose rows are the consent categories, consent.ts).
 */

export const PRIVACY_POLICY_PATH = "/polityka-prywatnosci";
export const COOKIE_POLICY_PATH = "/polityka-cookies";

/** Where a person writes about their data. */
export const PRIVACY_EMAIL = `iod@${BRAND.slug}.pl`;

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
  /**
   * An online leasing application that did not become a contract (refused, declined by an analyst, or
   * left waiting), with its documents and timeline, from its last step. A year lets the person ask why
   * and apply again with the answer at hand, covers a complaint about the decision, and keeps a year of
   * past applications for the rules' dry run; nothing beyond that needs a refused company's data.
   */
  leaseApplicationMonths: 12,
  /**
   * An application that became a contract is part of the financing's documentation: kept (and on an
   * erasure only anonymised) until 5 years from the end of the year of its final decision, as the tax
   * law (Ordynacja podatkowa, art. 86) and the Accounting Act (art. 74) keep the records of a sale.
   */
  leaseContractYears: 5,
} as const;

/** How long each kind of data is kept. */
export interface Retention {
  data: string;
  period: string;
}

/**
 * The data the retention job erases, with its period in words from RETENTION_PERIODS: the policy's
 * page shows this table above the retention section's text, so no edit of the text can state another
 * period than the one applied.
 */
export const RETENTION: readonly Retention[] = [
  {
    data: "Zapytania z formularzy i prośby o kontakt",
    period: `${RETENTION_PERIODS.leadMonths} miesięcy od ostatniego kontaktu w sprawie zapytania; jeśli zawrzemy umowę – przez czas jej trwania i do przedawnienia roszczeń`,
  },
  {
    data: "Alerty e-mail",
    period: `Do wyłączenia alertu; alert niepotwierdzony usuwamy po ${RETENTION_PERIODS.unconfirmedAlertDays} dniach, a wyłączony – po ${RETENTION_PERIODS.deactivatedAlertDays} dniach od wyłączenia`,
  },
  {
    data: "Rozmowy na czacie, ich zapisy i przesłane pliki",
    period: `${RETENTION_PERIODS.chatMonths} miesięcy od zakończenia rozmowy`,
  },
  {
    data: "Wnioski leasingowe złożone online i dołączone do nich dokumenty",
    period: `${RETENTION_PERIODS.leaseApplicationMonths} miesięcy od ostatniego kroku wniosku (złożenia, decyzji, dołączenia dokumentu), jeśli nie doszło do umowy; wniosek, na podstawie którego przygotowujemy umowę – ${RETENTION_PERIODS.leaseContractYears} lat od końca roku, w którym zapadła decyzja końcowa (przepisy podatkowe i o rachunkowości)`,
  },
  {
    data: "Zapis wyboru dotyczącego plików cookie",
    period: `${RETENTION_PERIODS.cookieChoiceYears} lata od dokonania wyboru`,
  },
];

/** Kinds of the cookie table in words. */
export const CONSENT_ITEM_KIND_NAMES = {
  cookie: "plik cookie",
  localStorage: "pamięć przeglądarki (localStorage)",
  sessionStorage: "pamięć karty (sessionStorage)",
  tag: "znacznik (skrypt dostawcy)",
} as const;
