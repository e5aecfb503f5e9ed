import { type ReactNode, useId } from "react";
import { Form } from "react-router";
import { todayInPoland } from "../../../domain/polish-time";
import {
  CHARTS,
  type ChartId,
  CONTACT_BUCKET_NAMES,
  CONTACT_BUCKETS,
  type ContactBucket,
  chartTable,
  type Dashboard,
  dashboardRange,
  formatCell,
  formatDay,
  formatMonth,
  formatShortDay,
  IN_TIME_BUCKETS,
  LEAD_SOURCE_NAMES,
  LEAD_SOURCES,
  share,
} from "../../../domain/staff/dashboard";
import { BarList, CHART_COLOURS, ColumnChart } from "../../features/panel/charts";
import { requireStaff } from "../../features/panel/panel.server";
import { headClass, PanelPage, panelMeta, TableScroll, tableClass } from "../../features/panel/ui";
import type { Route } from "./+types/dashboard";

export function meta() {
  return panelMeta("Panel: statystyki");
}

/** The range from the address (?od=&do=), the figures from the database. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "stats");
  const { clock, staff } = context.services;
  const range = dashboardRange(new URL(request.url).searchParams, todayInPoland(clock.now()));
  return { data: await staff.dashboard(range), problem: range.problem };
}

const csvHref = (d: Dashboard, id: ChartId) =>
  `/panel/statystyki.csv?${new URLSearchParams({ wykres: id, od: d.from, do: d.to })}`;

/**
 * The data tables' cells styled from the table (a year's table has 2 000 cells: the classes once,
 * not on each cell, keep the page a third of its size). The same look as the panel's `cellClass`.
 */
const DAY_TABLE_CELLS =
  "[&_tbody_td]:border-b [&_tbody_td]:border-slate-200 [&_tbody_td]:px-3 [&_tbody_td]:py-2 [&_tbody_td]:align-top [&_tbody_td]:tabular-nums [&_tbody_th]:border-b [&_tbody_th]:border-slate-200 [&_tbody_th]:px-3 [&_tbody_th]:py-2 [&_tbody_th]:align-top [&_tbody_th]:font-medium";

/** A chart with its note, its table (behind a disclosure) and its CSV file. */
function ChartPanel({
  d,
  id,
  note,
  children,
}: {
  d: Dashboard;
  id: ChartId;
  note?: ReactNode;
  children: ReactNode;
}) {
  const table = chartTable(d, id);
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={heading} className="mb-4 text-lg font-semibold text-brand-900">
        {CHARTS[id]}
      </h2>
      {note ? <p className="mb-3 text-sm text-slate-700">{note}</p> : null}
      {children}
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-brand-700">Tabela danych</summary>
        <TableScroll label={`${CHARTS[id]}: tabela danych`}>
          <table className={`${tableClass} ${DAY_TABLE_CELLS} mt-2`}>
            <caption className="sr-only">{CHARTS[id]}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col" className={headClass}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={String(r[0])}>
                  {r.map((v, i) =>
                    i === 0 ? (
                      <th key={table.columns[i]} scope="row">
                        {v}
                      </th>
                    ) : (
                      <td key={table.columns[i]}>{formatCell(v)}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
      <p className="mt-2 text-sm">
        <a className="font-semibold text-brand-700 underline" href={csvHref(d, id)} download>
          {`Pobierz CSV: ${CHARTS[id].toLowerCase()}`}
        </a>
      </p>
    </section>
  );
}

const SOURCE_COLOURS = [CHART_COLOURS.blue, CHART_COLOURS.amber, CHART_COLOURS.teal, CHART_COLOURS.slate];
const contactColour = (b: ContactBucket) =>
  IN_TIME_BUCKETS.includes(b)
    ? CHART_COLOURS.green
    : b === "waiting"
      ? CHART_COLOURS.slate
      : CHART_COLOURS.red;

function RangeForm({ d }: { d: Dashboard }) {
  const input = "rounded-md border border-slate-400 bg-white px-3 py-2";
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Okres statystyk">
      <div className="flex flex-col gap-1">
        <label htmlFor="stats-from" className="text-sm font-medium text-slate-800">
          Od dnia
        </label>
        <input id="stats-from" type="date" name="od" defaultValue={d.from} className={input} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="stats-to" className="text-sm font-medium text-slate-800">
          Do dnia
        </label>
        <input id="stats-to" type="date" name="do" defaultValue={d.to} className={input} />
      </div>
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Pokaż
      </button>
    </Form>
  );
}

/** The figures of the range in one line each, above the charts. */
function Summary({ d }: { d: Dashboard }) {
  const leads = d.leadsByDay.reduce((a, r) => a + Object.values(r.sources).reduce((x, y) => x + y, 0), 0);
  const inTime = IN_TIME_BUCKETS.reduce((a, b) => a + d.firstContact[b], 0);
  const due = CONTACT_BUCKETS.filter((b) => b !== "waiting").reduce((a, b) => a + d.firstContact[b], 0);
  const sold = d.conversions.reduce((a, r) => a + r.sold, 0);
  const auctions = d.sellThrough.reduce(
    (a, r) => ({ sold: a.sold + r.sold, all: a.all + r.sold + r.pending + r.unsold }),
    {
      sold: 0,
      all: 0,
    },
  );
  const items: [string, string][] = [
    ["Zgłoszenia", formatCell(leads)],
    ["Kontakt w ciągu 4 godzin", `${share(inTime, due)}% (${formatCell(inTime)} z ${formatCell(due)})`],
    ["Zgłoszenia zakończone sprzedażą", `${share(sold, leads)}% (${formatCell(sold)})`],
    [
      "Skuteczność aukcji",
      `${share(auctions.sold, auctions.all)}% (${formatCell(auctions.sold)} z ${formatCell(auctions.all)})`,
    ],
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-brand-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How the business is doing in a chosen range: leads, the 4-hour promise, sales, auctions. */
export default function PanelDashboard({ loaderData }: Route.ComponentProps) {
  const { data: d, problem } = loaderData;
  const days = d.leadsByDay.map((r) => r.day);
  const months = d.conversions.map((r) => r.month);
  return (
    <PanelPage title="Statystyki">
      <RangeForm d={d} />
      <p className="text-slate-800">
        {problem ? <strong className="block text-red-800">{problem}</strong> : null}
        {`Okres: ${formatDay(d.from)} – ${formatDay(d.to)} (dni według czasu polskiego).`}
      </p>
      <Summary d={d} />
      <ChartPanel
        d={d}
        id="zgloszenia"
        note="Źródło według identyfikatorów z adresu, z którego przyszedł klient."
      >
        <ColumnChart
          label={`${CHARTS.zgloszenia}, ${formatDay(d.from)} – ${formatDay(d.to)}`}
          categories={days}
          axisLabels={days.map(formatShortDay)}
          stacked
          series={LEAD_SOURCES.map((s, i) => ({
            name: LEAD_SOURCE_NAMES[s],
            color: SOURCE_COLOURS[i],
            values: d.leadsByDay.map((r) => r.sources[s]),
          }))}
        />
      </ChartPanel>
      <ChartPanel d={d} id="kampanie">
        {d.leadsByCampaign.length ? (
          <BarList
            label={CHARTS.kampanie}
            bars={d.leadsByCampaign.slice(0, 12).map((r) => ({
              name: r.campaign ?? "(bez kampanii)",
              value: r.leads,
              color: r.campaign ? CHART_COLOURS.blue : CHART_COLOURS.slate,
            }))}
          />
        ) : (
          <p className="text-slate-700">W tym okresie nie było zgłoszeń.</p>
        )}
      </ChartPanel>
      <ChartPanel
        d={d}
        id="kontakt"
        note="Kontakt to pierwsza zmiana stanu zgłoszenia z „nowe” (wzięte albo zamknięte). Na zielono: w terminie 4 godzin."
      >
        <BarList
          label={CHARTS.kontakt}
          bars={CONTACT_BUCKETS.map((b) => ({
            name: CONTACT_BUCKET_NAMES[b],
            value: d.firstContact[b],
            color: contactColour(b),
          }))}
        />
      </ChartPanel>
      <ChartPanel
        d={d}
        id="konwersje"
        note="Sprzedaż: samochód, o który pytało zgłoszenie, został sprzedany (aukcja rozstrzygnięta na rzecz licytującego). Zgłoszenia bez wskazanej oferty liczą się tylko do wszystkich."
      >
        <ColumnChart
          label={CHARTS.konwersje}
          categories={months}
          axisLabels={months.map(formatMonth)}
          series={[
            { name: "zgłoszenia", color: CHART_COLOURS.blue, values: d.conversions.map((r) => r.leads) },
            {
              name: "zakończone sprzedażą",
              color: CHART_COLOURS.green,
              values: d.conversions.map((r) => r.sold),
            },
          ]}
        />
      </ChartPanel>
      <ChartPanel d={d} id="aukcje" note="Aukcje według miesiąca zakończenia; anulowane pominięte.">
        <ColumnChart
          label={CHARTS.aukcje}
          categories={months}
          axisLabels={months.map(formatMonth)}
          stacked
          series={[
            { name: "sprzedane", color: CHART_COLOURS.green, values: d.sellThrough.map((r) => r.sold) },
            {
              name: "czekają na decyzję",
              color: CHART_COLOURS.amber,
              values: d.sellThrough.map((r) => r.pending),
            },
            { name: "niesprzedane", color: CHART_COLOURS.red, values: d.sellThrough.map((r) => r.unsold) },
          ]}
        />
      </ChartPanel>
      <ChartPanel
        d={d}
        id="ceny"
        note="Cena odniesienia to cena minimalna (rezerwa) aukcji, a gdy aukcja jej nie miała, cena wywoławcza. Średnie z aukcji zakończonych ofertą, ceny netto."
      >
        <ColumnChart
          label={CHARTS.ceny}
          categories={months}
          axisLabels={months.map(formatMonth)}
          series={[
            {
              name: "średnia cena odniesienia (minimalna, bez niej wywoławcza)",
              color: CHART_COLOURS.slate,
              values: d.prices.map((r) => (r.auctions ? Math.round(r.reference / r.auctions) : 0)),
            },
            {
              name: "średnia cena końcowa",
              color: CHART_COLOURS.violet,
              values: d.prices.map((r) => (r.auctions ? Math.round(r.final / r.auctions) : 0)),
            },
          ]}
        />
      </ChartPanel>
      <VisitCharts d={d} days={days} />
    </PanelPage>
  );
}

/** Visits of the offers' pages: per day, and the most visited offers. */
function VisitCharts({ d, days }: { d: Dashboard; days: string[] }) {
  const note =
    "Wyświetlenia stron ofert przez odwiedzających (także z pamięci podręcznej stron), bez robotów wyszukiwarek; liczone od wdrożenia licznika.";
  return (
    <>
      <ChartPanel d={d} id="odwiedziny" note={note}>
        <ColumnChart
          label={`${CHARTS.odwiedziny}, ${formatDay(d.from)} – ${formatDay(d.to)}`}
          categories={days}
          axisLabels={days.map(formatShortDay)}
          series={[
            { name: "odwiedziny", color: CHART_COLOURS.teal, values: d.visitsByDay.map((r) => r.visits) },
          ]}
        />
      </ChartPanel>
      <ChartPanel d={d} id="oferty">
        {d.topOffers.length ? (
          <BarList
            label={CHARTS.oferty}
            bars={d.topOffers.map((r) => ({
              // The number first: a long name is cut on the chart, and the number tells the car.
              name: `nr ${r.id}: ${r.title}`,
              value: r.visits,
              color: CHART_COLOURS.teal,
            }))}
          />
        ) : (
          <p className="text-slate-700">W tym okresie nikt nie odwiedził stron ofert.</p>
        )}
      </ChartPanel>
    </>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
