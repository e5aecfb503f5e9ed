import { countdownText } from "../../../domain/catalogue/auction-state";
import { formatDateTime, parseApiDateTime } from "../../../domain/catalogue/format";

/** The auction countdown bar (spec section 4), refreshed every second by the caller's clock. */
export function CountdownBar({ start, end, now }: { start: string; end: string; now: Date }) {
  const s = parseApiDateTime(start);
  const e = parseApiDateTime(end);
  const c = countdownText(s, e, now, formatDateTime);
  const total = e.getTime() - s.getTime();
  const left = c.phase === "upcoming" ? 1 : Math.max(0, Math.min(1, (e.getTime() - now.getTime()) / total));
  const colour = c.phase === "ending" ? "bg-red-600" : c.phase === "ended" ? "bg-slate-400" : "bg-brand-600";
  return (
    <div className="text-sm" data-auction-phase={c.phase}>
      <p className="flex flex-wrap justify-between gap-x-2">
        <span>{c.lead}</span>
        <strong className="tabular-nums" suppressHydrationWarning>
          {c.value}
        </strong>
      </p>
      <div className="mt-1 h-1.5 w-full overflow-hidden rounded bg-slate-200" aria-hidden="true">
        <div className={`h-full ${colour}`} style={{ width: `${Math.round(left * 100)}%` }} />
      </div>
    </div>
  );
}
