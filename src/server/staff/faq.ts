import { asc, eq } from "drizzle-orm";
import { FAQ_SECTIONS } from "../../domain/faq";
import { slugify } from "../../domain/slug";
import { FAQ_SLUG_MAX, type FaqEntryInput } from "../../domain/staff/faq";
import type { Db } from "../db/client";
import { faqEntries } from "../db/schema/index";
import { type Actor, audit } from "./audit";
import { StaffError } from "./staff-error";

type Row = typeof faqEntries.$inferSelect;
const NOT_FOUND = "Nie ma takiego pytania.";

const audited = (r: Row) => ({
  section: r.section,
  position: r.position,
  slug: r.slug,
  question: r.question,
  answer: r.answer,
});

/** The anchor an entry gets when none is typed: its question's words, as short as an anchor may be. */
const slugOf = (question: string) => slugify(question).slice(0, FAQ_SLUG_MAX).replace(/-+$/, "");

/**
 * The questions and answers of /faq and of the electric programme page. An
 * answer's anchor is how other pages and search results link to it: it stays as it is unless the
 * editor changes it, and no two entries share one. The faq_entries table feeds the page cache's
 * change notifications.
 */
export class FaqAdmin {
  constructor(private readonly db: Db) {}

  /** Every entry in page order: sections as /faq shows them, then position. */
  async list(): Promise<Row[]> {
    const rows = await this.db
      .select()
      .from(faqEntries)
      .orderBy(asc(faqEntries.position), asc(faqEntries.id));
    const order = new Map<string, number>(FAQ_SECTIONS.map((s, i) => [s.key, i]));
    return rows.sort((a, b) => (order.get(a.section) ?? 99) - (order.get(b.section) ?? 99));
  }

  async get(id: number): Promise<Row | null> {
    const [row] = await this.db.select().from(faqEntries).where(eq(faqEntries.id, id));
    return row ?? null;
  }

  /** Adds (id null) or changes an entry; answers its id. */
  async save(id: number | null, input: FaqEntryInput, by: Actor): Promise<number> {
    return this.db.transaction(async (tx) => {
      const old =
        id === null
          ? null
          : (await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for("update"))[0];
      if (id !== null && !old) throw new StaffError(404, NOT_FOUND);
      const slug = input.Slug || old?.slug || slugOf(input.Question);
      if (!slug) throw new StaffError(400, "Podaj adres odpowiedzi (kotwicę)", "Slug");
      const [taken] = await tx.select().from(faqEntries).where(eq(faqEntries.slug, slug));
      if (taken && taken.id !== id)
        throw new StaffError(400, `Ten adres ma już pytanie „${taken.question}”. Podaj inny.`, "Slug");
      const values = {
        section: input.Section,
        question: input.Question,
        answer: input.Answer,
        slug,
        position: input.Position,
      };
      if (!old) {
        const [row] = await tx.insert(faqEntries).values(values).returning();
        await audit(tx, by, { action: "faq.add", entity: "faq", entityId: row.id, after: audited(row) });
        return row.id;
      }
      const [row] = await tx.update(faqEntries).set(values).where(eq(faqEntries.id, old.id)).returning();
      await audit(tx, by, {
        action: "faq.change",
        entity: "faq",
        entityId: row.id,
        before: audited(old),
        after: audited(row),
      });
      return row.id;
    });
  }

  async remove(id: number, by: Actor, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [old] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning();
      if (!old) throw new StaffError(404, NOT_FOUND);
      await audit(tx, by, {
        action: "faq.remove",
        entity: "faq",
        entityId: id,
        before: audited(old),
        after: { reason },
      });
    });
  }
}
