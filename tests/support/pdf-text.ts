import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Text of a PDF extracted with Mozilla's PDF.js (pdfjs-dist, dev dependency): proves the file is a
 * valid PDF a reader can open and that its fonts map glyphs back to the right Polish letters.
 */
export async function pdfText(data: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const pages = doc.numPages;
  await doc.destroy();
  // PDF.js may split words at glyph runs; collapse white space so phrases can be matched.
  return { pages, text: parts.join("\n").replace(/\s+/g, " ") };
}
