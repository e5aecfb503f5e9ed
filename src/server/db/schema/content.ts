import { integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, serialId } from "./columns";

/**
 * Questions and answers of /faq and of the electric programme page, editable without a deploy.
 * `slug` is the answer's anchor (/faq#slug); `section` is one of FAQ_SECTIONS (src/domain/faq.ts).
 */
export const faqEntries = pgTable(
  "faq_entries",
  {
    id: serialId(),
    section: text("section").notNull(),
    slug: text("slug").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("faq_entries_slug_idx").on(t.slug)],
);

/**
 * The privacy and cookie policies' texts, a row per version (migration 0042, ADR 055): the page shows
 * the newest, and every older one stays readable at its own address. `sections` holds each section's
 * text by its key (POLICIES in src/domain/policies.ts); `created_by` is the editor's name, kept as it
 * was (the audit log records the same save).
 */
export const policyVersions = pgTable(
  "policy_versions",
  {
    id: serialId(),
    policy: text("policy").notNull(),
    version: integer("version").notNull(),
    sections: jsonb("sections").$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    createdBy: text("created_by").notNull(),
  },
  (t) => [uniqueIndex("policy_versions_policy_version_idx").on(t.policy, t.version)],
);
