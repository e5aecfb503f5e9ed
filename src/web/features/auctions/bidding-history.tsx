import { useEffect, useState } from "react";
import type { BiddingHistoryView } from "../../../domain/auctions/dto";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { formatDateTime, formatPrice, parseApiDateTime } from "../../../domain/format";
import { api } from "../../api-client";
import { ColumnHeads } from "./column-heads";
import { useLiveAuctions } from "./use-live";

/** Bids shown before 'Pokaż wszystkie'. */
const SHOWN = 10;

/**
 * Bidding history (GET /api/Bidding/BiddingHistory): every accepted bid, newest first, bidders shown
 * as 'Licytujący N' except the person's own ('Ty'). Reloaded whenever a new bid arrives live.
 */
export function BiddingHistory({ auction }: { auction: LiveAuction }) {
  const [live] = useLiveAuctions([auction]);
  const [data, setData] = useState<BiddingHistoryView | null>(null);
  const [failed, setFailed] = useState(false);
  const [all, setAll] = useState(false);
  const bets = live.Bets;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the number of bids changes
  useEffect(() => {
    let cancelled = false;
    api
      .get<BiddingHistoryView>("/api/Bidding/BiddingHistory", { query: { auctionId: auction.AuctionId } })
      .then((d) => {
        if (!cancelled) setData(d);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [auction.AuctionId, bets]);

  return (
    <section aria-labelledby={`historia-${auction.AuctionId}`} className="mt-8">
      <h2 id={`historia-${auction.AuctionId}`} className="text-xl font-bold">
        Historia licytacji
      </h2>
      {failed && !data ? (
        <p className="mt-2 text-slate-700">Nie udało się wczytać historii licytacji.</p>
      ) : null}
      {data && data.Count === 0 ? (
        <p className="mt-2 text-slate-700">
          {live.IsAuctionEnded ? "Nikt nie złożył oferty." : "Nikt jeszcze nie złożył oferty."}
        </p>
      ) : null}
      {data && data.Count > 0 ? (
        <div className="mt-3 overflow-hidden rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Oferty od najnowszej</caption>
            <thead className="bg-slate-100">
              <tr>
                <ColumnHeads names={["Kwota", "Data", "Licytujący"]} />
              </tr>
            </thead>
            <tbody>
              {(all ? data.Bids : data.Bids.slice(0, SHOWN)).map((b) => (
                <tr
                  key={`${b.Price}-${b.Date}`}
                  className={`border-t border-slate-200 ${b.IsMine ? "bg-emerald-50 font-semibold" : ""}`}
                >
                  <td className="px-3 py-2 tabular-nums">{formatPrice(b.Price)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatDateTime(parseApiDateTime(b.Date))}</td>
                  <td className="px-3 py-2">{b.Bidder}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.Count > SHOWN ? (
            <button
              type="button"
              onClick={() => setAll(!all)}
              className="w-full border-t border-slate-200 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-50"
            >
              {all ? "Pokaż mniej" : `Pokaż wszystkie oferty (${data.Count})`}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
