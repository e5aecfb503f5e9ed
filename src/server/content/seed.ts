import { LITERAL_DEFAULTS } from "../../domain/literals";
import type { Database } from "../db/client";
import { documents, faqEntries, literals } from "../db/schema/index";
import { DOCUMENT_SOURCES } from "./document-texts";
import { FAQ_CONTENT } from "./faq-content";
import { renderPdf } from "./pdf";

/**
 * Writes the first edition of the site's content: literals, FAQ and the PDF documents rendered from
 * our own texts. Idempotent: rows that already exist (edited by the company) are left as they are.
 */
export async function seedContent(database: Database): Promise<void> {
  const { db } = database;
  await db
    .insert(literals)
    .values(Object.entries(LITERAL_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(faqEntries)
    .values(FAQ_CONTENT.map((e, i) => ({ ...e, position: i })))
    .onConflictDoNothing();

  const existing = await db.select({ kind: documents.kind, version: documents.version }).from(documents);
  const have = new Set(existing.map((r) => `${r.kind}@${r.version}`));
  for (const source of DOCUMENT_SOURCES) {
    if (have.has(`${source.kind}@${source.version}`)) continue;
    const data = await renderPdf(source.content);
    await db
      .insert(documents)
      .values({
        kind: source.kind,
        name: source.name,
        version: source.version,
        effectiveFrom: source.effectiveFrom,
        contentType: "application/pdf",
        data,
      })
      .onConflictDoNothing();
  }
}
