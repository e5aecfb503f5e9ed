import { z } from "zod";
import {
  CONSENT_MESSAGE,
  emailField,
  maxMessage,
  minMessage,
  nipField,
  phoneField,
  postalCodeField,
  REQUIRED,
  requiredText,
} from "../account";
import { formatPrice } from "../format";
import { LEGAL_FORMS, type LegalForm, type VatStatus } from "./rules";

/**
 * The online leasing application as the person fills it in and the API takes it: the car and the
 * terms (carried over from an offer or the calculator, editable), the company by NIP, the applicant
 * and the person who will sign, the statements and consents. One schema for the page's form and the
 * API (POST /api/LeaseApplication); the server fills the company from the VAT register when it answers.
 */

export const PRODUCTS = { leasing: "leasing", rent: "najem długoterminowy" } as const;

/** Above this financed amount (netto) the application needs the company's financial statements. */
export const FINANCIAL_STATEMENTS_ABOVE_NETTO = 300_000;
export const FINANCIAL_STATEMENTS_TEXT = `Przy kwocie finansowania powyżej ${formatPrice(FINANCIAL_STATEMENTS_ABOVE_NETTO)} netto dołącz sprawozdanie finansowe za ostatni rok`;

/** How long a positive preliminary decision keeps the car for the applicant. */
export const RESERVATION_HOURS = 48;

/** Applications one e-mail address or account may submit in a day (beside the per-address limit). */
export const APPLICATIONS_PER_EMAIL_PER_DAY = 3;

const NAME = /^[\p{L}]+(?:[- '][\p{L}]+)*$/u;
const personName = (min: number, max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .min(min, minMessage(min))
    .max(max, maxMessage(max))
    .regex(NAME, "Pole może zawierać tylko litery i myślnik");

const number = (min: number, max: number, message: string) =>
  z.coerce.number({ error: REQUIRED }).refine((v) => Number.isFinite(v) && v >= min && v <= max, message);

const isoDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Podaj datę w postaci rrrr-mm-dd")
  .optional()
  .default("");

export const carSchema = z.object({
  MakeModel: requiredText(120),
  Year: number(1990, 2100, "Podaj rok produkcji, np. 2023").pipe(
    z.number().int("Podaj rok produkcji, np. 2023"),
  ),
  PriceNetto: number(1, 20_000_000, "Podaj cenę netto w złotych").pipe(z.number().int()),
});

export const termsSchema = z.object({
  Product: z.enum(["leasing", "rent"], { error: REQUIRED }),
  Period: number(1, 120, "Wybierz okres umowy").pipe(z.number().int()),
  OwPercent: number(0, 100, "Wpłata własna musi mieścić się w zakresie 0–100%"),
  RvPercent: number(0, 100, "Wartość wykupu musi mieścić się w zakresie 0–100%").optional(),
  Mileage: number(0, 200_000, "Wybierz roczny limit kilometrów").pipe(z.number().int()).optional(),
  AdditionalServices: z.array(z.string().max(50)).max(20).optional().default([]),
});

export const companySchema = z.object({
  Nip: nipField,
  CompanyName: requiredText(200).pipe(z.string().min(2, minMessage(2))),
  Street: requiredText(100),
  PostalCode: postalCodeField,
  City: requiredText(60),
  /** Typed in when the register does not answer: the day the business started. */
  RegisteredOn: isoDate,
  LegalForm: z.enum(LEGAL_FORMS).optional(),
});

export const personSchema = z.object({
  Name: personName(2, 30),
  Surname: personName(2, 50),
  Email: emailField,
  PhoneNumber: phoneField,
});

export const signatorySchema = z.object({
  Name: personName(2, 30),
  Surname: personName(2, 50),
  /** The signatory's role in the company: "Prezes zarządu", "Właściciel", "Prokurent". */
  Position: requiredText(60),
});

const consent = z.literal(true, { error: CONSENT_MESSAGE });

/** The statements and consents, in the spec's style: each required one is a tick the person gives. */
export const statementsSchema = z.object({
  /** The site's terms. */
  TermsConsent: consent,
  /** Processing of the data to assess the application, checking the company in public registers. */
  AssessmentConsent: consent,
  /** The data are true and the person may act for the company. */
  TruthStatement: consent,
  /** Optional: offers by phone or e-mail. */
  MarketingConsent: z.boolean().optional().default(false),
});

/** The statements' texts as the form shows them (and the PDF summary repeats them). */
export const STATEMENT_TEXTS: Record<keyof z.output<typeof statementsSchema>, string> = {
  TermsConsent: "Akceptuję regulamin serwisu.",
  AssessmentConsent:
    "Zgadzam się na przetwarzanie moich danych i danych firmy w celu oceny wniosku leasingowego, w tym na sprawdzenie firmy w wykazie podatników VAT i innych rejestrach publicznych.",
  TruthStatement:
    "Oświadczam, że dane we wniosku są prawdziwe i że mogę działać w imieniu firmy albo działam za wiedzą osoby, która podpisze umowę.",
  MarketingConsent: "Zgadzam się na kontakt telefoniczny lub e-mailowy w sprawie ofert finansowania.",
};

/** POST /api/LeaseApplication: with AuctionId the car is the offer's; without it, Car is required. */
export const applicationSchema = z
  .object({
    AuctionId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    Car: carSchema.optional(),
    Terms: termsSchema,
    Company: companySchema,
    Applicant: personSchema,
    Signatory: signatorySchema,
    Statements: statementsSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.AuctionId && !v.Car) ctx.addIssue({ code: "custom", path: ["Car"], message: REQUIRED });
  });
export type ApplicationInput = z.output<typeof applicationSchema>;

export type ApplicationCar = z.output<typeof carSchema> & { AuctionId: number | null };
export type ApplicationTerms = z.output<typeof termsSchema> & { InstallmentPriceNetto: number };
export type ApplicationCompany = Omit<z.output<typeof companySchema>, "LegalForm" | "RegisteredOn"> & {
  RegisteredOn: string | null;
  LegalForm: LegalForm;
  VatStatus: VatStatus;
  /** register: the VAT register answered; typed: it did not, the person typed the data in. */
  Source: "register" | "typed";
};
export type ApplicationPerson = z.output<typeof personSchema>;
export type ApplicationSignatory = z.output<typeof signatorySchema>;
export type ApplicationStatements = z.output<typeof statementsSchema>;

/** The steps of an application's timeline, as the applicant reads them. */
export const TIMELINE = {
  submitted: "Wniosek złożony",
  preliminary: "Wstępna decyzja",
  documentsRequested: "Prośba o dokumenty",
  documentAdded: "Dokument dołączony",
  finalDecision: "Decyzja końcowa",
  contract: "Przygotowujemy umowę",
} as const;
export type TimelineKind = keyof typeof TIMELINE;

/** Where the application stands, for the applicant and the panel's queue. */
export const APPLICATION_STATUSES = {
  review: "czeka na decyzję analityka",
  documents: "czeka na dokumenty",
  contract: "przygotowujemy umowę",
  declined: "odrzucony przez analityka",
  refused: "odmowa we wstępnej decyzji",
} as const;
export type ApplicationStatus = keyof typeof APPLICATION_STATUSES;

/** The analyst's final decision. */
export const finalDecisionSchema = z.object({
  Decision: z.enum(["approved", "declined"], { error: "Wybierz decyzję" }),
  Reason: requiredText(1000),
});

/** The analyst's request for documents. */
export const documentRequestSchema = z.object({
  Documents: requiredText(1000),
});
