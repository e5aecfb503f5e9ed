import { eq } from "drizzle-orm";
import { LITERAL_DEFAULTS } from "../../domain/literals";
import type { Database } from "../db/client";
import { banners, documents, faqEntries, literals } from "../db/schema/index";
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

  const [slide] = await db
    .select({ id: banners.id })
    .from(banners)
    .where(eq(banners.placement, "electric-slider"))
    .limit(1);
  if (!slide)
    await db
      .insert(banners)
      .values(
        ELECTRIC_SLIDES.map((s, position) => ({ ...s, placement: "electric-slider" as const, position })),
      );

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

/** The /moj-elektryk slider as first published (spec section 9: 70 / 27 thousand zł). */
const ELECTRIC_SLIDES = [
  {
    title: "Do 27 tys. zł dopłaty do samochodu osobowego",
    subtitle:
      "Program „Mój elektryk”: 18 750 zł dopłaty, a 27 000 zł przy przebiegu co najmniej 15 000 km rocznie.",
    buttonText: "Oblicz swoją dopłatę",
    redirectTo: "/moj-elektryk#kalkulator",
    alt: "Samochód osobowy z dopłatą",
  },
  {
    title: "Do 70 tys. zł dopłaty do samochodu dostawczego",
    subtitle: "Dla pojazdów N1: do 30% kosztów kwalifikowanych przy przebiegu co najmniej 20 000 km rocznie.",
    buttonText: "Zobacz warunki",
    redirectTo: "/moj-elektryk#o-programie",
    alt: "Elektryczny samochód dostawczy",
  },
  {
    title: "Elektryk w leasingu lub najmie – dopłata w racie",
    subtitle: "Wybierz nowy samochód elektryczny z naszej oferty, a wniosek o dopłatę złożymy razem z Tobą.",
    buttonText: "Przeglądaj samochody elektryczne",
    redirectTo: "/samochody-elektryczne",
    alt: "Samochody elektryczne w ofercie",
  },
];
