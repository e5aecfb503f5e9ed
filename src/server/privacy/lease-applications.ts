import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { formatApiDateTime } from "../../domain/format";
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  TIMELINE,
} from "../../domain/lease-application/application";
import { applicantReasons, OUTCOME_TITLES } from "../../domain/lease-application/rules";
import type { EmailData } from "../../domain/privacy-rights";
import type { Db, Tx } from "../db/client";
import { leaseApplicationDocuments, leaseApplicationEvents, leaseApplications } from "../db/schema/index";

/**
 * Online leasing applications among a person's data (RODO arts. 15, 17, 20; ADR 052): found by the
 * applicant's e-mail address and, for a bidder, by the account they were sent from (the applicant's
 * address typed in the form may differ from the account's).
 */

/** The applications of an address, or of an address and an account. */
export interface ApplicationOwner {
  email: string;
  userId?: number;
}

const ownedBy = ({ email, userId }: ApplicationOwner): SQL => {
  const byEmail = sql`lower(${leaseApplications.email}) = lower(${email})`;
  return userId ? (or(byEmail, eq(leaseApplications.userId, userId)) as SQL) : byEmail;
};

const at = (d: Date) => formatApiDateTime(d);

/**
 * Each application with its timeline and the files the person sent (their content too: the copy is
 * of what they gave). The timeline's steps leave out who took them (staff members' names).
 */
export async function leaseApplicationsOf(
  db: Db | Tx,
  owner: ApplicationOwner,
): Promise<EmailData["LeaseApplications"]> {
  const rows = await db
    .select()
    .from(leaseApplications)
    .where(ownedBy(owner))
    .orderBy(asc(leaseApplications.createdAt), asc(leaseApplications.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [events, documents] = await Promise.all([
    db
      .select()
      .from(leaseApplicationEvents)
      .where(inArray(leaseApplicationEvents.applicationId, ids))
      .orderBy(asc(leaseApplicationEvents.at), asc(leaseApplicationEvents.id)),
    db
      .select()
      .from(leaseApplicationDocuments)
      .where(inArray(leaseApplicationDocuments.applicationId, ids))
      .orderBy(asc(leaseApplicationDocuments.id)),
  ]);
  return rows.map((r) => ({
    ApplicationId: r.id,
    SubmittedAt: at(r.createdAt),
    Status: APPLICATION_STATUSES[r.status as ApplicationStatus],
    Car: r.car,
    Terms: r.terms,
    Company: r.company,
    Applicant: r.applicant,
    Signatory: r.signatory,
    Statements: r.statements,
    PreliminaryDecision: {
      Title: OUTCOME_TITLES[r.preliminary],
      Reasons: applicantReasons({
        Outcome: r.preliminary,
        Title: OUTCOME_TITLES[r.preliminary],
        Results: r.preliminaryResults,
      }).map((x) => (x.Change ? `${x.Reason} (${x.Change})` : x.Reason)),
    },
    FinalDecision: r.finalDecision ? (r.finalDecision === "approved" ? "zaakceptowany" : "odrzucony") : null,
    FinalReason: r.finalReason,
    ReservedUntil: r.reservedUntil ? at(r.reservedUntil) : null,
    Ip: r.ip,
    Timeline: events
      .filter((e) => e.applicationId === r.id)
      .map((e) => ({ At: at(e.at), Step: TIMELINE[e.kind], Note: e.note })),
    Documents: documents
      .filter((d) => d.applicationId === r.id)
      .map((d) => ({
        FileName: d.fileName,
        ContentType: d.contentType,
        AddedAt: at(d.createdAt),
        Bytes: d.data.length,
        ContentBase64: Buffer.from(d.data).toString("base64"),
      })),
  }));
}

/** What an erasure did to the applications: deleted, or kept anonymised for a contract. */
export interface ApplicationsErased {
  erased: number;
  anonymised: number;
}

/**
 * Erases a person's applications in the caller's transaction (an account's deletion, a completed
 * erasure request): each is deleted with its timeline and documents, except one that became a contract
 * ("contract": approved, the contract being prepared). That one is the financing's documentation, which
 * the tax law and the Accounting Act make us keep (5 years from the end of the year, art. 17(3)(b)
 * RODO): it stays with the company, the car, the terms, the decisions, the timeline and the company's
 * financial documents, but without the people — the applicant's and the signatory's names, e-mail and
 * phone, the address it was sent from, the links and the account — whom the contract itself names.
 */
export async function eraseLeaseApplications(tx: Tx, owner: ApplicationOwner): Promise<ApplicationsErased> {
  const rows = await tx
    .select({ id: leaseApplications.id, status: leaseApplications.status })
    .from(leaseApplications)
    .where(ownedBy(owner));
  const kept = rows.filter((r) => r.status === "contract").map((r) => r.id);
  const gone = rows.filter((r) => r.status !== "contract").map((r) => r.id);
  // Timeline and documents go with the row (their foreign keys cascade).
  if (gone.length) await tx.delete(leaseApplications).where(inArray(leaseApplications.id, gone));
  if (kept.length)
    await tx
      .update(leaseApplications)
      .set({
        email: "",
        userId: null,
        ip: null,
        accessTokenHashes: [],
        reservedUntil: null,
        applicant: { Name: "", Surname: "", Email: "", PhoneNumber: "" },
        signatory: { Name: "", Surname: "", Position: "" },
      })
      .where(inArray(leaseApplications.id, kept));
  return { erased: gone.length, anonymised: kept.length };
}
