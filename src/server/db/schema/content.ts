import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { serialId } from "./columns";

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
