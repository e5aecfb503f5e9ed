import { api } from "../../api-client";
import { useFileDownload } from "../../lib/save-file";

/**
 * 'Drukuj ofertę': asks POST /api/OfferDetails/Auctions/PrintOffer for the PDF and hands it to the
 * browser as a file (a download is never blocked the way a pop-up opened after a request would be).
 */
export function PrintOfferButton({ auctionId }: { auctionId: number }) {
  const {
    busy,
    failed,
    download: print,
  } = useFileDownload(
    () =>
      api.post<Blob>("/api/OfferDetails/Auctions/PrintOffer", undefined, {
        query: { printingId: auctionId },
        quiet: true,
      }),
    `oferta-aukcja-${auctionId}.pdf`,
  );
  return (
    <div>
      <button
        type="button"
        onClick={print}
        disabled={busy}
        className="rounded-md border border-slate-400 px-3 py-2 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60"
      >
        {busy ? "Przygotowywanie PDF…" : "Drukuj ofertę (PDF)"}
      </button>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          Nie udało się przygotować oferty do druku. Spróbuj ponownie.
        </p>
      ) : null}
    </div>
  );
}
