import { z } from "zod";
import { maxMessage, REQUIRED } from "./account";
import { COOKIE_POLICY_PATH, PRIVACY_EMAIL, PRIVACY_POLICY_PATH } from "./privacy";

/**
 * The privacy policy and the cookie policy as texts the content team edits in the panel: each policy
 * is a fixed list of sections (their headings and order are the page's structure, kept here), and
 * each section's body is a plain text in a small markup (below). Every save that changes a text is a
 * new version, stored with its date and its editor; what is generated stays out of the texts: the
 * retention periods the retention job applies (RETENTION_PERIODS) and the cookie policy's tables of
 * cookies and tags (the consent categories).
 */

export const POLICY_KINDS = ["privacy", "cookies"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export interface PolicySectionDef {
  /** The section's anchor on the page, and its key in a stored version. */
  key: string;
  title: string;
  /** What the editor is told about the section (what the page adds to it from elsewhere). */
  note?: string;
}

export interface PolicyDef {
  title: string;
  path: string;
  /** The policy's address in the panel: /panel/polityki/{panelSlug}. */
  panelSlug: string;
  sections: readonly PolicySectionDef[];
}

export const POLICIES: Record<PolicyKind, PolicyDef> = {
  privacy: {
    title: "Polityka prywatności",
    path: PRIVACY_POLICY_PATH,
    panelSlug: "prywatnosc",
    sections: [
      { key: "administrator", title: "Administrator danych" },
      { key: "cele", title: "Cele, zakres danych i podstawy prawne" },
      { key: "odbiorcy", title: "Odbiorcy danych" },
      { key: "poza-eog", title: "Przekazywanie danych poza Europejski Obszar Gospodarczy" },
      {
        key: "okres",
        title: "Jak długo przechowujemy dane",
        note: "Nad tym tekstem strona pokazuje tabelę danych usuwanych automatycznie, z okresami, które stosuje system (patrz wyżej).",
      },
      { key: "prawa", title: "Twoje prawa i jak z nich skorzystać" },
      { key: "skarga", title: "Skarga do organu nadzorczego" },
      { key: "dobrowolnosc", title: "Czy musisz podać dane" },
      { key: "cookies", title: "Pliki cookie i znaczniki reklamowe" },
      { key: "zmiany", title: "Zmiany polityki" },
    ],
  },
  cookies: {
    title: "Polityka cookies",
    path: COOKIE_POLICY_PATH,
    panelSlug: "cookies",
    sections: [
      { key: "czym-sa", title: "Czym są pliki cookie i podobne technologie" },
      {
        key: "zmiana-wyboru",
        title: "Jak zmienić swój wybór",
        note: "Pod tym tekstem strona pokazuje przycisk „Ustawienia plików cookie”, a po nim tabele plików cookie i znaczników z ustawień zgód.",
      },
      { key: "dostawcy", title: "Zasady dostawców znaczników" },
    ],
  },
};

export const policyKindOfSlug = (slug: string | undefined): PolicyKind | null =>
  POLICY_KINDS.find((k) => POLICIES[k].panelSlug === slug) ?? null;

/** A version's own address: /polityka-prywatnosci/wersja-2. */
export const policyVersionPath = (kind: PolicyKind, version: number) =>
  `${POLICIES[kind].path}/wersja-${version}`;

/** The version named by the last segment of its address ("wersja-2"), or null. */
export function versionOfSegment(segment: string | undefined): number | null {
  const match = /^wersja-([1-9]\d{0,5})$/i.exec(segment ?? "");
  return match ? Number(match[1]) : null;
}

/** Values the texts name by a field in braces, filled in when the page is shown. */
export interface PolicyValues {
  companyName: string;
  companyAddress: string;
  companyRegistry: string;
  contactEmail: string;
  contactPhone: string;
}

/** The fields a text may use: {nazwa-firmy} and so on, each with what it shows. */
export const POLICY_FIELDS: Record<string, { label: string; value: (v: PolicyValues) => string }> = {
  "nazwa-firmy": { label: "nazwa firmy (Teksty)", value: (v) => v.companyName },
  "adres-firmy": { label: "adres firmy (Teksty)", value: (v) => v.companyAddress },
  "dane-rejestrowe": { label: "dane rejestrowe (Teksty)", value: (v) => v.companyRegistry },
  "email-kontaktowy": { label: "e-mail do doradców (Teksty)", value: (v) => v.contactEmail },
  "telefon-kontaktowy": { label: "telefon do doradców (Teksty)", value: (v) => v.contactPhone },
  "email-iod": { label: `adres w sprawach danych osobowych (${PRIVACY_EMAIL})`, value: () => PRIVACY_EMAIL },
};

const FIELD = /\{([a-z-]+)\}/g;

/** The fields in braces a text names that do not exist. */
export const unknownFields = (text: string): string[] =>
  [...text.matchAll(FIELD)].map((m) => m[1]).filter((name) => !(name in POLICY_FIELDS));

export const fillFields = (text: string, values: PolicyValues): string =>
  text.replace(FIELD, (whole, name: string) => POLICY_FIELDS[name]?.value(values) ?? whole);

export type PolicyInline = { text: string; strong?: boolean; href?: string };
export type PolicyBlock =
  | { kind: "paragraph"; inlines: PolicyInline[] }
  | { kind: "list"; items: PolicyInline[][] }
  | { kind: "table"; head: string[]; rows: PolicyInline[][][] };

// Bold (**…**) or a link ([words](/address), https:// or mailto:); anything else is plain text.
const INLINE = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(((?:\/|https:\/\/|mailto:)[^)\s]+)\)/g;

function inlines(text: string): PolicyInline[] {
  const out: PolicyInline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push(m[1] !== undefined ? { text: m[1], strong: true } : { text: m[2], href: m[3] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

const cellsOf = (line: string) => line.split("|").map((c) => c.trim());

/**
 * A section's text as blocks: paragraphs apart by an empty line; a block whose every line starts
 * with "- " is a list; a block whose every line has "|" is a table, its first line the headings.
 */
export function parsePolicyText(text: string): PolicyBlock[] {
  return normalizePolicyText(text)
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines): PolicyBlock => {
      if (lines.every((l) => l.startsWith("- ")))
        return { kind: "list", items: lines.map((l) => inlines(l.slice(2).trim())) };
      if (lines.length > 1 && lines.every((l) => l.includes("|"))) {
        const [head, ...rows] = lines.map(cellsOf);
        return { kind: "table", head, rows: rows.map((r) => head.map((_, i) => inlines(r[i] ?? ""))) };
      }
      return { kind: "paragraph", inlines: inlines(lines.join(" ")) };
    });
}

/** Line ends and outer white space as stored: an edit that only changes these is no change. */
export const normalizePolicyText = (text: string): string =>
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .trim();

export const POLICY_SECTION_MAX = 20_000;

/** A table row with more cells than the headings would lose them: said at the field. */
function tableProblem(text: string): string | null {
  for (const block of parsePolicyText(text)) {
    if (block.kind !== "table") continue;
    const rows = normalizePolicyText(text)
      .split("\n")
      .filter((l) => l.includes("|"));
    const width = block.head.length;
    const wider = rows.find((r) => cellsOf(r).length > width);
    if (wider) return `Wiersz tabeli „${wider.slice(0, 40)}…” ma więcej kolumn niż nagłówek (${width}).`;
  }
  return null;
}

const sectionText = z
  .string({ error: REQUIRED })
  .transform(normalizePolicyText)
  .pipe(
    z.string({ error: REQUIRED }).min(1, REQUIRED).max(POLICY_SECTION_MAX, maxMessage(POLICY_SECTION_MAX)),
  )
  .superRefine((text, ctx) => {
    const unknown = unknownFields(text);
    if (unknown.length)
      ctx.addIssue({
        code: "custom",
        message: `Nie ma pola {${unknown[0]}}. Dostępne pola: ${Object.keys(POLICY_FIELDS)
          .map((f) => `{${f}}`)
          .join(", ")}.`,
      });
    const table = tableProblem(text);
    if (table) ctx.addIssue({ code: "custom", message: table });
  });

/** The editor's form of a policy: every section required (a policy with a hole is no policy). */
export const policyTextsSchema = (kind: PolicyKind) =>
  z.object(Object.fromEntries(POLICIES[kind].sections.map((s) => [s.key, sectionText])));

export type PolicyTexts = Record<string, string>;

/** A stored version as the pages and the panel read it. */
export interface PolicyVersionView {
  version: number;
  /** When it was saved (ISO). */
  createdAt: string;
  sections: PolicyTexts;
}
