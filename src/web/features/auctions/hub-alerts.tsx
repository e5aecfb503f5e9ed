import { useEffect } from "react";
import { liveHub } from "./live-hub";
import { useLiveState } from "./use-live";

const STYLE = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950",
  warning: "border-amber-600 bg-amber-50 text-amber-950",
  error: "border-red-600 bg-red-50 text-red-950",
  info: "border-brand-600 bg-brand-50 text-brand-900",
} as const;

/**
 * Messages the hub sends to the person (showAlert): outbid, auction won. They stand in the page's
 * flow, never over it: on a phone a floating message covered the countdown or the bid history. With
 * `auctionId` (inside that auction's panel) the messages about that auction, next to its price and
 * status; without, the others (auctions not shown on this screen). An outbid message leaves by
 * itself once the person leads again (live-hub.ts staleAlerts).
 */
export function HubAlerts({ auctionId }: { auctionId?: number }) {
  const { alerts, panels } = useLiveState();
  useEffect(() => (auctionId === undefined ? undefined : liveHub.showsAlertsOf(auctionId)), [auctionId]);
  const shown = alerts.filter((a) =>
    auctionId === undefined
      ? a.AuctionId === undefined || !panels.includes(a.AuctionId)
      : a.AuctionId === auctionId,
  );
  return (
    <div
      aria-live="assertive"
      className={`flex flex-col gap-2 ${shown.length && auctionId === undefined ? "my-4" : ""}`}
    >
      {shown.map((a) => (
        <div
          key={a.id}
          role="alert"
          className={`flex w-full items-start gap-3 rounded-lg border-l-4 p-3 shadow-sm ${STYLE[a.Type] ?? STYLE.info}`}
        >
          <p className="flex-1 text-sm font-semibold">{a.Message}</p>
          <button
            type="button"
            onClick={() => liveHub.dismissAlert(a.id)}
            className="rounded px-2 text-sm underline"
            aria-label="Zamknij powiadomienie"
          >
            Zamknij
          </button>
        </div>
      ))}
    </div>
  );
}
