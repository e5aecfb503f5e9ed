/**
 * Moments as people in Poland type and read them: an <input type="datetime-local"> value
 * ("2026-12-01T18:00") means Polish time, winter (+01:00) or summer (+02:00).
 */

const localParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Warsaw",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The datetime-local value of a moment in Polish time ("2026-12-01T18:00"). */
export function polishLocalInput(at: Date): string {
  const p = Object.fromEntries(localParts.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The moment a Polish local time names. A time that does not exist (the hour skipped when summer
 * time begins) is read in winter time, one that exists twice (the hour repeated) as the first.
 */
export function polishLocalTime(local: string): Date {
  for (const offset of ["+02:00", "+01:00"]) {
    const at = new Date(`${local}:00${offset}`);
    if (polishLocalInput(at) === local) return at;
  }
  return new Date(`${local}:00+01:00`);
}

/**
 * The calendar day in Poland of a moment (the clock's now for today), as an <input type="date"> writes it
 * ("2026-11-27"): the one helper for a Polish day (the digests' "one e-mail a day", the VAT register's
 * date, file names, documents and banners in force).
 */
export const todayInPoland = (now: Date): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(now);

/** The instant a day begins in Poland (midnight Europe/Warsaw, winter or summer time). */
export function startOfPolishDay(date: string): Date {
  for (const offset of ["+01:00", "+02:00"]) {
    const at = new Date(`${date}T00:00:00${offset}`);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Warsaw",
      hour: "2-digit",
      hourCycle: "h23",
    }).format(at);
    if (local === "00" && todayInPoland(at) === date) return at;
  }
  return new Date(`${date}T00:00:00+01:00`);
}
