import { AUCTION_LABEL, countdownText } from "../../../domain/catalogue/auction-state";
import { formatDateTime } from "../../../domain/catalogue/format";

/**
 * The auction countdown of spec section 4 for live auctions: 'aukcja rozpocznie się za' before the
 * start, 'do końca aukcji pozostało' in h m s while it runs (the end moves when a last-minute bid
 * extends it), 'aukcja zakończona' with the end date afterwards. `now` is the server's clock.
 */
export function AuctionCountdown({
  start,
  end,
  now,
  compact = false,
}: {
  start: string;
  end: string;
  now: Date;
  compact?: boolean;
}) {
  const s = new Date(start);
  const e = new Date(end);
  const c = countdownText(s, e, now, formatDateTime);
  const total = Math.max(1, e.getTime() - s.getTime());
  const left = c.phase === "upcoming" ? 1 : Math.max(0, Math.min(1, (e.getTime() - now.getTime()) / total));
  const colour = c.phase === "ending" ? "bg-red-600" : c.phase === "ended" ? "bg-slate-400" : "bg-brand-600";
  const label = AUCTION_LABEL[c.phase];
  return (
    <div className="text-sm" data-auction-phase={c.phase} data-testid="auction-countdown">
      {label && !compact ? (
        <p
          className={`mb-1 inline-block rounded px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${
            c.phase === "ending" ? "bg-red-100 text-red-800" : "bg-brand-50 text-brand-800"
          }`}
        >
          {label}
        </p>
      ) : null}
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
