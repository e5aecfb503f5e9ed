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

type Doc = PDFKit.PDFDocument;

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

    writeTitle(doc, content, width);
    for (const block of content.blocks) writeBlock(doc, block, width);
    writeFooters(doc, content.footer, width);
    doc.end();
  });
}

/** The brand, the title and subtitle, and a rule under them. */
function writeTitle(doc: Doc, content: PdfContent, width: number) {
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
}

function writeBlock(doc: Doc, block: PdfBlock, width: number) {
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
      writeList(doc, block.items, block.numbered ?? false, width);
      break;
    case "table":
      writeTable(doc, block.rows, width);
      break;
    case "fields":
      writeFields(doc, block.labels, width);
      break;
  }
}

/** Items with a bullet or their number hanging to the left of the text. */
function writeList(doc: Doc, items: string[], numbered: boolean, width: number) {
  items.forEach((item, i) => {
    const mark = numbered ? `${i + 1}.` : "•";
    doc.font("regular").fontSize(10).fillColor(TEXT_COLOUR);
    // An item that does not fit above the bottom margin starts the next page with its mark: written
    // at the old height, the mark stayed behind and the text alone went on (a page holding a bullet).
    const height = doc.heightOfString(item, { width: width - 20, lineGap: 2 });
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.text(mark, doc.page.margins.left, y, { width: 18 });
    doc.text(item, doc.page.margins.left + 20, y, { width: width - 20, lineGap: 2 });
    doc.moveDown(0.3);
  });
  doc.x = doc.page.margins.left;
  doc.moveDown(0.4);
}

/** Label and value side by side, a thin rule under each row. */
function writeTable(doc: Doc, rows: [string, string][], width: number) {
  for (const [label, value] of rows) {
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
}

/** A label over a blank line to write on, for each field. */
function writeFields(doc: Doc, labels: string[], width: number) {
  for (const label of labels) {
    if (doc.y > doc.page.height - 110) doc.addPage();
    doc.font("regular").fontSize(9.5).fillColor(MUTED).text(label, doc.page.margins.left, doc.y, { width });
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
}

/** Footer and page numbers on every page, written after the content so the count is known. */
function writeFooters(doc: Doc, footer: string, width: number) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 45;
    // Writing below the bottom margin would make pdfkit open a new page: lift the margin first.
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(8).fillColor(MUTED);
    doc.text(footer, doc.page.margins.left, bottom, { width: width - 80, lineBreak: false });
    doc.text(`Strona ${i + 1} z ${range.count}`, doc.page.margins.left + width - 80, bottom, {
      width: 80,
      align: "right",
      lineBreak: false,
    });
  }
}
