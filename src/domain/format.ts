/**
 * Polish number, money, date and plural formats (guide: polish.md), the one place every screen,
 * e-mail and PDF takes them from. Money and units are joined to their number by a no-break space
 * ("129 900 zł", "45 000 km") so a line never breaks between them.
 */
const int = new Intl.NumberFormat("pl-PL", { maximumFractionDigits: 0, useGrouping: true });

/** Intl groups 4-digit numbers in pl-PL only from 5 digits; the guide wants "1 499 zł" too. */
export function formatNumber(n: number): string {
  const s = int.format(Math.round(n));
  return Math.abs(n) >= 1000 && Math.abs(n) < 10_000 ? s.replace(/^(-?\d)(\d{3})$/, "$1\u00a0$2") : s;
}

const decimal = new Intl.NumberFormat("pl-PL", { maximumFractionDigits: 2 });

/** "2,5", "118,19": a figure with a decimal comma, at most two decimals (percentages, rates). */
export const formatDecimal = (n: number): string => decimal.format(n);

/** A figure that moves with a slider keeps its decimals ("85,70%" beside "107,34%"), so it does not jump. */
const fixedDecimal = (digits: number) =>
  new Intl.NumberFormat("pl-PL", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * "118,19%", "10%": the one way a percentage is written on pages, in e-mails and PDFs. A decimal
 * comma and the sign right after the number, as Intl's pl-PL percent format writes it. With
 * `fixedDecimals`, always that many decimals.
 */
export const formatPercent = (n: number, fixedDecimals?: number): string =>
  `${fixedDecimals === undefined ? formatDecimal(n) : fixedDecimal(fixedDecimals).format(n)}%`;

/** "129 900 zł" */
export const formatPrice = (n: number): string => `${formatNumber(n)}\u00a0zł`;
export const formatKm = (n: number): string => `${formatNumber(n)}\u00a0km`;
/** "8,4 MB": a file's size, in megabytes with a decimal comma. */
export const formatMegabytes = (bytes: number): string =>
  `${formatDecimal(Math.round(bytes / 104_857.6) / 10)}\u00a0MB`;

const WARSAW = "Europe/Warsaw";
const dateFmt = new Intl.DateTimeFormat("pl-PL", {
  timeZone: WARSAW,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const timeFmt = new Intl.DateTimeFormat("pl-PL", {
  timeZone: WARSAW,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "24.09.2020" */
export const formatDate = (d: Date): string => dateFmt.format(d);
/** "21:50" (Polish time) */
export const formatTime = (d: Date): string => timeFmt.format(d);

/** "24.09.2020, 21:50" */
export const formatDateTime = (d: Date): string => `${dateFmt.format(d)}, ${timeFmt.format(d)}`;

/** A noun's forms after a number: 1 oferta / 2-4 oferty (also 22) / 5+ ofert (also 12-14). */
export type PluralForms = readonly [one: string, few: string, many: string];

/** The nouns the interface counts, so each is spelt once. */
export const NOUNS = {
  offer: ["oferta", "oferty", "ofert"],
  newOffer: ["nowa oferta", "nowe oferty", "nowych ofert"],
  newAuction: ["nowa aukcja", "nowe aukcje", "nowych aukcji"],
  alert: ["alert", "alerty", "alertów"],
  month: ["miesiąc", "miesiące", "miesięcy"],
  hour: ["godzina", "godziny", "godzin"],
  minute: ["minuta", "minuty", "minut"],
  day: ["dzień", "dni", "dni"],
  car: ["samochód", "samochody", "samochodów"],
  /** In the accusative: "przyjmuje maksymalnie 2 znaki". */
  character: ["znak", "znaki", "znaków"],
} as const satisfies Record<string, PluralForms>;

const plural = new Intl.PluralRules("pl");
/** Polish plural: pluralPl(5, NOUNS.offer) → "ofert". Fractions take the 'few' form. */
export function pluralPl(n: number, [one, few, many]: PluralForms): string {
  const c = plural.select(n);
  return c === "one" ? one : c === "few" ? few : c === "many" ? many : few;
}

/** A number with its noun: formatCount(1000, NOUNS.offer) → "1 000 ofert". */
export const formatCount = (n: number, forms: PluralForms): string =>
  `${formatNumber(n)} ${pluralPl(n, forms)}`;

/** "1 oferta", "22 oferty", "1 000 ofert" */
export const countOffers = (n: number): string => formatCount(n, NOUNS.offer);

/** 'YYYY-MM-DD HH:mm:SS' in Polish time (spec section 3 auction dates). */
// One formatter for every call: building an Intl.DateTimeFormat costs far more than formatting, and
// list pages format dates of every offer they render.
const apiDateTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: WARSAW,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export function formatApiDateTime(d: Date): string {
  const parts = Object.fromEntries(apiDateTime.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Reads 'YYYY-MM-DD HH:mm:SS' (Polish time) back into an instant. */
export function parseApiDateTime(s: string): Date {
  const [date, time] = s.split(" ");
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi, se] = time.split(":").map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, se);
  // The Warsaw offset at that moment: format the UTC guess in Warsaw and compare.
  const guess = new Date(asUtc);
  const shown = parseParts(guess);
  return new Date(asUtc - (shown - asUtc));
}

function parseParts(d: Date): number {
  const s = formatApiDateTime(d);
  const [date, time] = s.split(" ");
  const [y, mo, day] = date.split("-").map(Number);
  const [h, mi, se] = time.split(":").map(Number);
  return Date.UTC(y, mo - 1, day, h, mi, se);
}
