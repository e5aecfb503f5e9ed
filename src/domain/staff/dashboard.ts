import { formatDecimal, formatNumber } from "../format";
import { LEAD_PROMISE_HOURS } from "./lead-states";

/**
 * The panel's dashboard ("Statystyki"): its date range from the address, its charts' data and each
 * chart's table, the same for the page, its data tables and the CSV files.
 */

/** How a lead came: its ad click ids and campaign name (domain/campaign.ts reads them from the address). */
export const LEAD_SOURCES = ["ads", "click", "campaign", "direct"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_NAMES: Record<LeadSource, string> = {
  ads: "reklama Google (gclid, dclid)",
  click: "inna reklama (fbclid, clickid)",
  campaign: "kampania bez kliknięcia reklamy",
  direct: "bez kampanii",
};

/** How long the first contact took (or that there has been none yet), for the 4-hour promise. */
export const CONTACT_BUCKETS = ["h1", "h2", "h4", "h8", "h24", "more", "late", "waiting"] as const;
export type ContactBucket = (typeof CONTACT_BUCKETS)[number];
export const CONTACT_BUCKET_NAMES: Record<ContactBucket, string> = {
  h1: "do 1 godziny",
  h2: "1–2 godziny",
  h4: "2–4 godziny",
  h8: "4–8 godzin",
  h24: "8–24 godziny",
  more: "ponad 24 godziny",
  late: "bez kontaktu, po terminie",
  waiting: "bez kontaktu, jeszcze w terminie",
};
/** The buckets that kept the promise. */
export const IN_TIME_BUCKETS: readonly ContactBucket[] = ["h1", "h2", "h4"];

export interface Dashboard {
  from: string;
  to: string;
  leadsByDay: { day: string; sources: Record<LeadSource, number> }[];
  leadsByCampaign: { campaign: string | null; leads: number }[];
  firstContact: Record<ContactBucket, number>;
  conversions: { month: string; leads: number; sold: number }[];
  sellThrough: { month: string; sold: number; pending: number; unsold: number }[];
  /**
   * Auctions that ended with a bid, per month: how many had a reserve and reached it, and the sums of
   * their reference prices (the reserve, else the starting price) and final prices.
   */
  prices: {
    month: string;
    auctions: number;
    withReserve: number;
    reserveMet: number;
    reference: number;
    final: number;
  }[];
  /** Visits of the offers' pages per Polish day (ADR 065: people, not crawlers). */
  visitsByDay: { day: string; visits: number }[];
  /** The offers most visited in the range, most first. */
  topOffers: { id: number; title: string; saleType: string; visits: number }[];
}

/** How many offers the most-visited chart names. */
export const TOP_OFFERS = 10;

export const CHARTS = {
  zgloszenia: "Zgłoszenia dziennie według źródła",
  kampanie: "Zgłoszenia według kampanii",
  kontakt: `Czas do pierwszego kontaktu (obietnica: ${LEAD_PROMISE_HOURS} godziny)`,
  konwersje: "Konwersje: zgłoszenia zakończone sprzedażą, według miesięcy",
  aukcje: "Skuteczność aukcji według miesięcy",
  ceny: "Cena końcowa wobec ceny minimalnej, według miesięcy",
  odwiedziny: "Odwiedziny stron ofert dziennie",
  oferty: `Najczęściej odwiedzane oferty (${TOP_OFFERS} pierwszych)`,
} as const;
export type ChartId = keyof typeof CHARTS;
export const isChartId = (v: string): v is ChartId => Object.hasOwn(CHARTS, v);

/** The range's longest span: a year of days still fits one chart. */
export const MAX_RANGE_DAYS = 366;
/** The range without one in the address: the last 90 days, today included. */
export const DEFAULT_RANGE_DAYS = 90;

const DAY_MS = 86_400_000;
const isDay = (v: string | null): v is string =>
  !!v &&
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A calendar day `n` days after `day` ("2026-11-28", -1 → "2026-11-27"). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The range of `?od=&do=` (days as an <input type="date"> writes them), against today in Poland: a
 * missing or wrong day takes the default, a reversed range is turned round, a future end is today and
 * a range longer than a year is cut to the year before its end. `problem` says what was changed.
 */
export function dashboardRange(
  params: URLSearchParams,
  today: string,
): { from: string; to: string; problem: string | null } {
  const od = params.get("od");
  const doo = params.get("do");
  let problem: string | null = null;
  let to = isDay(doo) ? doo : today;
  let from = isDay(od) ? od : addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if ((od && !isDay(od)) || (doo && !isDay(doo))) problem = "Nieprawidłowa data: pokazujemy domyślny okres.";
  if (from > to) [from, to] = [to, from];
  if (to > today) to = today;
  if (from > to) from = to;
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) {
    from = addDays(to, -(MAX_RANGE_DAYS - 1));
    problem = `Najdłuższy okres to ${MAX_RANGE_DAYS} dni: pokazujemy ${MAX_RANGE_DAYS} dni do ${to.split("-").reverse().join(".")}.`;
  }
  return { from, to, problem };
}

/** Every day of the range, in order. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Every month ("2026-11") the range touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split("-").map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

const monthName = new Intl.DateTimeFormat("pl-PL", { month: "long", year: "numeric", timeZone: "UTC" });
/** "listopad 2026" */
export const formatMonth = (month: string): string => monthName.format(new Date(`${month}-15T00:00:00Z`));
/** "28.11.2026" */
export const formatDay = (day: string): string => day.split("-").reverse().join(".");
/** "28.11" on a chart's axis. */
export const formatShortDay = (day: string): string => day.slice(5).split("-").reverse().join(".");

/** A share in percent with one decimal ("37,5"), or "–" without a whole. */
export const share = (part: number, whole: number): string =>
  whole === 0 ? "–" : formatDecimal(Math.round((part / whole) * 1000) / 10);

/** A chart's data as a table: the page shows it (formatted), the CSV file holds it. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** Each chart's table, rows in the chart's order; numbers stay numbers (the page formats them). */
export function chartTable(d: Dashboard, id: ChartId): ChartTable {
  switch (id) {
    case "zgloszenia":
      return {
        columns: ["Dzień", ...LEAD_SOURCES.map((s) => LEAD_SOURCE_NAMES[s]), "Razem"],
        rows: d.leadsByDay.map((r) => [
          formatDay(r.day),
          ...LEAD_SOURCES.map((s) => r.sources[s]),
          total(r.sources),
        ]),
      };
    case "kampanie":
      return {
        columns: ["Kampania", "Zgłoszenia", "Udział (%)"],
        rows: d.leadsByCampaign.map((r) => [
          r.campaign ?? "(bez kampanii)",
          r.leads,
          share(
            r.leads,
            d.leadsByCampaign.reduce((a, c) => a + c.leads, 0),
          ),
        ]),
      };
    case "kontakt": {
      const all = total(d.firstContact);
      return {
        columns: ["Czas do pierwszego kontaktu", "Zgłoszenia", "Udział (%)"],
        rows: CONTACT_BUCKETS.map((b) => [
          CONTACT_BUCKET_NAMES[b],
          d.firstContact[b],
          share(d.firstContact[b], all),
        ]),
      };
    }
    case "konwersje":
      return {
        columns: ["Miesiąc", "Zgłoszenia", "Zakończone sprzedażą", "Konwersja (%)"],
        rows: d.conversions.map((r) => [formatMonth(r.month), r.leads, r.sold, share(r.sold, r.leads)]),
      };
    case "aukcje":
      return {
        columns: [
          "Miesiąc zakończenia",
          "Sprzedane",
          "Czekają na decyzję",
          "Niesprzedane",
          "Skuteczność (%)",
        ],
        rows: d.sellThrough.map((r) => [
          formatMonth(r.month),
          r.sold,
          r.pending,
          r.unsold,
          share(r.sold, r.sold + r.pending + r.unsold),
        ]),
      };
    case "ceny":
      return {
        columns: [
          "Miesiąc zakończenia",
          "Aukcje z ofertą",
          "Z ceną minimalną",
          "Cena minimalna osiągnięta",
          "Średnia cena odniesienia netto (zł)",
          "Średnia cena końcowa netto (zł)",
          "Cena końcowa wobec ceny odniesienia (%)",
        ],
        rows: d.prices.map((r) => [
          formatMonth(r.month),
          r.auctions,
          r.withReserve,
          r.reserveMet,
          r.auctions ? Math.round(r.reference / r.auctions) : "–",
          r.auctions ? Math.round(r.final / r.auctions) : "–",
          share(r.final, r.reference),
        ]),
      };
    case "odwiedziny":
    case "oferty":
      return visitsTable(d, id);
  }
}

const SALE_TYPE_NAMES: Record<string, string> = {
  new: "nowy",
  afterLease: "poleasingowy",
  auction: "aukcja",
};

/** The visits' two tables: per day, and the most visited offers. */
function visitsTable(d: Dashboard, id: "odwiedziny" | "oferty"): ChartTable {
  if (id === "odwiedziny")
    return {
      columns: ["Dzień", "Odwiedziny"],
      rows: d.visitsByDay.map((r) => [formatDay(r.day), r.visits]),
    };
  const all = d.topOffers.reduce((a, r) => a + r.visits, 0);
  return {
    columns: ["Oferta", "Numer", "Rodzaj", "Odwiedziny", "Udział wśród pokazanych (%)"],
    rows: d.topOffers.map((r) => [
      r.title,
      r.id,
      SALE_TYPE_NAMES[r.saleType] ?? r.saleType,
      r.visits,
      share(r.visits, all),
    ]),
  };
}

/** A table cell on the page: numbers in the Polish way ("1 234"), texts as they are. */
export const formatCell = (v: string | number): string => (typeof v === "number" ? formatNumber(v) : v);
