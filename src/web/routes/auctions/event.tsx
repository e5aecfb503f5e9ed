import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { carsCount, eventCalendarPath, nextToClose } from "../../../domain/auctions/events";
import { RESERVE_TEXT, UNSOLD_TEXT } from "../../../domain/auctions/reserve";
import { formatRemaining } from "../../../domain/catalogue/auction-state";
import { formatDateTime, formatPrice, formatTime } from "../../../domain/format";
import { liveHub } from "../../features/auctions/live-hub";
import { useLiveAuctions, useLiveState } from "../../features/auctions/use-live";
import { FavouriteToggle } from "../../features/catalogue/favourite-toggle";
import { useFavourites } from "../../features/catalogue/favourites";
import { LIVE_PAGE } from "../../lib/cache-headers";
import { useServerNow } from "../../lib/server-clock";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/event";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) throw data(null, { status: 404 });
  const event = await context.services.auctions.events.get(id, { published: true });
  if (!event) throw data(null, { status: 404 });
  return data(
    { event, serverNow: context.services.clock.now().toISOString() },
    { headers: { "Cache-Control": LIVE_PAGE } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle("Nie ma takiego wydarzenia aukcyjnego") }];
  const e = loaderData.event;
  return [
    { title: pageTitle(e.name) },
    {
      name: "description",
      content: `${e.name}: ${carsCount(e.lots.length)} na aukcji, licytacja od ${formatDateTime(new Date(e.startsAt))}, kolejne samochody kończą się co ${e.intervalSeconds} s.`,
    },
  ];
}

type Loaded = Route.ComponentProps["loaderData"];
type Lot = Loaded["event"]["lots"][number];

/**
 * /wydarzenia-aukcyjne/{id}: an auction event (ADR 060). Its lots in their running order, each with
 * its planned close and its end now (a lot's own anti-sniping moves only its end), price, reserve
 * and result, live from the hub; what closes next with its countdown; the person's favourites among
 * the lots as a watch list; the event as a calendar file.
 */
export default function AuctionEventPage({ loaderData }: Route.ComponentProps) {
  const { event, serverNow } = loaderData;
  const live = useLiveAuctions(event.live);
  const state = useLiveState();
  useEffect(() => liveHub.applyTerms(event.terms, true), [event.terms]);
  const now = useServerNow(serverNow, state.offset);
  const favourites = useFavourites();
  const [onlyWatched, setOnlyWatched] = useState(false);
  const lots = event.lots.map((lot) => {
    const l = live.find((a) => a.AuctionId === lot.auctionId);
    const end = new Date(l?.AuctionEnd ?? lot.plannedClose);
    return {
      ...lot,
      live: l,
      end,
      ended: Boolean(l?.IsAuctionEnded) || end.getTime() <= now.getTime(),
      watched: favourites.some((f) => f.AuctionId === lot.auctionId),
      terms: state.terms[lot.auctionId] ?? event.terms.find((t) => t.AuctionId === lot.auctionId),
    };
  });
  const next = nextToClose(lots);
  const watchedCount = lots.filter((l) => l.watched).length;
  const shown = onlyWatched ? lots.filter((l) => l.watched) : lots;
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Wydarzenie aukcyjne</p>
      <h1 className="mt-1 text-2xl font-bold text-balance text-brand-900 sm:text-3xl">{event.name}</h1>
      <p className="mt-2 text-slate-700">
        {`${carsCount(event.lots.length)}. Licytacja od ${formatDateTime(new Date(event.startsAt))}; pierwszy samochód kończy się ${formatDateTime(new Date(event.firstCloseAt))}, kolejne co ${event.intervalSeconds} s. Oferta złożona tuż przed końcem przedłuża tylko licytację tego samochodu.`}
      </p>
      <p className="mt-2">
        <a className="font-semibold text-brand-700 underline" href={eventCalendarPath(event.id)} download>
          Dodaj do kalendarza (.ics)
        </a>
      </p>
      <NextToClose next={next} now={now} />
      <fieldset className="mt-6 flex flex-wrap items-center gap-2">
        <legend className="sr-only">Które samochody pokazać</legend>
        <button
          type="button"
          aria-pressed={!onlyWatched}
          onClick={() => setOnlyWatched(false)}
          className={filterClass(!onlyWatched)}
        >
          Wszystkie ({lots.length})
        </button>
        <button
          type="button"
          aria-pressed={onlyWatched}
          onClick={() => setOnlyWatched(true)}
          className={filterClass(onlyWatched)}
        >
          Obserwowane ({watchedCount})
        </button>
      </fieldset>
      {onlyWatched && !watchedCount ? (
        <p className="mt-4 text-slate-700">
          Nie obserwujesz jeszcze żadnego samochodu z tego wydarzenia. Dodaj go do ulubionych przyciskiem z
          sercem.
        </p>
      ) : null}
      <ol className="mt-4 flex flex-col gap-3" aria-label="Samochody w kolejności kończenia">
        {shown.map((lot) => (
          <LotRow key={lot.auctionId} lot={lot} next={next?.auctionId === lot.auctionId} />
        ))}
      </ol>
    </main>
  );
}

const filterClass = (on: boolean) =>
  `rounded-full border px-4 py-2 text-sm font-semibold ${
    on ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-900"
  }`;

type ShownLot = Lot & {
  live: ReturnType<typeof useLiveAuctions>[number] | undefined;
  end: Date;
  ended: boolean;
  watched: boolean;
  terms: { Reserve: string; Unsold: boolean; BuyNowPrice: number | null } | undefined;
};

/** What closes next: its number, car and countdown (the server's clock); nothing once all have ended. */
function NextToClose({ next, now }: { next: ShownLot | null; now: Date }) {
  return (
    <section
      aria-label="Następny kończy się"
      className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4"
      data-testid="next-to-close"
    >
      {next ? (
        <p className="text-brand-900">
          <span className="font-semibold">{`Następny kończy się: nr ${next.lotNumber}, `}</span>
          <Link className="font-semibold underline" to={next.url}>
            {next.title}
          </Link>
          <span className="ml-1 tabular-nums">
            {next.end.getTime() > now.getTime()
              ? `za ${formatRemaining(next.end.getTime() - now.getTime())}`
              : "teraz"}
          </span>
        </p>
      ) : (
        <p className="font-semibold text-brand-900">
          Licytacja wszystkich samochodów z tego wydarzenia zakończyła się.
        </p>
      )}
    </section>
  );
}

/** One lot: number, photo, car, planned close and end now, price, reserve, result, watch toggle. */
function LotRow({ lot, next }: { lot: ShownLot; next: boolean }) {
  const planned = new Date(lot.plannedClose);
  const extended = Math.floor(lot.end.getTime() / 1000) > Math.floor(planned.getTime() / 1000);
  const price = lot.live ? (lot.live.Bets ? lot.live.LastPrice : lot.live.StartingPrice) : null;
  return (
    <li
      className={`grid grid-cols-[auto_1fr_auto] items-start gap-3 rounded-xl border bg-white p-3 sm:grid-cols-[3rem_8rem_1fr_12rem_auto] sm:items-center ${
        next ? "border-brand-700 ring-2 ring-brand-200" : "border-slate-200"
      }`}
      data-testid={`lot-${lot.lotNumber}`}
    >
      <p className="text-lg font-bold text-brand-900 tabular-nums">
        <span className="sr-only">Nr </span>
        {lot.lotNumber}
      </p>
      {lot.photoUrl ? (
        <img
          src={lot.photoUrl}
          alt=""
          width={128}
          height={96}
          loading="lazy"
          className="hidden h-24 w-32 rounded-md object-cover sm:block"
        />
      ) : (
        // The column keeps its width, so titles line up whether a car has photos or not.
        <span className="hidden h-24 w-32 rounded-md bg-slate-100 sm:block" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <Link className="font-semibold text-brand-800 underline" to={lot.url}>
          {lot.title}
        </Link>
        <p className="text-sm text-slate-700">
          {`Planowany koniec ${formatTime(planned)}:${String(planned.getUTCSeconds()).padStart(2, "0")}`}
          {extended ? (
            <span className="ml-1 font-semibold text-amber-900">
              {`· przedłużona do ${formatTime(lot.end)}:${String(lot.end.getUTCSeconds()).padStart(2, "0")}`}
            </span>
          ) : null}
        </p>
        {lot.terms && lot.terms.Reserve !== "none" && !lot.ended ? (
          <p className="text-sm text-slate-700" data-testid="lot-reserve">
            {RESERVE_TEXT[lot.terms.Reserve as "met" | "notMet"]}
          </p>
        ) : null}
      </div>
      <div className="col-span-2 col-start-2 text-sm sm:col-span-1 sm:col-start-auto">
        {price !== null ? (
          <p>
            <span className="text-slate-600">
              {lot.ended ? "Cena końcowa: " : lot.live?.Bets ? "Aktualna cena: " : "Cena wywoławcza: "}
            </span>
            <strong className="tabular-nums">{formatPrice(price)} netto</strong>
          </p>
        ) : null}
        <p className="font-semibold" data-testid="lot-state">
          {lotState(lot)}
        </p>
      </div>
      <FavouriteToggle
        offer={{ AuctionId: lot.auctionId, Status: "Poleasingowy", MakeModel: lot.title }}
        className="col-start-3 row-start-1 sm:col-start-auto sm:row-start-auto"
      />
    </li>
  );
}

function lotState(lot: ShownLot): string {
  if (lot.live?.IsCancelled) return "Odwołana";
  if (!lot.ended) return lot.live?.Bets ? `Trwa · ofert: ${lot.live.Bets}` : "Trwa · bez ofert";
  if (lot.terms?.Unsold || (lot.terms?.Reserve === "notMet" && lot.live?.Bets))
    return `Zakończona: ${UNSOLD_TEXT}`;
  return lot.live?.Bets ? "Zakończona: sprzedany" : "Zakończona: brak ofert";
}
