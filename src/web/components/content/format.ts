// Display formats of the content pages (docs: guide/polish.md): whole złoty, Polish grouping.
// Polish CLDR data leaves 4-digit numbers ungrouped ("1499"); the guide writes "1 499 zł", so
// grouping is forced.
const pln = new Intl.NumberFormat("pl-PL", { maximumFractionDigits: 0, useGrouping: "always" });

/** 129900 → "129 900 zł", 1499 → "1 499 zł" */
export function formatPln(amount: number): string {
  return `${pln.format(amount)} zł`;
}

/** Polish plural form: pluralPl(5, ["oferta", "oferty", "ofert"]) → "ofert". */
export function pluralPl(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = new Intl.PluralRules("pl").select(n);
  return rule === "one" ? forms[0] : rule === "few" ? forms[1] : forms[2];
}

/**
 * Keeps numbers with their units and thousands groups on one line ("300 km", "18 750 zł") by
 * turning the space between them into a non-breaking one.
 */
export function keepNumbersTogether(text: string): string {
  return text.replace(/(\d) (?=(?:\d{3}|km|zł|kWh|dni)(?![\p{L}\d])|%)/gu, "$1\u00a0");
}
