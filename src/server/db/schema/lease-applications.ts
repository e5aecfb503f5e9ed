import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type {
  ApplicationCar,
  ApplicationCompany,
  ApplicationPerson,
  ApplicationSignatory,
  ApplicationStatements,
  ApplicationStatus,
  ApplicationTerms,
  TimelineKind,
} from "../../../domain/lease-application/application";
import type { ApplicationFacts, Rule, RuleResult, Verdict } from "../../../domain/lease-application/rules";
import { at, belongsTo, createdAt, looseRef, serialId } from "./columns";
import { bytea, offers, users } from "./core";

/**
 * The preliminary decision's rules as versions: staff save a changed set as the next version, the
 * newest decides, and every application keeps the version that decided it (ADR 057).
 */
export const leaseRuleSets = pgTable(
  "lease_rule_sets",
  {
    id: serialId(),
    version: integer("version").notNull(),
    rules: jsonb("rules").$type<Rule[]>().notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    createdBy: text("created_by").notNull(),
  },
  (t) => [uniqueIndex("lease_rule_sets_version_idx").on(t.version)],
);

/**
 * An online leasing application: what was applied for, the company and people, the facts the rules
 * read and the preliminary decision, then the analyst's final decision. A visitor's application is
 * opened with the secret link mailed to them (only its hash is here); a bidder's is on their account.
 */
export const leaseApplications = pgTable(
  "lease_applications",
  {
    id: serialId(),
    /** The hashes of the secret links mailed to the applicant (each e-mail of a step carries a new one). */
    accessTokenHashes: jsonb("access_token_hashes").$type<string[]>().notNull(),
    userId: looseRef("user_id", () => users.id),
    offerId: looseRef("offer_id", () => offers.id),
    email: text("email").notNull(),
    car: jsonb("car").$type<ApplicationCar>().notNull(),
    terms: jsonb("terms").$type<ApplicationTerms>().notNull(),
    company: jsonb("company").$type<ApplicationCompany>().notNull(),
    applicant: jsonb("applicant").$type<ApplicationPerson>().notNull(),
    signatory: jsonb("signatory").$type<ApplicationSignatory>().notNull(),
    statements: jsonb("statements").$type<ApplicationStatements>().notNull(),
    facts: jsonb("facts").$type<ApplicationFacts>().notNull(),
    ruleSetVersion: integer("rule_set_version").notNull(),
    preliminary: text("preliminary").$type<Verdict>().notNull(),
    preliminaryResults: jsonb("preliminary_results").$type<RuleResult[]>().notNull(),
    /** review → (documents) → contract | declined; refused by the preliminary decision (APPLICATION_STATUSES). */
    status: text("status").$type<ApplicationStatus>().notNull(),
    finalDecision: text("final_decision").$type<"approved" | "declined">(),
    finalReason: text("final_reason"),
    /** The car is kept for the applicant until then after a positive preliminary decision. */
    reservedUntil: at("reserved_until"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lease_applications_user_idx").on(t.userId),
    index("lease_applications_offer_idx").on(t.offerId, t.reservedUntil),
    index("lease_applications_status_idx").on(t.status, t.createdAt),
  ],
);

/** The application's timeline: each step with its time, who took it and the note the applicant reads. */
export const leaseApplicationEvents = pgTable(
  "lease_application_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: belongsTo("application_id", () => leaseApplications.id),
    kind: text("kind").$type<TimelineKind>().notNull(),
    note: text("note").notNull().default(""),
    by: text("by"),
    at: createdAt(),
  },
  (t) => [index("lease_application_events_app_idx").on(t.applicationId, t.at)],
);

/** Documents the applicant sent (financial statements and what the analyst asked for). */
export const leaseApplicationDocuments = pgTable(
  "lease_application_documents",
  {
    id: serialId(),
    applicationId: belongsTo("application_id", () => leaseApplications.id),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lease_application_documents_app_idx").on(t.applicationId)],
);
