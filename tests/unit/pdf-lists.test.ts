import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { expect, it } from "vitest";
import { renderPdf } from "../../src/server/content/pdf";

// A list running over several pages (an auction's equipment, a document's rules): each item starts on
// the page its bullet is on, so no page ends with a bullet whose text went on to the next.
it("keeps each list item's bullet and its text on the same page", async () => {
  const items = Array.from(
    { length: 70 },
    (_, i) =>
      `Pozycja ${i + 1}: ${"czujniki parkowania z przodu i z tyłu, kamera cofania, podgrzewane fotele ".repeat(1 + (i % 3))}`,
  );
  const pdf = await renderPdf({
    title: "Wyposażenie",
    blocks: [
      { type: "paragraph", text: "Lista wyposażenia samochodu." },
      { type: "list", items },
    ],
    footer: "Flotis",
    createdAt: new Date("2026-11-28T00:00:00Z"),
  });
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 }).promise;
  const perPage: { bullets: number; starts: number }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const text = (await (await doc.getPage(n)).getTextContent()).items
      .map((item) => ("str" in item ? item.str : ""))
      .join(" ");
    perPage.push({ bullets: text.split("•").length - 1, starts: text.match(/Pozycja \d+:/g)?.length ?? 0 });
  }
  await doc.destroy();
  expect(perPage.length).toBeGreaterThan(2);
  expect(perPage.filter((p) => p.bullets !== p.starts)).toEqual([]);
  expect(perPage.reduce((sum, p) => sum + p.starts, 0)).toBe(items.length);
});
