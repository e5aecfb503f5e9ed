import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CAROUSEL_PAGE_SIZE, DESKTOP_MEDIA } from "../../../domain/catalogue/home";
import type { OfferList, OfferTile as Tile } from "../../../domain/catalogue/offer";
import { api } from "../../api-client";
import { OfferTile } from "./offer-tile";
import { useStoredPrivateBuyer } from "./private-buyer";

/**
 * A home list as a carousel (spec sections 2 and 9): 4 tiles per view on desktop, 1 on a phone,
 * buttons and swipe; the next page is fetched when the visitor comes near the end. A visitor who chose
 * to buy privately (features/catalogue/private-buyer) sees a private person's prices once hydrated,
 * and the tiles open the offers as one.
 */
export function OfferCarousel({
  id,
  title,
  endpoint,
  initial,
  moreHref,
  emptyText,
  now,
}: {
  id: string;
  title: string;
  endpoint: string;
  initial: OfferList;
  moreHref: string;
  emptyText: string;
  now: Date;
}) {
  const privateBuyer = useStoredPrivateBuyer();
  const [tiles, setTiles] = useState<Tile[]>(initial.Tails);
  const [count, setCount] = useState(initial.Count);
  const loading = useRef(false);
  const track = useRef<HTMLUListElement>(null);

  const loadMore = useCallback(async () => {
    if (loading.current || tiles.length >= count) return;
    loading.current = true;
    try {
      const size = window.matchMedia(DESKTOP_MEDIA).matches
        ? CAROUSEL_PAGE_SIZE.desktop
        : CAROUSEL_PAGE_SIZE.mobile;
      // Pages of the phone's size: ask for the page that starts right after what is shown.
      const page = Math.floor(tiles.length / size) + 1;
      const next = await api.post<OfferList>(
        `/api${endpoint}`,
        { Page: page, ResultsPerPage: size },
        { quiet: true },
      );
      setTiles((t) => {
        const seen = new Set(t.map((x) => x.AuctionId));
        return [...t, ...next.Tails.filter((x) => !seen.has(x.AuctionId))];
      });
      setCount(next.Count);
    } catch {
      // A failed page leaves the carousel as it is; scrolling again retries.
    } finally {
      loading.current = false;
    }
  }, [endpoint, tiles.length, count]);

  const onScroll = useCallback(() => {
    const el = track.current;
    if (el && el.scrollLeft + el.clientWidth * 2 >= el.scrollWidth) void loadMore();
  }, [loadMore]);
  useEffect(onScroll, [onScroll]);

  const scrollBy = (dir: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: "smooth" });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          {title}
        </h2>
        <div className="flex items-center gap-2">
          <Link to={moreHref} className="font-semibold text-brand-700 underline">
            Zobacz wszystkie
          </Link>
          {tiles.length > 1 && (
            <>
              <button
                type="button"
                onClick={() => scrollBy(-1)}
                aria-label={`${title}: poprzednie`}
                aria-controls={`${id}-track`}
                className="grid h-10 w-10 place-items-center rounded-full border border-slate-300 text-xl"
              >
                ‹
              </button>
              <button
                type="button"
                onClick={() => scrollBy(1)}
                aria-label={`${title}: następne`}
                aria-controls={`${id}-track`}
                className="grid h-10 w-10 place-items-center rounded-full border border-slate-300 text-xl"
              >
                ›
              </button>
            </>
          )}
        </div>
      </div>
      {tiles.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {emptyText}
        </p>
      ) : (
        <ul
          id={`${id}-track`}
          ref={track}
          onScroll={onScroll}
          className="mt-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]"
          data-testid={`${id}-track`}
        >
          {tiles.map((t) => (
            <li key={t.AuctionId} className="w-full shrink-0 snap-start lg:w-[calc((100%-3rem)/4)]">
              <OfferTile offer={t} now={now} isCompany={!privateBuyer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
