import {
  chronological,
  formatCalendarDay,
  newestFirst,
  type OdometerDrop,
  odometerDropNote,
  odometerDrops,
  type ServiceVisit,
} from "../../../domain/catalogue/service-history";
import { formatKm, formatNumber } from "../../../domain/format";
import { phoneHref } from "../../../domain/literals";
import { CONTACT_ANCHOR } from "./offer-actions";
import { OfferPageSection } from "./offer-page-section";

/**
 * Where a buyer asks about a car's history: the detail page's contact form (#zapytaj) on an offer,
 * the auction team's phone on an auction (its page has no contact form).
 */
export type HistoryQuestion = { kind: "adviser" } | { kind: "auction"; phone: string };

/** The link that takes a question about the history: the next step every note of the section names. */
function AskLink({ ask }: { ask: HistoryQuestion }) {
  const link = "font-semibold underline";
  return ask.kind === "adviser" ? (
    <a href={`#${CONTACT_ANCHOR}`} className={link}>
      Zapytaj doradcę
    </a>
  ) : (
    <a href={phoneHref(ask.phone)} className={link}>
      Zadzwoń do działu aukcji
    </a>
  );
}

/**
 * 'Historia serwisowa' of an ex-lease car: the visits as a timeline (newest first), the odometer
 * readings as a chart, and a note for every reading lower than an earlier one. Drawn on the server
 * as HTML and SVG, below the fold: no script, nothing added to the page's first screen.
 * A used car whose history the fleet system did not deliver says so plainly (silence would read as
 * hiding something, beside a "serviced at the dealer" badge); a new car (`ask` null) needs no section.
 */
export function ServiceHistory({
  visits,
  ask,
}: {
  visits: readonly ServiceVisit[];
  ask: HistoryQuestion | null;
}) {
  if (!ask) return null;
  if (!visits.length)
    return (
      <OfferPageSection id="historia-serwisowa" title="Historia serwisowa">
        <p className="mt-3 max-w-3xl">
          Poprzedni użytkownik nie przekazał nam historii serwisowej tego samochodu. <AskLink ask={ask} /> –
          sprawdzimy ją dla Ciebie.
        </p>
      </OfferPageSection>
    );
  const drops = odometerDrops(visits);
  const lower = new Set(drops.map((d) => d.visit));
  return (
    <OfferPageSection id="historia-serwisowa" title="Historia serwisowa">
      {drops.length > 0 && (
        <div
          role="note"
          className="mt-3 max-w-3xl rounded-md border-l-4 border-red-700 bg-amber-100 p-3 text-sm text-slate-900"
        >
          {drops.map((d) => (
            <p key={`${d.visit.Date}-${d.visit.Mileage}`}>{odometerDropNote(d)}</p>
          ))}
          <p className="mt-1">
            <AskLink ask={ask} /> o {drops.length > 1 ? "te odczyty" : "ten odczyt"} – sprawdzimy{" "}
            {drops.length > 1 ? "je" : "go"} dla Ciebie.
          </p>
        </div>
      )}
      <div className="mt-4 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <ol className="ml-2 border-l-2 border-current/25 pl-6" aria-label="Wizyty w serwisie, od najnowszej">
          {newestFirst(visits).map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: visits have no id; the list is drawn once, never reordered
            <li key={`${v.Date}-${v.Mileage}-${i}`} className="relative pb-5 last:pb-0">
              <span
                aria-hidden="true"
                className={`absolute top-1.5 -left-[31px] h-3.5 w-3.5 rounded-full border-2 border-white ${lower.has(v) ? "bg-red-700" : "bg-blue-700"}`}
              />
              <p className="text-sm">
                <time dateTime={v.Date} className="font-semibold">
                  {formatCalendarDay(v.Date)}
                </time>
                <span aria-hidden="true"> · </span>
                <span>{formatKm(v.Mileage)}</span>
                {lower.has(v) && (
                  <span className="ml-2 inline-block rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    odczyt niższy niż wcześniejszy
                  </span>
                )}
              </p>
              <p className="mt-0.5">{v.Description}</p>
              {v.Workshop && <p className="text-sm opacity-80">{v.Workshop}</p>}
            </li>
          ))}
        </ol>
        <OdometerChart visits={visits} drops={drops} />
      </div>
    </OfferPageSection>
  );
}

const W = 480;
const H = 260;
const PAD = { left: 94, right: 16, top: 16, bottom: 36 };

/** A round top for the km axis: 1, 2 or 5 times a power of ten, at least the highest reading. */
function niceTop(max: number): number {
  if (max <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((m) => m * power).find((t) => t >= max) as number) ?? 10 * power;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The readings over time as an inline SVG picture (role img, its name says what it shows), with the
 * same readings in a table for screen readers: a picture alone would tell them nothing.
 */
function OdometerChart({ visits, drops }: { visits: readonly ServiceVisit[]; drops: OdometerDrop[] }) {
  const points = chronological(visits);
  const first = points[0];
  const last = points[points.length - 1];
  const top = niceTop(Math.max(...points.map((p) => p.Mileage)));
  const d0 = dayNumber(first.Date);
  const span = Math.max(1, dayNumber(last.Date) - d0);
  const single = points.length === 1;
  const x = (p: ServiceVisit) =>
    single
      ? PAD.left + (W - PAD.left - PAD.right) / 2
      : PAD.left + ((dayNumber(p.Date) - d0) / span) * (W - PAD.left - PAD.right);
  const y = (km: number) => PAD.top + (1 - km / top) * (H - PAD.top - PAD.bottom);
  const lower = new Set(drops.map((d) => d.visit));
  const years = yearTicks(first.Date, last.Date);
  const summary = `Wykres odczytów licznika: od ${formatKm(first.Mileage)} (${formatCalendarDay(first.Date)}) do ${formatKm(last.Mileage)} (${formatCalendarDay(last.Date)})${drops.length ? `; odczyty niższe niż wcześniejsze: ${drops.length}` : ""}.`;
  return (
    <figure className="min-w-0">
      <figcaption className="font-semibold">Odczyty licznika</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="mt-2 h-auto w-full">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(top * f)}
              y2={y(top * f)}
              stroke="currentColor"
              strokeOpacity={f === 0 ? 0.6 : 0.2}
            />
            <text x={PAD.left - 8} y={y(top * f) + 4} textAnchor="end" fontSize="13" fill="currentColor">
              {formatNumber(top * f)} km
            </text>
          </g>
        ))}
        {xLabels(first, last, years).map((l) => (
          <text
            key={l.day}
            x={single ? x(first) : PAD.left + ((dayNumber(l.day) - d0) / span) * (W - PAD.left - PAD.right)}
            y={H - 12}
            textAnchor={single ? "middle" : l.anchor}
            fontSize="13"
            fill="currentColor"
          >
            {l.text}
          </text>
        ))}
        <polyline
          points={points.map((p) => `${x(p)},${y(p.Mileage)}`).join(" ")}
          fill="none"
          stroke="#1d4ed8"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        {points.map((p, i) => (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: readings have no id; drawn once, never reordered
            key={`${p.Date}-${i}`}
            cx={x(p)}
            cy={y(p.Mileage)}
            r={lower.has(p) ? 6 : 4}
            fill={lower.has(p) ? "#b91c1c" : "#1d4ed8"}
            stroke="white"
            strokeWidth="1.5"
          />
        ))}
      </svg>
      {/* The table inside a visually hidden box, not hidden itself: a table is never narrower than its
          longest words, so a 1 px "sr-only" table stayed as wide as its text and widened a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>Odczyty licznika, od najstarszego</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Przebieg</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: readings have no id; drawn once, never reordered
              <tr key={`${p.Date}-${i}`}>
                <td>{formatCalendarDay(p.Date)}</td>
                <td>
                  {formatKm(p.Mileage)}
                  {lower.has(p) ? " (niższy niż wcześniejszy)" : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Labels under the chart: the years it spans, or else the first and last day at its two ends. */
type Anchor = "start" | "middle" | "end";

function xLabels(first: ServiceVisit, last: ServiceVisit, years: string[]) {
  if (years.length) return years.map((day) => ({ day, text: day.slice(0, 4), anchor: "middle" as Anchor }));
  const ends = [{ day: first.Date, text: formatCalendarDay(first.Date), anchor: "start" as Anchor }];
  if (last.Date !== first.Date)
    ends.push({ day: last.Date, text: formatCalendarDay(last.Date), anchor: "end" as Anchor });
  return ends;
}

/** The first days of the years inside the span ("2022-01-01"…), when there are two to five of them. */
function yearTicks(from: string, to: string): string[] {
  const years: string[] = [];
  for (let y = Number(from.slice(0, 4)) + 1; y <= Number(to.slice(0, 4)); y++) years.push(`${y}-01-01`);
  if (years.length < 2) return [];
  // Every other year on a long history, so the labels never run into each other.
  return years.length > 5 ? years.filter((_, i) => i % 2 === 0) : years;
}
