import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { AuctionTerms } from "../../../domain/auctions/live-events";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { RESERVE_TEXT, UNSOLD_TEXT } from "../../../domain/auctions/reserve";
import { bidderStatus, bidderStatusText, extensionText } from "../../../domain/auctions/status";
import { auctionPhase } from "../../../domain/catalogue/auction-state";
import { formatNumber, formatPrice } from "../../../domain/format";
import { phoneHref } from "../../../domain/literals";
import { toBrutto } from "../../../domain/vehicles";
import { useServerNow } from "../../lib/server-clock";
import { session, subscribe } from "../../lib/storage";
import type { CostFacts } from "./cost-box";
import { AuctionCountdown } from "./countdown";
import { HubAlerts } from "./hub-alerts";
import { useAuctionTerms, useLiveAuctions, useLiveState } from "./use-live";

// The bid box, the maximum offer, buy now and the cost box show only to a signed-in bidder, after the
// page has hydrated (the server never renders them): their code, with the form library and the cost
// tables' schemas, loads then rather than with every car page.
const BiddingForms = lazy(() => import("./bidding-forms").then((m) => ({ default: m.BiddingForms })));
// The winner's steps after the win likewise: only their winner sees them, once the auction has ended.
const WinnerAfterWin = lazy(() => import("./after-win").then((m) => ({ default: m.WinnerAfterWin })));

function useSignedIn(): { utoken: string | null; hydrated: boolean } {
  const [state, setState] = useState<{ utoken: string | null; hydrated: boolean }>({
    utoken: null,
    hydrated: false,
  });
  useEffect(() => {
    const read = () => setState({ utoken: session.isLoggedIn() ? session.utoken() : null, hydrated: true });
    read();
    return subscribe(read);
  }, []);
  return state;
}

/** What the winner of an auction reads after the end (editable literals, src/domain/literals.ts). */
export interface WinnerNextSteps {
  payment: string;
  invoice: string;
  pickup: string;
  phone: string;
  email: string;
}

export interface AuctionLivePanelProps {
  /** The auction as the page loaded it (seed of the live state). */
  auction: LiveAuction;
  /** The server's clock when the page was made (ISO), until the hub has measured the offset. */
  serverTime?: string;
  /** The person's own highest bid, when the page knows it (e.g. /licytowanie). */
  myHighestBid?: number | null;
  /** Shown to the winner once the auction has ended (the auction's page). */
  nextSteps?: WinnerNextSteps;
  /** Heading level of the price line, for the page's outline. */
  compact?: boolean;
  /**
   * Shown to a visitor instead of the invitation to sign in and bid: a private buyer's page says that
   * auctions are for entrepreneurs. A signed-in bidder registered as a company keeps the bid box.
   */
  insteadOfInvitation?: ReactNode;
  /**
   * A private buyer's page: the price, netto like every bid, says what it is brutto as well (a
   * private person reads prices with VAT).
   */
  bruttoToo?: boolean;
  /** The reserve and buy-now terms as the page loaded them (the hub's auctionTerms follow). */
  terms?: AuctionTerms | null;
  /** The cost box's tables and the car's invoicing (an auction's own page). */
  costs?: CostFacts;
}

/**
 * Everything live about one auction: current price, number of bids, countdown (from the server clock,
 * moved by anti-sniping, with 'Aukcja przedłużona do …' once it was), the bidder's status ('Twoja
 * oferta … jest aktualnie najwyższa' / '… została przelicytowana', from the top bidder's utoken and
 * the person's own bids as the server knows them) and the bid box with the minimum next bid. Visitors
 * get the prompt to sign in or register; auctions are for entrepreneurs only. After the end: the
 * result, no bid box, and for the winner what happens next. The panel is kept clear (data-keep-clear):
 * the chat's corner button and a phone's contact bar step aside rather than cover it.
 */
export function AuctionLivePanel({
  auction,
  serverTime,
  myHighestBid = null,
  nextSteps,
  compact = false,
  insteadOfInvitation,
  bruttoToo = false,
  terms: termsSeed,
  costs,
}: AuctionLivePanelProps) {
  const [live] = useLiveAuctions([auction]);
  const terms = useAuctionTerms(auction.AuctionId, termsSeed);
  const now = useServerNow(serverTime, useLiveState().offset);
  const { utoken, hydrated } = useSignedIn();
  const fromHub = useLiveState().mine[auction.AuctionId] ?? null;
  const mine = Math.max(fromHub ?? 0, myHighestBid ?? 0) || null;

  const phase = auctionPhase(new Date(live.AuctionStart), new Date(live.AuctionEnd), now);
  // Ended by its time, or by staff before it (a cancellation: the hub's auctionEnded says so at once).
  const cancelled = live.IsCancelled;
  const ended = phase === "ended" || live.IsAuctionEnded;
  const status = bidderStatus(live.UToken, utoken, mine !== null);
  const statusText = cancelled ? null : bidderStatusText(status, { current: live.LastPrice, mine }, ended);
  // The page's data has the end as planned (or last known); a later live end is an extension. Whole
  // seconds: the catalogue API gives the end to the second, the hub to the millisecond.
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const extendedTo =
    !ended && seconds(live.AuctionEnd) > seconds(auction.AuctionEnd) ? new Date(live.AuctionEnd) : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3" data-testid={`auction-panel-${auction.AuctionId}`} data-keep-clear>
        {cancelled ? null : (
          <AuctionCountdown start={live.AuctionStart} end={live.AuctionEnd} now={now} compact={compact} />
        )}
        <div aria-live="polite">
          {extendedTo ? (
            <p
              className="rounded-md bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-900"
              data-testid="extension"
            >
              {extensionText(extendedTo)}
            </p>
          ) : null}
        </div>
        <div role="status">
          {ended ? <AuctionOutcome live={live} unsold={Boolean(terms?.Unsold)} /> : null}
        </div>
        {/* Side by side while they fit; a long price pushes the count below instead of under it. */}
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-600">
              {!live.Bets
                ? "Cena wywoławcza"
                : cancelled
                  ? "Najwyższa oferta"
                  : ended
                    ? "Cena końcowa"
                    : "Aktualna cena"}
            </dt>
            <dd className="text-2xl font-bold text-brand-900 tabular-nums" data-testid="current-price">
              {formatPrice(live.LastPrice)} <span className="text-sm font-normal text-slate-600">netto</span>
              {bruttoToo ? (
                <span
                  className="block text-base font-semibold text-slate-700"
                  data-testid="current-price-brutto"
                >
                  {formatPrice(toBrutto(live.LastPrice))} brutto (z VAT 23%)
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Liczba ofert</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="bid-count">
              {formatNumber(live.Bets)}
            </dd>
          </div>
        </dl>
        {!ended && !cancelled ? <ReserveAndBuyNow terms={terms} /> : null}
        <div aria-live="polite" role="status">
          {statusText ? (
            <p
              className={`rounded-md px-3 py-2 text-sm font-semibold ${
                status === "leading" ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"
              }`}
              data-testid="bidder-status"
            >
              {statusText}
            </p>
          ) : null}
        </div>
        {ended && !cancelled && status === "leading" && nextSteps ? (
          <ForTheWinner auctionId={auction.AuctionId} steps={nextSteps} />
        ) : null}
        {hydrated && !ended ? (
          utoken ? (
            <Suspense fallback={null}>
              <BiddingForms
                live={live}
                phase={phase}
                leading={status === "leading"}
                utoken={utoken}
                buyNowPrice={terms?.BuyNowPrice ?? null}
                costs={costs}
              />
            </Suspense>
          ) : (
            (insteadOfInvitation ?? <SignInPrompt />)
          )
        ) : null}
      </div>
      {/* The hub's messages about this auction, in the flow under its bid box. */}
      <HubAlerts auctionId={auction.AuctionId} />
    </div>
  );
}

/**
 * How the auction ended: sold or not at its end, or cancelled by staff before it, with their reason
 * (the bids in it bind nobody).
 */
function AuctionOutcome({ live, unsold }: { live: LiveAuction; unsold: boolean }) {
  if (live.IsCancelled)
    return (
      <div
        className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
        data-testid="auction-cancelled"
      >
        <p className="font-bold">Aukcja została odwołana. Nie można już składać ofert.</p>
        {live.CancelReason ? <p className="mt-1">{`Powód: ${live.CancelReason}`}</p> : null}
        {live.Bets > 0 ? (
          <p className="mt-1">Złożone oferty nie wiążą licytujących, nikt nie wygrał tej aukcji.</p>
        ) : null}
      </div>
    );
  return (
    <p
      className="rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-900"
      data-testid="auction-result"
    >
      {unsold
        ? `Wynik aukcji: ${UNSOLD_TEXT}. Najwyższa oferta nie osiągnęła ceny minimalnej.`
        : live.Bets > 0
          ? "Wynik aukcji: samochód sprzedany."
          : "Wynik aukcji: brak ofert, samochód nie został sprzedany."}
    </p>
  );
}

/**
 * Whether the highest bid has reached the seller's minimum (never the minimum itself), and the buy-now
 * price while it is offered. Live: the hub's auctionTerms change both as bids come.
 */
function ReserveAndBuyNow({ terms }: { terms: AuctionTerms | null }) {
  if (!terms) return null;
  return (
    <div className="flex flex-col gap-2 text-sm" aria-live="polite">
      {terms.Reserve !== "none" ? (
        <p
          className={`rounded-md px-3 py-2 font-semibold ${
            terms.Reserve === "met" ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-900"
          }`}
          data-testid="reserve-state"
        >
          {RESERVE_TEXT[terms.Reserve]}
        </p>
      ) : null}
      {terms.BuyNowPrice ? (
        <p data-testid="buy-now-price">
          Kup teraz: <strong className="tabular-nums">{formatPrice(terms.BuyNowPrice)} netto</strong>
        </p>
      ) : null}
    </div>
  );
}

/** What the winner reads after the end: what happens next, and the steps staff have set so far. */
function ForTheWinner({ auctionId, steps }: { auctionId: number; steps: WinnerNextSteps }) {
  return (
    <>
      <NextSteps steps={steps} />
      <Suspense fallback={null}>
        <WinnerAfterWin auctionId={auctionId} />
      </Suspense>
    </>
  );
}

function NextSteps({ steps }: { steps: WinnerNextSteps }) {
  return (
    <section
      aria-labelledby="co-dalej"
      className="rounded-md border border-emerald-300 bg-white p-3 text-sm"
      data-testid="winner-next-steps"
    >
      <h2 id="co-dalej" className="font-bold">
        Co dalej?
      </h2>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        <li>{steps.payment}</li>
        <li>{steps.invoice}</li>
        <li>{steps.pickup}</li>
      </ul>
      <p className="mt-2">
        Pytania? Zadzwoń:{" "}
        <a className="text-brand-700 underline" href={phoneHref(steps.phone)}>
          {steps.phone}
        </a>{" "}
        lub napisz:{" "}
        <a className="text-brand-700 underline" href={`mailto:${steps.email}`}>
          {steps.email}
        </a>
        .
      </p>
    </section>
  );
}

function SignInPrompt() {
  const location = useLocation();
  const returnTo = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <p className="font-semibold">
        <Link className="text-brand-700 underline" to={`/login?returnTo=${returnTo}`}>
          Zaloguj się
        </Link>{" "}
        lub{" "}
        <Link className="text-brand-700 underline" to="/rejestracja">
          zarejestruj
        </Link>
        , aby licytować.
      </p>
      <p className="mt-1 text-slate-700">
        Aukcje są przeznaczone wyłącznie dla przedsiębiorców. Osobom prywatnym proponujemy zakup z kredytem
        gotówkowym w banku.
      </p>
    </div>
  );
}
