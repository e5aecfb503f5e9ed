import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { BRAND } from "../../domain/brand";

/**
 * Renders our Polish documents to PDF with pdfkit. The standard PDF fonts have no Polish letters
 * (ą, ę, ł, ś, ż…), so DejaVu Sans from the dejavu-fonts-ttf package is embedded (subset).
 */
const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export type PdfBlock =
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string }
  | { type: "list"; items: string[]; numbered?: boolean }
  /** Label–value pairs, e.g. the parameters of a sample certificate. */
  | { type: "table"; rows: [string, string][] }
  /** Blank lines to be filled in by hand (application forms). */
  | { type: "fields"; labels: string[] };

export interface PdfContent {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** Printed at the bottom of every page, e.g. company name and version. */
  footer: string;
  /** PDF metadata; the date is fixed so the same content gives the same file. */
  createdAt: Date;
}

const BRAND_COLOUR = "#1652c8";
const TEXT_COLOUR = "#1e293b";
const MUTED = "#475569";

export function renderPdf(content: PdfContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margins: { top: 60, bottom: 70, left: 60, right: 60 },
      bufferPages: true,
      info: {
        Title: content.title,
        Author: BRAND.legalName,
        Subject: content.subtitle ?? content.title,
        CreationDate: content.createdAt,
        ModDate: content.createdAt,
      },
      lang: "pl-PL",
      displayTitle: true,
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.registerFont("regular", FONT_REGULAR);
    doc.registerFont("bold", FONT_BOLD);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

    doc.font("bold").fontSize(9).fillColor(BRAND_COLOUR).text("FLOTIS", { characterSpacing: 2 });
    doc.moveDown(0.8);
    doc.font("bold").fontSize(18).fillColor(TEXT_COLOUR).text(content.title, { width });
    if (content.subtitle) {
      doc.moveDown(0.3);
      doc.font("regular").fontSize(10.5).fillColor(MUTED).text(content.subtitle, { width });
    }
    doc
      .moveTo(doc.page.margins.left, doc.y + 10)
      .lineTo(doc.page.margins.left + width, doc.y + 10)
      .lineWidth(1)
      .strokeColor(BRAND_COLOUR)
      .stroke();
    doc.moveDown(1.5);

    for (const block of content.blocks) {
      switch (block.type) {
        case "heading":
          if (doc.y > doc.page.height - 160) doc.addPage();
          doc.moveDown(0.6);
          doc.font("bold").fontSize(12.5).fillColor(TEXT_COLOUR).text(block.text, { width });
          doc.moveDown(0.4);
          break;
        case "paragraph":
          doc.font("regular").fontSize(10).fillColor(TEXT_COLOUR).text(block.text, {
            width,
            lineGap: 2,
          });
          doc.moveDown(0.6);
          break;
        case "list":
          block.items.forEach((item, i) => {
            const mark = block.numbered ? `${i + 1}.` : "•";
            const y = doc.y;
            doc.font("regular").fontSize(10).fillColor(TEXT_COLOUR);
            doc.text(mark, doc.page.margins.left, y, { width: 18 });
            doc.text(item, doc.page.margins.left + 20, y, { width: width - 20, lineGap: 2 });
            doc.moveDown(0.3);
          });
          doc.x = doc.page.margins.left;
          doc.moveDown(0.4);
          break;
        case "table":
          for (const [label, value] of block.rows) {
            if (doc.y > doc.page.height - 100) doc.addPage();
            const y = doc.y;
            doc
              .font("regular")
              .fontSize(9.5)
              .fillColor(MUTED)
              .text(label, doc.page.margins.left, y, {
                width: width * 0.55,
              });
            const labelBottom = doc.y;
            doc
              .font("bold")
              .fontSize(9.5)
              .fillColor(TEXT_COLOUR)
              .text(value, doc.page.margins.left + width * 0.58, y, {
                width: width * 0.42,
              });
            doc.y = Math.max(labelBottom, doc.y) + 4;
            doc
              .moveTo(doc.page.margins.left, doc.y - 2)
              .lineTo(doc.page.margins.left + width, doc.y - 2)
              .lineWidth(0.4)
              .strokeColor("#cbd5e1")
              .stroke();
          }
          doc.x = doc.page.margins.left;
          doc.moveDown(0.8);
          break;
        case "fields":
          for (const label of block.labels) {
            if (doc.y > doc.page.height - 110) doc.addPage();
            doc
              .font("regular")
              .fontSize(9.5)
              .fillColor(MUTED)
              .text(label, doc.page.margins.left, doc.y, { width });
            const lineY = doc.y + 16;
            doc
              .moveTo(doc.page.margins.left, lineY)
              .lineTo(doc.page.margins.left + width, lineY)
              .lineWidth(0.6)
              .strokeColor("#94a3b8")
              .stroke();
            doc.y = lineY + 10;
          }
          doc.moveDown(0.6);
          break;
      }
    }

    // Footer and page numbers on every page, written after the content so the count is known.
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.height - 45;
      // Writing below the bottom margin would make pdfkit open a new page: lift the margin first.
      doc.page.margins.bottom = 0;
      doc.font("regular").fontSize(8).fillColor(MUTED);
      doc.text(content.footer, doc.page.margins.left, bottom, { width: width - 80, lineBreak: false });
      doc.text(`Strona ${i + 1} z ${range.count}`, doc.page.margins.left + width - 80, bottom, {
        width: 80,
        align: "right",
        lineBreak: false,
      });
    }
    doc.end();
  });
}
