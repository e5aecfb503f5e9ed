import { z } from "zod";

/**
 * The person's rights of RODO arts. 15, 17 and 20 (ADR 052): a copy of their data to download
 * (JSON or CSV), the deletion of a bidder's account, and the same for what lead forms, alerts, chats
 * and leasing applications keep under an e-mail address, asked for through a link mailed to it.
 */

/** Error codes of these rights, numbered from 70 so they never meet another area's. */
export const PrivacyErrorCode = {
  /** 400: the account cannot be deleted now (it leads or holds a maximum in an auction not settled). */
  DeletionRefused: 70,
  /** 400: the typed confirmation is not the phrase asked for. */
  ConfirmationMismatch: 71,
  /** 400: a data link that is unknown or expired. */
  LinkInvalid: 72,
} as const;

/** How staff pages name the bidder of a deleted account's bids. */
export const DELETED_BIDDER = "konto usunięte";

/** What the person types to confirm that the account is to be deleted (beside the password). */
export const DELETE_CONFIRMATION = "USUŃ KONTO";

export const EXPORT_FORMATS = ["json", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What goes when a bidder deletes the account, as the settings page and the API's docs say it. */
export const DELETION_REMOVES: readonly string[] = [
  "dane osoby i firmy (imię, nazwisko, telefon, NIP, nazwa i adres firmy), adres e-mail i hasło,",
  "zgody i oświadczenia z historią zmian, ustawienia powiadomień i ulubione aukcje,",
  "maksymalne oferty i zapisane sesje logowania na wszystkich urządzeniach,",
  "zapytania z formularzy, alerty e-mail i rozmowy na czacie zapisane pod adresem e-mail konta,",
  "wnioski leasingowe złożone z konta lub pod jego adresem e-mail, z dołączonymi dokumentami.",
];

/**
 * What stays, and why, and for how long: the bids without the person (the site's record of a sale),
 * and the invoices, which the accounting keeps outside the site. Each its own sentence, so nobody
 * reads that an invoice is "anonymised" or that a bid keeps the company's name.
 */
export const DELETION_KEEPS: readonly string[] = [
  "Twoje oferty w aukcjach i zapis wygranych aukcji – ale bez imienia, nazwiska, adresu e-mail, telefonu i danych firmy, więc nikt nie rozpozna, że były Twoje. Zostają, bo przebieg aukcji i cena sprzedaży należą do dokumentacji sprzedaży; przechowujemy je 5 lat od końca roku, w którym wystawiono fakturę za sprzedany samochód.",
  "Faktury za wygrane aukcje, z danymi Twojej firmy. Przechowuje je nasza księgowość, nie serwis: przepisy podatkowe i ustawa o rachunkowości nakazują trzymać je 5 lat od końca roku, w którym je wystawiono. Usunięcie konta ich nie obejmuje.",
  "Wniosek leasingowy, na podstawie którego przygotowujemy umowę – ale bez imion, nazwisk, adresów e-mail i telefonów wnioskodawcy i osoby, która podpisze umowę. Dane firmy, samochód, warunki, decyzje i dokumenty finansowe zostają w dokumentacji umowy 5 lat od końca roku, w którym zapadła decyzja, jak nakazują przepisy podatkowe i ustawa o rachunkowości.",
];

/** When deletion is refused, and why: the rule the API applies (ADR 052). */
export const DELETION_RULE =
  "Konta nie można usunąć, dopóki prowadzisz w trwającej aukcji, masz w niej aktywną maksymalną ofertę albo jesteś zwycięzcą aukcji, której sprzedaż nie została jeszcze rozliczona.";

export const deleteAccountSchema = z.strictObject({
  Password: z.string().min(1, "Pole wymagane").max(200, "Pole przyjmuje maksymalnie 200 znaków"),
  Confirmation: z.string().max(50, "Pole przyjmuje maksymalnie 50 znaków"),
});

/** The request by e-mail: the address whose data the person asks about. */
export const privacyRequestSchema = z.strictObject({
  Email: z
    .string()
    .trim()
    .min(6, "Pole wymaga minimum 6 znaków")
    .max(100, "Pole przyjmuje maksymalnie 100 znaków")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, "Email jest nieprawidłowy"),
});

/** How long the mailed link works; an erasure asked for before stays in the queue. */
export const PRIVACY_LINK_DAYS = 7;
/** Links mailed to one address in a day: enough to ask again, too few to flood an inbox. */
export const PRIVACY_LINKS_PER_DAY = 3;

/**
 * The legal deadline of a request (art. 12(3) RODO: "within one month of receipt"): the same day of
 * the next month, or its last day when the next month is shorter (31 January: 28 or 29 February).
 * Computed on the calendar, at the same time of day.
 */
export function oneMonthAfter(at: Date): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** Where a person without an account asks for their data, and the mailed link's page. */
export const MY_DATA_PATH = "/moje-dane";
export const myDataLinkPath = (token: string) => `${MY_DATA_PATH}/${token}`;

/** What is kept under an address, counted on the link's page and in the staff's queue. */
export interface EmailDataCounts {
  Leads: number;
  Alerts: number;
  Chats: number;
  ChatTickets: number;
  LeaseApplications: number;
}

/** The request's state as the link's page and the panel show it. */
export type ErasureState = "none" | "waiting" | "completed";

const time = z.string().describe("YYYY-MM-DD HH:mm:SS, czas polski");
const vehicle = z.string().describe("Marka, model i wersja pojazdu");

const alertSchema = z.object({
  CreatedAt: time,
  Status: z.string(),
  IsCompany: z.boolean(),
  Financing: z.number(),
  PriceFrom: z.number(),
  PriceTo: z.number(),
  BodyTypes: z.array(z.string()),
  FuelTypes: z.array(z.string()),
  GearboxTypes: z.array(z.string()),
  Makes: z.array(z.string()),
  RulesAcceptedAt: time,
  MarketingAcceptedAt: time,
  ActivatedAt: time.nullable(),
  DeactivatedAt: time.nullable(),
});

const leadSchema = z.object({
  Kind: z.string(),
  CreatedAt: time,
  AuctionId: z.number().nullable(),
  Name: z.string().nullable(),
  Surname: z.string().nullable(),
  Email: z.string().nullable(),
  PhoneNumber: z.string(),
  MessageBody: z.string().nullable(),
  Details: z
    .record(z.string(), z.unknown())
    .describe("Pozostałe pola formularza (samochód, kalkulator, zgody)"),
  Notes: z.array(z.object({ CreatedAt: time, Text: z.string() })),
});

const chatSchema = z.object({
  StartedAt: time,
  EndedAt: time.nullable(),
  Name: z.string(),
  Email: z.string().nullable(),
  Topic: z.string(),
  Rating: z.number().nullable(),
  RatingComment: z.string().nullable(),
  Messages: z.array(
    z.object({
      At: time,
      Author: z.string().describe("klient, konsultant albo system"),
      Text: z.string(),
      FileName: z.string().nullable(),
    }),
  ),
});

const ticketSchema = z.object({ CreatedAt: time, Name: z.string(), Email: z.string(), Message: z.string() });

const fields = (what: string) => z.record(z.string(), z.unknown()).describe(what);

/** An online leasing application: what was applied for, by whom, the decisions, the steps and the files. */
const leaseApplicationSchema = z.object({
  ApplicationId: z.number(),
  SubmittedAt: time,
  Status: z.string().describe("Stan wniosku słowami"),
  Car: fields("Samochód: marka i model, rok, cena netto, numer oferty"),
  Terms: fields("Warunki: forma finansowania, okres, wpłata, wykup lub limit kilometrów, rata"),
  Company: fields("Firma: NIP, nazwa, adres, status VAT, data rejestracji, forma prawna, źródło danych"),
  Applicant: fields("Wnioskodawca: imię, nazwisko, e-mail, telefon"),
  Signatory: fields("Osoba, która podpisze umowę: imię, nazwisko, funkcja"),
  Statements: z.record(z.string(), z.boolean()).describe("Oświadczenia i zgody z wniosku"),
  PreliminaryDecision: z.object({ Title: z.string(), Reasons: z.array(z.string()) }),
  FinalDecision: z.string().nullable(),
  FinalReason: z.string().nullable(),
  ReservedUntil: time.nullable(),
  Ip: z.string().nullable().describe("Adres IP, z którego złożono wniosek"),
  Timeline: z.array(z.object({ At: time, Step: z.string(), Note: z.string() })),
  Documents: z.array(
    z.object({
      FileName: z.string(),
      ContentType: z.string(),
      AddedAt: time,
      Bytes: z.number(),
      ContentBase64: z.string().describe("Treść pliku (w pliku CSV tylko wzmianka: pobierz kopię JSON)"),
    }),
  ),
});

/** What is kept under an e-mail address without an account: lead forms, alerts, chats. */
export const emailDataSchema = z.object({
  Email: z.string(),
  GeneratedAt: time,
  Leads: z.array(leadSchema),
  Alerts: z.array(alertSchema),
  Chats: z.array(chatSchema),
  ChatTickets: z.array(ticketSchema),
  LeaseApplications: z.array(leaseApplicationSchema),
});
export type EmailData = z.infer<typeof emailDataSchema>;

/** GET /api/Account/Export?format=json: everything kept about the signed-in bidder. */
export const accountExportSchema = emailDataSchema.extend({
  Account: z.object({
    Email: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    PhoneNumber: z.string(),
    Status: z.string(),
    CreatedAt: time,
    AcceptedRulesVersion: z.number().nullable(),
  }),
  Company: z.object({
    Nip: z.string(),
    CompanyName: z.string(),
    Regon: z.string(),
    Street: z.string(),
    PostalCode: z.string(),
    City: z.string(),
  }),
  Settings: z.object({
    MarketingEmail: z.boolean(),
    MarketingPhone: z.boolean(),
    StatementAcceptedAt: time.nullable(),
    PasswordChangedAt: time.nullable(),
    Notifications: z.record(z.string(), z.boolean()),
  }),
  Consents: z.array(
    z.object({
      Kind: z.string(),
      Name: z.string(),
      Granted: z.boolean(),
      Version: z.number(),
      RecordedAt: time,
      Ip: z.string().nullable().describe("Adres IP, z którego złożono zgodę"),
    }),
  ),
  Sessions: z.array(
    z.object({ CreatedAt: time, LastUsedAt: time, EndedAt: time.nullable(), Device: z.string().nullable() }),
  ),
  Favourites: z.array(z.object({ AuctionId: z.number(), Vehicle: vehicle, AddedAt: time })),
  Bids: z.array(z.object({ AuctionId: z.number(), Vehicle: vehicle, Price: z.number(), PlacedAt: time })),
  MaximumOffers: z.array(
    z.object({
      AuctionId: z.number(),
      Vehicle: vehicle,
      MaxPrice: z.number(),
      SetAt: time,
      ExceededAt: time.nullable(),
    }),
  ),
  WonAuctions: z.array(
    z.object({
      AuctionId: z.number(),
      Vehicle: vehicle,
      FinalPrice: z.number().nullable(),
      EndedAt: time,
      Outcome: z.string(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The names of the consents a bidder gives, as the export writes them. */
export const CONSENT_KIND_NAMES: Record<string, string> = {
  "site-rules": "Akceptacja regulaminu serwisu",
  "auction-rules": "Akceptacja regulaminu aukcji",
  "marketing-email": "Zgoda na kontakt marketingowy e-mailem",
  "marketing-phone": "Zgoda na kontakt marketingowy telefoniczny",
  statement: "Oświadczenie przedsiębiorcy",
};

/** The sections of the CSV, in Polish, in the order of the JSON. */
export const EXPORT_SECTION_NAMES: Record<string, string> = {
  Account: "Konto",
  Company: "Firma",
  Settings: "Ustawienia",
  Consents: "Zgody i oświadczenia",
  Sessions: "Sesje logowania",
  Favourites: "Ulubione aukcje",
  Bids: "Oferty w aukcjach",
  MaximumOffers: "Maksymalne oferty",
  WonAuctions: "Wygrane aukcje",
  Leads: "Zapytania z formularzy",
  Alerts: "Alerty e-mail",
  Chats: "Rozmowy na czacie",
  ChatTickets: "Wiadomości zostawione poza godzinami czatu",
  LeaseApplications: "Wnioski leasingowe",
};

/**
 * The fields of the copy as the CSV names them, in Polish: every field the JSON's schemas have, the
 * notification settings and the leasing application's parts. A key not listed (one of a lead form's
 * own extra fields) keeps its name rather than be dropped.
 */
export const EXPORT_FIELD_NAMES: Record<string, string> = {
  // Account, company, settings
  Email: "E-mail",
  FirstName: "Imię",
  LastName: "Nazwisko",
  PhoneNumber: "Telefon",
  Status: "Stan",
  CreatedAt: "Utworzono",
  AcceptedRulesVersion: "Zaakceptowana wersja regulaminu aukcji",
  Nip: "NIP",
  CompanyName: "Nazwa firmy",
  Regon: "REGON",
  Street: "Ulica",
  PostalCode: "Kod pocztowy",
  City: "Miejscowość",
  MarketingEmail: "Zgoda na kontakt marketingowy e-mailem",
  MarketingPhone: "Zgoda na kontakt marketingowy telefoniczny",
  StatementAcceptedAt: "Oświadczenie przedsiębiorcy złożono",
  PasswordChangedAt: "Hasło zmieniono",
  Notifications: "Powiadomienia e-mail",
  AuctionStart: "Początek obserwowanej aukcji",
  Outbid: "Przebicie mojej oferty",
  AuctionWon: "Wygrana aukcja",
  NewAuctions: "Nowe aukcje (co tydzień)",
  // Consents, sessions, auctions
  Kind: "Rodzaj",
  Name: "Imię lub nazwa",
  Granted: "Udzielona",
  Version: "Wersja",
  RecordedAt: "Zapisano",
  Ip: "Adres IP",
  LastUsedAt: "Ostatnio użyto",
  EndedAt: "Zakończono",
  Device: "Urządzenie",
  AuctionId: "Numer aukcji",
  Vehicle: "Pojazd",
  AddedAt: "Dodano",
  Price: "Kwota (zł)",
  PlacedAt: "Złożono",
  MaxPrice: "Kwota maksymalna (zł)",
  SetAt: "Ustawiono",
  ExceededAt: "Przekroczono",
  FinalPrice: "Cena końcowa (zł)",
  Outcome: "Wynik",
  // Leads, alerts, chats
  Surname: "Nazwisko",
  MessageBody: "Treść wiadomości",
  Details: "Szczegóły formularza",
  Notes: "Notatki",
  Text: "Treść",
  IsCompany: "Na firmę",
  Financing: "Sposób finansowania",
  PriceFrom: "Cena lub rata od (zł)",
  PriceTo: "Cena lub rata do (zł)",
  BodyTypes: "Typy nadwozia",
  FuelTypes: "Rodzaje paliwa",
  GearboxTypes: "Skrzynie biegów",
  Makes: "Marki",
  RulesAcceptedAt: "Regulamin zaakceptowano",
  MarketingAcceptedAt: "Zgodę marketingową wyrażono",
  ActivatedAt: "Potwierdzono",
  DeactivatedAt: "Wyłączono",
  StartedAt: "Rozpoczęto",
  Topic: "Temat",
  Rating: "Ocena",
  RatingComment: "Komentarz do oceny",
  Messages: "Wiadomości",
  At: "Czas",
  Author: "Autor",
  FileName: "Nazwa pliku",
  Message: "Wiadomość",
  // Leasing applications
  ApplicationId: "Numer wniosku",
  SubmittedAt: "Złożono",
  Car: "Samochód",
  MakeModel: "Marka i model",
  Year: "Rok produkcji",
  PriceNetto: "Cena netto (zł)",
  Terms: "Warunki",
  Product: "Forma finansowania",
  Period: "Okres (miesiące)",
  OwPercent: "Wpłata własna (%)",
  RvPercent: "Wartość wykupu (%)",
  Mileage: "Roczny limit kilometrów",
  InstallmentPriceNetto: "Rata netto (zł/mies.)",
  AdditionalServices: "Usługi dodatkowe",
  Company: "Firma",
  VatStatus: "Status VAT",
  RegisteredOn: "Data rejestracji",
  LegalForm: "Forma prawna",
  Source: "Źródło danych",
  Applicant: "Wnioskodawca",
  Signatory: "Osoba podpisująca umowę",
  Statements: "Oświadczenia i zgody",
  PreliminaryDecision: "Wstępna decyzja",
  Title: "Tytuł",
  Reasons: "Powody",
  FinalDecision: "Decyzja końcowa",
  FinalReason: "Uzasadnienie decyzji",
  ReservedUntil: "Rezerwacja do",
  Timeline: "Przebieg",
  Step: "Krok",
  Note: "Uwagi",
  Documents: "Dokumenty",
  ContentType: "Rodzaj pliku",
  Bytes: "Rozmiar (bajty)",
  ContentBase64: "Treść pliku",
};
