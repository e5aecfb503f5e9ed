import { AUCTION_LABEL } from "../../../domain/catalogue/auction-state";
import { CountdownBar } from "../catalogue/countdown";

/**
 * The auction countdown of spec section 4 for live auctions: 'aukcja rozpocznie się za' before the
 * start, 'do końca aukcji pozostało' in h m s while it runs (the end moves when a last-minute bid
 * extends it), 'aukcja zakończona' with the end date afterwards, with the phase label above unless
 * compact. `now` is the server's clock; start and end are ISO instants.
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
  return (
    <CountdownBar
      start={new Date(start)}
      end={new Date(end)}
      now={now}
      testId="auction-countdown"
      label={(phase) =>
        AUCTION_LABEL[phase] && !compact ? (
          <p
            className={`mb-1 inline-block rounded px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${
              phase === "ending" ? "bg-red-100 text-red-800" : "bg-brand-50 text-brand-900"
            }`}
          >
            {AUCTION_LABEL[phase]}
          </p>
        ) : null
      }
    />
  );
}
