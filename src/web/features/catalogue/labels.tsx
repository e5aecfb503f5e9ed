import { AUCTION_LABEL, auctionPhase } from "../../../domain/catalogue/auction-state";
import { displayStateLabels, type OfferTile, parseMarketingLabels } from "../../../domain/catalogue/offer";
import { parseApiDateTime } from "../../../domain/format";

/**
 * Display-state labels (spec section 4), marketing labels and special promotions with their colours.
 * `max`: a tile shows at most this many chips over its photo (five covered it); past it the
 * last chip is "+N", naming the others to screen readers and on hover.
 */
export function OfferLabels({ offer, now, max }: { offer: OfferTile; now: Date; max?: number }) {
  const states = displayStateLabels(offer);
  // An ended or cancelled auction is neither upcoming nor ending, whatever its planned dates.
  if (offer.SaleType === "auction" && offer.AuctionStart && offer.AuctionEnd && !offer.isAuctionEnded) {
    const phase = auctionPhase(parseApiDateTime(offer.AuctionStart), parseApiDateTime(offer.AuctionEnd), now);
    const label = AUCTION_LABEL[phase];
    if (label) states.unshift(label);
  }
  const allMarketing = parseMarketingLabels(offer.MarketingLabels);
  const total = states.length + allMarketing.length;
  // With more than `max`, the "+N" chip takes the last place.
  const limit = max === undefined || total <= max ? total : max - 1;
  const shownStates = states.slice(0, limit);
  const marketing = allMarketing.slice(0, Math.max(0, limit - shownStates.length));
  const hidden = [
    ...states.slice(shownStates.length),
    ...allMarketing.slice(marketing.length).map((m) => m.Text),
  ];
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Oznaczenia oferty">
      {shownStates.map((s) => (
        <li
          key={s}
          className={`rounded px-2 py-0.5 text-xs font-semibold ${
            s === "zarezerwowany"
              ? "bg-red-700 text-white"
              : s === "promowana oferta"
                ? "bg-amber-300 text-slate-900"
                : s === "kończąca się aukcja"
                  ? "bg-red-100 text-red-800"
                  : // On the dark detail page a dark chip would vanish: it turns light there.
                    "bg-slate-900/85 text-white [[data-theme=dark]_&]:bg-slate-100 [[data-theme=dark]_&]:text-slate-900"
          }`}
        >
          {s}
        </li>
      ))}
      {marketing.map((m) => (
        <li
          key={m.Text}
          // The company picks the colour, dark ones too: an outline keeps the chip on a dark page.
          className="rounded px-2 py-0.5 text-xs font-semibold text-white [[data-theme=dark]_&]:ring-1 [[data-theme=dark]_&]:ring-white/60"
          style={{ backgroundColor: m.Color }}
        >
          {m.Text}
        </li>
      ))}
      {hidden.length > 0 && (
        <li
          className="rounded bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white"
          title={hidden.join(", ")}
        >
          <span aria-hidden="true">+{hidden.length}</span>
          <span className="sr-only">{hidden.join(", ")}</span>
        </li>
      )}
    </ul>
  );
}

export function SpecialPromotions({ offer }: { offer: OfferTile }) {
  if (!offer.SpecialPromotions.length) return null;
  return (
    <ul className="flex flex-col gap-1">
      {offer.SpecialPromotions.map((p) => (
        <li
          key={p.Text}
          className="flex items-center gap-2 rounded px-2 py-1 text-xs font-semibold"
          style={{ color: p.TextColor, backgroundColor: p.BackgroundColor }}
        >
          {p.PhotoLink && ( // Lazy: an eager <img> is preloaded by React's server renderer ahead of the page's main photo.
            <img src={p.PhotoLink} alt="" width={16} height={16} loading="lazy" className="h-4 w-4" />
          )}
          {p.Text}
        </li>
      ))}
    </ul>
  );
}
