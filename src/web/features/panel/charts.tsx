import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId } from "react";
import { formatNumber } from "../../../domain/format";

/**
 * The dashboard's charts: SVG drawn with visx (ADR 058) on the server like the rest of the page, so
 * a chart is there before any script; each stands beside its table (the same figures, for screen
 * readers and for copying).
 */

export interface Series {
  name: string;
  color: string;
  values: number[];
}

/** Colours told apart by people with the common colour-vision deficiencies, each readable on white. */
export const CHART_COLOURS = {
  blue: "#1d4ed8",
  amber: "#b45309",
  teal: "#0f766e",
  slate: "#64748b",
  green: "#15803d",
  red: "#b91c1c",
  violet: "#6d28d9",
} as const;

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 64 };
const axisText = { fill: "#334155", fontSize: 12, fontFamily: "inherit" } as const;

function Legend({ series }: { series: Series[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
      {series.map((s) => (
        <li key={s.name} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-3 rounded-sm"
            style={{ background: s.color }}
          />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/** A coordinate to a tenth of a unit: finer than the chart is ever drawn, and short in the page. */
const r1 = (v: number) => Math.round(v * 10) / 10;

/** At most `n` labels along an axis of many categories (a day's bar each), evenly spread. */
function thinned(categories: string[], n: number): string[] {
  if (categories.length <= n) return categories;
  const step = Math.ceil(categories.length / n);
  return categories.filter((_, i) => i % step === 0);
}

/**
 * Columns per category, the series stacked on one another (parts of a whole: leads by source) or side
 * by side (two figures to compare: the starting and the final price).
 */
export function ColumnChart({
  label,
  categories,
  axisLabels = categories,
  series,
  stacked = false,
}: {
  /** What the picture shows, for screen readers (the table beside it holds the figures). */
  label: string;
  categories: string[];
  /** The categories' names under the axis, shorter than in the table ("28.11"). */
  axisLabels?: string[];
  series: Series[];
  stacked?: boolean;
}) {
  const id = useId();
  const innerW = WIDTH - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sums = categories.map((_, i) =>
    stacked ? series.reduce((a, s) => a + s.values[i], 0) : Math.max(0, ...series.map((s) => s.values[i])),
  );
  const x = scaleBand({ domain: categories, range: [0, innerW], padding: 0.2 });
  const y = scaleLinear({ domain: [0, Math.max(1, ...sums)], range: [innerH, 0], nice: true });
  const inner = scaleBand({ domain: series.map((s) => s.name), range: [0, x.bandwidth()], padding: 0.1 });
  const names = new Map(categories.map((c, i) => [c, axisLabels[i]]));
  // Where each category's stack has reached, as the series are drawn one after another.
  const bases = categories.map(() => 0);
  // A series' bars as one path (a rectangle per category): a year of days by four sources is four
  // elements instead of 1 464, which the server renders and sends in a fraction of the time.
  const barsPath = (s: Series, si: number) =>
    categories
      .map((c, i) => {
        const v = s.values[i];
        if (!v) return "";
        const base = stacked ? bases[i] : 0;
        if (stacked) bases[i] += v;
        const top = y(base + v);
        const left = (x(c) ?? 0) + (stacked ? 0 : (inner(series[si].name) ?? 0));
        const width = stacked ? x.bandwidth() : inner.bandwidth();
        return `M${r1(left)} ${r1(top)}h${r1(width)}v${r1(y(base) - top)}h${r1(-width)}z`;
      })
      .join("");
  return (
    <figure className="max-w-4xl">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={id}>
        <title id={id}>{label}</title>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {series.map((s, si) => (
            <path key={s.name} d={barsPath(s, si)} fill={s.color} />
          ))}
          <AxisLeft
            scale={y}
            tickValues={y.ticks(5).filter(Number.isInteger)}
            tickFormat={(v) => formatNumber(Number(v))}
            stroke="#94a3b8"
            tickStroke="#94a3b8"
            tickLabelProps={{ ...axisText, textAnchor: "end", dx: -4, dy: 4 }}
          />
          <AxisBottom
            top={innerH}
            scale={x}
            tickValues={thinned(categories, 12)}
            tickFormat={(c) => names.get(c) ?? c}
            stroke="#94a3b8"
            tickStroke="#94a3b8"
            tickLabelProps={{ ...axisText, textAnchor: "middle" }}
          />
        </Group>
      </svg>
      <Legend series={series} />
    </figure>
  );
}

/** One bar per category, across (long category names: campaigns, contact times), each in its colour. */
export function BarList({
  label,
  bars,
}: {
  label: string;
  bars: { name: string; value: number; color: string }[];
}) {
  const id = useId();
  const left = 230;
  const row = 26;
  const height = Math.max(1, bars.length) * row + MARGIN.bottom;
  const innerW = WIDTH - left - 56;
  const y = scaleBand({ domain: bars.map((b) => b.name), range: [0, bars.length * row], padding: 0.25 });
  const x = scaleLinear({
    domain: [0, Math.max(1, ...bars.map((b) => b.value))],
    range: [0, innerW],
    nice: true,
  });
  return (
    <figure className="max-w-4xl">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" role="img" aria-labelledby={id}>
        <title id={id}>{label}</title>
        <Group left={left} top={4}>
          {bars.map((b) => (
            <g key={b.name}>
              <text x={-8} y={(y(b.name) ?? 0) + y.bandwidth() / 2 + 4} textAnchor="end" {...axisText}>
                {b.name.length > 32 ? `${b.name.slice(0, 31)}…` : b.name}
              </text>
              <Bar x={0} y={y(b.name) ?? 0} width={x(b.value)} height={y.bandwidth()} fill={b.color} />
              <text x={x(b.value) + 6} y={(y(b.name) ?? 0) + y.bandwidth() / 2 + 4} {...axisText}>
                {formatNumber(b.value)}
              </text>
            </g>
          ))}
        </Group>
      </svg>
    </figure>
  );
}
