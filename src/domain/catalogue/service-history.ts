import { formatKm } from "../format";

/**
 * The service history of an ex-lease car (visits and odometer readings from the fleet system), read
 * the same way by the offer page and the printed offer: one order, one date format, one rule for a
 * reading that goes back. Pure: no I/O, shared by browser and server.
 */
export interface ServiceVisit {
  /** The calendar day, 'YYYY-MM-DD'. */
  Date: string;
  Mileage: number;
  Description: string;
  Workshop: string | null;
}

/** A reading lower than the highest one before it: the odometer went back (or one was mistyped). */
export interface OdometerDrop {
  visit: ServiceVisit;
  /** The highest reading before it, and its day. */
  earlier: ServiceVisit;
}

/**
 * Oldest first, by day; visits of one day keep the order the fleet system gave them (a sort that
 * keeps equal elements in place).
 */
export const chronological = (visits: readonly ServiceVisit[]): ServiceVisit[] =>
  [...visits].sort((a, b) => (a.Date < b.Date ? -1 : a.Date > b.Date ? 1 : 0));

/** Newest first, as the timeline lists them. */
export const newestFirst = (visits: readonly ServiceVisit[]): ServiceVisit[] =>
  chronological(visits).reverse();

/**
 * Every reading lower than a reading made before it. Compared with the highest earlier reading, not
 * just the one before: after 92 000 km, readings of 85 000 and then 88 000 km are both lower.
 */
export function odometerDrops(visits: readonly ServiceVisit[]): OdometerDrop[] {
  const drops: OdometerDrop[] = [];
  let highest: ServiceVisit | null = null;
  for (const v of chronological(visits)) {
    if (highest && v.Mileage < highest.Mileage) drops.push({ visit: v, earlier: highest });
    if (!highest || v.Mileage > highest.Mileage) highest = v;
  }
  return drops;
}

/** "12.03.2024" from "2024-03-12": a calendar day is written as it is, never moved by a time zone. */
export function formatCalendarDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
}

/** The sentence the page and the PDF show for a reading that goes back. */
export const odometerDropNote = ({ visit, earlier }: OdometerDrop): string =>
  `Uwaga: odczyt licznika ${formatCalendarDay(visit.Date)} (${formatKm(visit.Mileage)}) jest niższy niż wcześniejszy (${formatKm(earlier.Mileage)}).`;

/** What was done, with the workshop when known: "Wymiana oleju — ASO Volvo Auto Kraków". */
export const visitText = (v: ServiceVisit): string =>
  v.Workshop ? `${v.Description} — ${v.Workshop}` : v.Description;
