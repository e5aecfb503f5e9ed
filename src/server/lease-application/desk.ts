import { isDeepStrictEqual } from "node:util";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ApplicationStatus } from "../../domain/lease-application/application";
import {
  compareOutcomes,
  decide,
  describeShifts,
  type Rule,
  rulesSchema,
} from "../../domain/lease-application/rules";
import { todayInPoland } from "../../domain/polish-time";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import {
  leaseApplicationDocuments,
  leaseApplicationEvents,
  leaseApplications,
  leaseRuleSets,
} from "../db/schema/index";
import type { MailService } from "../service-types";
import { type Actor, audit } from "../staff/audit";
import { StaffError } from "../staff/staff-error";
import { applicantMail } from "./mails";
import type { LeaseApplications } from "./service";

/** The queue's tabs: waiting for someone, decided, everything. */
export const QUEUE_VIEWS = {
  open: ["review", "documents"],
  decided: ["contract", "declined", "refused"],
} as const satisfies Record<string, readonly ApplicationStatus[]>;
export type QueueView = keyof typeof QUEUE_VIEWS | "all";

/**
 * The staff's side of the leasing applications: the queue (sales read it), requests for documents
 * and the final decision (analysts), the rule sets and a dry run of a changed set over the past
 * applications. Every change is written to the audit log in its own transaction.
 */
export class LeaseApplicationDesk {
  constructor(
    private db: Db,
    private mail: MailService,
    private applications: LeaseApplications,
    private clock: Clock,
  ) {}

  async queue(view: QueueView) {
    const statuses = view === "all" ? null : QUEUE_VIEWS[view];
    return this.db
      .select({
        id: leaseApplications.id,
        createdAt: leaseApplications.createdAt,
        car: leaseApplications.car,
        company: leaseApplications.company,
        preliminary: leaseApplications.preliminary,
        status: leaseApplications.status,
      })
      .from(leaseApplications)
      .where(statuses ? inArray(leaseApplications.status, [...statuses]) : undefined)
      .orderBy(view === "open" ? leaseApplications.createdAt : desc(leaseApplications.createdAt))
      .limit(200);
  }

  private async open(id: number) {
    const [row] = await this.db.select().from(leaseApplications).where(eq(leaseApplications.id, id)).limit(1);
    if (!row) throw new StaffError(404, "Nie ma takiego wniosku.");
    if (row.status !== "review" && row.status !== "documents")
      throw new StaffError(409, "Wniosek jest już rozpatrzony.");
    return row;
  }

  /** Asks the applicant for documents: the application waits for them. */
  async requestDocuments(id: number, documents: string, by: Actor) {
    const row = await this.open(id);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.update(leaseApplications).set({ status: "documents" }).where(eq(leaseApplications.id, id));
      await tx
        .insert(leaseApplicationEvents)
        .values({ applicationId: id, kind: "documentsRequested", note: documents, by: by.name, at: now });
      await audit(tx, by, {
        action: "leaseApplication.documents",
        entity: "leaseApplication",
        entityId: id,
        before: { status: row.status },
        after: { status: "documents", documents },
      });
      await this.mail.enqueue(
        tx,
        applicantMail.documentsRequested({
          to: row.email,
          name: row.applicant.Name,
          id,
          documents,
          link: await this.applications.newLink(tx, id),
        }),
      );
    });
    this.mail.wake();
  }

  /** The final decision with its reason: approved goes on to the contract; the reservation ends if declined. */
  async decide(id: number, decision: { Decision: "approved" | "declined"; Reason: string }, by: Actor) {
    const row = await this.open(id);
    const approved = decision.Decision === "approved";
    const now = this.clock.now();
    const status: ApplicationStatus = approved ? "contract" : "declined";
    await this.db.transaction(async (tx) => {
      await tx
        .update(leaseApplications)
        .set({
          status,
          finalDecision: decision.Decision,
          finalReason: decision.Reason,
          ...(approved ? {} : { reservedUntil: null }),
        })
        .where(eq(leaseApplications.id, id));
      await tx.insert(leaseApplicationEvents).values([
        {
          applicationId: id,
          kind: "finalDecision",
          note: `${approved ? "Wniosek zaakceptowany" : "Wniosek odrzucony"}: ${decision.Reason}`,
          by: by.name,
          at: now,
        },
        ...(approved
          ? [
              {
                applicationId: id,
                kind: "contract" as const,
                note: "",
                by: by.name,
                at: new Date(now.getTime() + 1),
              },
            ]
          : []),
      ]);
      await audit(tx, by, {
        action: "leaseApplication.decide",
        entity: "leaseApplication",
        entityId: id,
        before: { status: row.status },
        after: { status, finalDecision: decision.Decision, finalReason: decision.Reason },
      });
      await this.mail.enqueue(
        tx,
        applicantMail.finalDecision({
          to: row.email,
          name: row.applicant.Name,
          id,
          approved,
          reason: decision.Reason,
          link: await this.applications.newLink(tx, id),
        }),
      );
    });
    this.mail.wake();
  }

  /** A document the applicant sent, for the analyst to open. */
  async document(applicationId: number, documentId: number) {
    const [doc] = await this.db
      .select()
      .from(leaseApplicationDocuments)
      .where(
        and(
          eq(leaseApplicationDocuments.id, documentId),
          eq(leaseApplicationDocuments.applicationId, applicationId),
        ),
      )
      .limit(1);
    return doc ?? null;
  }

  async ruleSets() {
    return this.db
      .select({
        version: leaseRuleSets.version,
        note: leaseRuleSets.note,
        createdAt: leaseRuleSets.createdAt,
        createdBy: leaseRuleSets.createdBy,
      })
      .from(leaseRuleSets)
      .orderBy(desc(leaseRuleSets.version));
  }

  /** Saves a changed set as the next version; an unchanged set is not a version. */
  async saveRules(rules: Rule[], note: string, by: Actor): Promise<number | null> {
    const valid = rulesSchema.parse(rules);
    const current = await this.applications.currentRules();
    // jsonb keeps keys in its own order: compare the values, not their text.
    if (isDeepStrictEqual(current.rules, valid)) return null;
    const version = current.version + 1;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(leaseRuleSets)
        .values({ version, rules: valid, note, createdBy: by.name, createdAt: this.clock.now() });
      await audit(tx, by, {
        action: "leaseRules.save",
        entity: "leaseRules",
        entityId: version,
        before: current.rules,
        after: valid,
      });
    });
    return version;
  }

  /**
   * Every past application replayed through `rules` on the day it was submitted, against the
   * preliminary decision it got: how many would have moved from which outcome to which.
   */
  async dryRun(rules: Rule[]) {
    const valid = rulesSchema.parse(rules);
    const past = await this.db
      .select({
        facts: leaseApplications.facts,
        createdAt: leaseApplications.createdAt,
        preliminary: leaseApplications.preliminary,
      })
      .from(leaseApplications)
      .orderBy(sql`${leaseApplications.id}`);
    const pairs = past.map((p) => ({
      before: p.preliminary,
      after: decide(valid, p.facts, todayInPoland(p.createdAt)).Outcome,
    }));
    const shifts = compareOutcomes(pairs);
    return { replayed: pairs.length, shifts, sentences: describeShifts(shifts, pairs.length) };
  }
}
