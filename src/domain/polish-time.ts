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
