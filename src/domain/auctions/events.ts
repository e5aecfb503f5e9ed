import { z } from "zod";
import { REQUIRED } from "../account";
import { formatCount, formatDateTime, NOUNS } from "../format";

/**
 * Auction events (ADR 060): a named sale whose lots open together and close one after another at a
 * set interval. Lot n (1, 2, …) is planned to close at the first close + (n − 1) × interval; each lot
 * is an ordinary auction with its own anti-sniping, so an extension moves that lot's end only and the
 * planned ends of the others stay (a lot may then close after the one planned after it).
 */

export const eventPath = (id: number) => `/wydarzenia-aukcyjne/${id}`;
export const eventCalendarPath = (id: number) => `/wydarzenia-aukcyjne/${id}/kalendarz.ics`;

/** The shortest and longest interval between two lots' planned ends (seconds). */
export const MIN_LOT_INTERVAL_S = 30;
export const MAX_LOT_INTERVAL_S = 3_600;
/** Most lots one event holds (a day's sale; the event page watches them all at once). */
export const MAX_EVENT_LOTS = 200;

export function plannedClose(firstCloseAt: Date, intervalSeconds: number, lotNumber: number): Date {
  return new Date(firstCloseAt.getTime() + (lotNumber - 1) * intervalSeconds * 1000);
}

/** "40 samochodów", "1 samochód", "22 samochody". */
export const carsCount = (n: number) => formatCount(n, NOUNS.car);

/** The event's name, its opening and first close, and the interval: what both the panel and the API set. */
export const eventTermsFields = {
  Name: z
    .string({ error: REQUIRED })
    .trim()
    .min(3, "Nazwa musi mieć co najmniej 3 znaki")
    .max(120, "Nazwa może mieć najwyżej 120 znaków"),
  IntervalSeconds: z.coerce
    .number({ error: REQUIRED })
    .int("Podaj liczbę sekund")
    .min(MIN_LOT_INTERVAL_S, `Odstęp musi wynosić co najmniej ${MIN_LOT_INTERVAL_S} s`)
    .max(MAX_LOT_INTERVAL_S, `Odstęp może wynosić najwyżej ${MAX_LOT_INTERVAL_S} s`),
};

/** Bidding opens before the first close, and the first close is after `now`. */
export function eventTimesIssues(
  start: Date,
  firstClose: Date,
  now: Date,
): { field: "FirstClose"; message: string }[] {
  if (firstClose.getTime() <= start.getTime())
    return [
      { field: "FirstClose", message: "Licytacja pierwszego samochodu musi się kończyć po rozpoczęciu" },
    ];
  if (firstClose.getTime() <= now.getTime())
    return [
      { field: "FirstClose", message: "Licytacja pierwszego samochodu musi się kończyć w przyszłości" },
    ];
  return [];
}

/** One lot as the event page follows it: its number, its end now (extensions included), whether it ended. */
export interface LotTiming {
  lotNumber: number;
  end: Date;
  ended: boolean;
}

/** The lot that closes next: the open lot with the earliest end (after extensions); null when all ended. */
export function nextToClose<T extends LotTiming>(lots: readonly T[]): T | null {
  let next: T | null = null;
  for (const l of lots) {
    if (l.ended) continue;
    if (!next || l.end.getTime() < next.end.getTime()) next = l;
  }
  return next;
}

const icsText = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\n/g, "\\n");
const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Lines of at most 75 octets, continued by a space (RFC 5545, 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * The event as an iCalendar file (RFC 5545): one event from the opening to the last lot's planned
 * close, with the page's address and an alarm an hour before the first close.
 */
export function eventCalendar(e: {
  id: number;
  name: string;
  startsAt: Date;
  firstCloseAt: Date;
  lastCloseAt: Date;
  lots: number;
  intervalSeconds: number;
  url: string;
  host: string;
  now: Date;
}): string {
  const description = `${carsCount(e.lots)}. Licytacja pierwszego samochodu kończy się ${formatDateTime(e.firstCloseAt)} (czas polski), kolejnych po nim co ${e.intervalSeconds} s. ${e.url}`;
  return `${[
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${e.host}//Wydarzenia aukcyjne//PL`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:wydarzenie-${e.id}@${e.host}`,
    `DTSTAMP:${icsTime(e.now)}`,
    `DTSTART:${icsTime(e.startsAt)}`,
    `DTEND:${icsTime(e.lastCloseAt)}`,
    `SUMMARY:${icsText(e.name)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${e.url}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${icsText(`${e.name}: licytacja pierwszego samochodu kończy się za godzinę`)}`,
    `TRIGGER;VALUE=DATE-TIME:${icsTime(new Date(e.firstCloseAt.getTime() - 3_600_000))}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ]
    .map(fold)
    .join("\r\n")}\r\n`;
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const localMoment = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .regex(LOCAL, "Podaj datę i godzinę (dd.mm.rrrr gg:mm)");

/** "12, 15 18": auction numbers in the order they become lots (commas, spaces or new lines). */
export const auctionIdsField = z
  .string()
  .trim()
  .default("")
  .transform((s, ctx) => {
    const parts = s.split(/[\s,;]+/).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0 || n > 2 ** 31 - 1)) {
      ctx.addIssue({ code: "custom", message: "Podaj numery aukcji oddzielone przecinkami, np. 12, 15, 18" });
      return z.NEVER;
    }
    if (ids.length > MAX_EVENT_LOTS) {
      ctx.addIssue({ code: "custom", message: `Najwyżej ${MAX_EVENT_LOTS} aukcji naraz` });
      return z.NEVER;
    }
    return ids;
  });

/**
 * The panel's new event: name, bidding's start and the first close in Polish time, the interval, and
 * the auctions that become its lots in order. `toDate` reads Polish local time (domain/polish-time).
 */
export const eventFormSchema = (now: Date, toDate: (local: string) => Date) =>
  z
    .object({
      ...eventTermsFields,
      Start: localMoment,
      FirstClose: localMoment,
      AuctionIds: auctionIdsField,
    })
    .superRefine((v, ctx) => {
      for (const issue of eventTimesIssues(toDate(v.Start), toDate(v.FirstClose), now))
        ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
    });

/** More lots for an event. */
export const eventLotsFormSchema = z.object({
  AuctionIds: auctionIdsField.refine((ids) => ids.length > 0, "Podaj co najmniej jeden numer aukcji"),
});
