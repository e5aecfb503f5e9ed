import { z } from "zod";
import { formatApiDateTime } from "../../domain/format";
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  FINANCIAL_STATEMENTS_TEXT,
  TIMELINE,
} from "../../domain/lease-application/application";
import { OUTCOME_TITLES, VERDICTS } from "../../domain/lease-application/rules";
import type { EventRow, LeaseApplications } from "./service";
import { decisionView } from "./service";

/** The preliminary decision as the applicant reads it. */
export const decisionSchema = z.object({
  Outcome: z.enum(VERDICTS),
  Title: z.string(),
  Reasons: z.array(
    z.object({ Verdict: z.enum(VERDICTS), Reason: z.string(), Change: z.string().nullable() }),
  ),
});

const apiTime = z.string().describe("YYYY-MM-DD HH:mm:SS, czas polski");

/** POST /api/LeaseApplication's answer. */
export const submittedSchema = z.object({
  ApplicationId: z.number().int(),
  /** The secret of the application's link (also mailed): whoever holds it opens the application. */
  Key: z.string(),
  Url: z.string(),
  Status: z.string(),
  Decision: decisionSchema,
  ReservedUntil: apiTime.nullable(),
  DocumentsNeeded: z.string().nullable(),
});

export const applicationViewSchema = z.object({
  ApplicationId: z.number().int(),
  CreatedAt: apiTime,
  Status: z.string(),
  StatusName: z.string(),
  Car: z.object({
    AuctionId: z.number().int().nullable(),
    MakeModel: z.string(),
    Year: z.number().int(),
    PriceNetto: z.number().int(),
  }),
  Terms: z.object({
    Product: z.enum(["leasing", "rent"]),
    Period: z.number().int(),
    OwPercent: z.number(),
    RvPercent: z.number().nullable(),
    Mileage: z.number().int().nullable(),
    AdditionalServices: z.array(z.string()),
    InstallmentPriceNetto: z.number().int(),
  }),
  Company: z.object({
    Nip: z.string(),
    CompanyName: z.string(),
    Street: z.string(),
    PostalCode: z.string(),
    City: z.string(),
    RegisteredOn: z.string().nullable(),
    LegalForm: z.string(),
    VatStatus: z.string(),
    Source: z.enum(["register", "typed"]),
  }),
  Applicant: z.object({ Name: z.string(), Surname: z.string(), Email: z.string(), PhoneNumber: z.string() }),
  Signatory: z.object({ Name: z.string(), Surname: z.string(), Position: z.string() }),
  Decision: decisionSchema,
  RuleSetVersion: z.number().int(),
  ReservedUntil: apiTime.nullable(),
  FinalDecision: z.object({ Decision: z.enum(["approved", "declined"]), Reason: z.string() }).nullable(),
  DocumentsNeeded: z.string().nullable(),
  Timeline: z.array(z.object({ Kind: z.string(), Title: z.string(), Note: z.string(), At: apiTime })),
  Documents: z.array(z.object({ Id: z.number().int(), FileName: z.string(), At: apiTime })),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** The application as the API and the applicant's page show it. */
export function applicationView(
  { row, events, documents }: Awaited<ReturnType<LeaseApplications["read"]>>,
  now: Date,
): ApplicationView {
  const reserved = row.reservedUntil && row.reservedUntil > now ? row.reservedUntil : null;
  const lastRequest = [...events].reverse().find((e) => e.kind === "documentsRequested");
  return {
    ApplicationId: row.id,
    CreatedAt: formatApiDateTime(row.createdAt),
    Status: row.status,
    StatusName: APPLICATION_STATUSES[row.status as ApplicationStatus],
    Car: row.car,
    Terms: {
      ...row.terms,
      RvPercent: row.terms.RvPercent ?? null,
      Mileage: row.terms.Mileage ?? null,
    },
    Company: row.company,
    Applicant: row.applicant,
    Signatory: row.signatory,
    Decision: decisionView({
      Outcome: row.preliminary,
      Title: OUTCOME_TITLES[row.preliminary],
      Results: row.preliminaryResults,
    }),
    RuleSetVersion: row.ruleSetVersion,
    ReservedUntil: reserved ? formatApiDateTime(reserved) : null,
    FinalDecision:
      row.finalDecision && row.finalReason ? { Decision: row.finalDecision, Reason: row.finalReason } : null,
    DocumentsNeeded: row.status === "documents" ? (lastRequest?.note ?? FINANCIAL_STATEMENTS_TEXT) : null,
    Timeline: events.map((e: EventRow) => ({
      Kind: e.kind,
      Title: TIMELINE[e.kind],
      Note: e.note,
      At: formatApiDateTime(e.at),
    })),
    Documents: documents.map((d) => ({ Id: d.id, FileName: d.fileName, At: formatApiDateTime(d.createdAt) })),
  };
}
