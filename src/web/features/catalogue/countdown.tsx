import type { ReactNode } from "react";
import { type AuctionPhase, countdownText } from "../../../domain/catalogue/auction-state";
import { formatDateTime } from "../../../domain/format";

/**
 * The auction countdown bar (spec section 4), refreshed every second by the caller's clock: the text
 * of the phase, the time left, and a bar that empties towards the end. Tiles show it bare; the live
 * auction views add the phase label above it (features/auctions/countdown.tsx).
 */
export function CountdownBar({
  start,
  end,
  now,
  label,
  testId,
}: {
  start: Date;
  end: Date;
  now: Date;
  label?: (phase: AuctionPhase) => ReactNode;
  testId?: string;
}) {
  const c = countdownText(start, end, now, formatDateTime);
  const total = Math.max(1, end.getTime() - start.getTime());
  const left = c.phase === "upcoming" ? 1 : Math.max(0, Math.min(1, (end.getTime() - now.getTime()) / total));
  const colour = c.phase === "ending" ? "bg-red-600" : c.phase === "ended" ? "bg-slate-400" : "bg-brand-600";
  return (
    <div className="text-sm" data-auction-phase={c.phase} data-testid={testId}>
      {label?.(c.phase)}
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
