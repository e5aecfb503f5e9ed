import type { ApplicationStatus } from "../../src/domain/lease-application/application";
import type { Db } from "../../src/server/db/client";
import {
  leaseApplicationDocuments,
  leaseApplicationEvents,
  leaseApplications,
} from "../../src/server/db/schema/index";

/**
 * A leasing application written straight into the database (the privacy tests need its rows, not the
 * VAT register or the rules): its timeline's first steps and, with `document`, a PDF the person sent.
 */
export async function insertLeaseApplication(
  db: Db,
  opts: {
    email: string;
    userId?: number | null;
    status?: ApplicationStatus;
    createdAt?: Date;
    /** The latest step's time (a decision, a document), when later than the submission. */
    lastStepAt?: Date;
    document?: string;
    car?: string;
  },
): Promise<number> {
  const createdAt = opts.createdAt ?? new Date();
  const status = opts.status ?? "review";
  const [row] = await db
    .insert(leaseApplications)
    .values({
      accessTokenHashes: [`hash-${Math.random()}`],
      userId: opts.userId ?? null,
      offerId: null,
      email: opts.email,
      car: { AuctionId: null, MakeModel: opts.car ?? "Škoda Superb", Year: 2024, PriceNetto: 150_000 },
      terms: {
        Product: "leasing",
        Period: 36,
        OwPercent: 10,
        RvPercent: 20,
        AdditionalServices: [],
        InstallmentPriceNetto: 3_100,
      },
      company: {
        Nip: "1234563218",
        CompanyName: "Transport Kowalska",
        Street: "ul. Piotrkowska 100",
        PostalCode: "90-004",
        City: "Łódź",
        RegisteredOn: "2015-03-10",
        LegalForm: "jdg",
        VatStatus: "active",
        Source: "register",
      },
      applicant: { Name: "Ewa", Surname: "Kowalska", Email: opts.email, PhoneNumber: "600700805" },
      signatory: { Name: "Ewa", Surname: "Kowalska", Position: "Właścicielka" },
      statements: {
        TermsConsent: true,
        AssessmentConsent: true,
        TruthStatement: true,
        MarketingConsent: false,
      },
      facts: {
        VatStatus: "active",
        RegisteredOn: "2015-03-10",
        LegalForm: "jdg",
        PriceNetto: 150_000,
        DownPaymentPercent: 10,
        CarYear: 2024,
        TermMonths: 36,
      },
      ruleSetVersion: 1,
      preliminary: status === "refused" ? "refuse" : "accept",
      preliminaryResults: [],
      status,
      finalDecision: status === "contract" ? "approved" : status === "declined" ? "declined" : null,
      finalReason: status === "contract" || status === "declined" ? "Decyzja analityka." : null,
      ip: "203.0.113.7",
      createdAt,
    })
    .returning({ id: leaseApplications.id });
  await db
    .insert(leaseApplicationEvents)
    .values([
      { applicationId: row.id, kind: "submitted", note: "", at: createdAt },
      { applicationId: row.id, kind: "preliminary", note: "", at: new Date(createdAt.getTime() + 1) },
      ...(opts.lastStepAt
        ? [{ applicationId: row.id, kind: "finalDecision" as const, note: "", at: opts.lastStepAt }]
        : []),
    ]);
  if (opts.document)
    await db.insert(leaseApplicationDocuments).values({
      applicationId: row.id,
      fileName: opts.document,
      contentType: "application/pdf",
      data: Buffer.from(`%PDF-1.4 ${opts.document}`),
      createdAt,
    });
  return row.id;
}
