import { EXPORT_FIELD_NAMES, EXPORT_SECTION_NAMES } from "../../domain/privacy-rights";
import { spreadsheetCsv } from "../spreadsheet-csv";

/**
 * A copy of a person's data as one CSV for a spreadsheet: a row per value, named by its section (in
 * Polish), the record's number within it and the field's path in Polish words ("Powiadomienia e-mail ›
 * Przebicie mojej oferty", "Wiadomości › 2 › Treść"), so any shape of the JSON fits one table and
 * nothing is left out. Lists of words
 * are joined with commas; yes and no read "tak" and "nie". Written as spreadsheetCsv writes any CSV.
 */
export function dataCsv(data: Record<string, unknown>): string {
  const rows: string[][] = [];
  for (const [key, value] of Object.entries(data)) {
    const section = EXPORT_SECTION_NAMES[key];
    if (!section) {
      rows.push(["Informacje", "", key, cell(value)]);
      continue;
    }
    const records = Array.isArray(value) ? value : [value];
    if (!records.length) rows.push([section, "", "", "brak"]);
    records.forEach((record, i) => {
      const nr = Array.isArray(value) ? String(i + 1) : "";
      for (const [path, v] of flatten(record))
        rows.push([section, nr, fieldName(path), path.endsWith(FILE_CONTENT) ? FILE_IN_JSON : cell(v)]);
    });
  }
  return spreadsheetCsv(["Sekcja", "Nr", "Pole", "Wartość"], rows);
}

/**
 * A sent file's content (a leasing application's document) is in the JSON copy only: base64 of up to
 * 10 MB would not fit a spreadsheet's cell (32 767 characters), so the CSV row says where it is.
 */
const FILE_CONTENT = "ContentBase64";
const FILE_IN_JSON = "treść pliku jest w kopii danych w formacie JSON";

/** A dotted path in the Polish names of its fields; a record's number stays a number. */
const fieldName = (path: string) =>
  path
    .split(".")
    .map((part) => EXPORT_FIELD_NAMES[part] ?? part)
    .join(" › ");

/** Leaves of a record with their dotted paths; a list of plain values is one leaf. */
function flatten(value: unknown, path = ""): [string, unknown][] {
  const isPlainList = Array.isArray(value) && value.every((v) => v === null || typeof v !== "object");
  if (value === null || typeof value !== "object" || isPlainList) return [[path, value]];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i + 1), v] as const)
    : Object.entries(value as Record<string, unknown>);
  if (!entries.length) return [[path, ""]];
  return entries.flatMap(([k, v]) => flatten(v, path ? `${path}.${k}` : k));
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "boolean") return v ? "tak" : "nie";
  if (Array.isArray(v)) return v.map(cell).join(", ");
  return String(v);
}
