import { useEffect, useId, useRef, useState } from "react";
import { bidHint, checkBid, unusualAmount } from "../../../domain/auctions/bid-form";
import { minimumIncrement } from "../../../domain/auctions/bidding";
import type { BidResult } from "../../../domain/auctions/dto";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { formatPrice } from "../../../domain/format";
import { toBrutto } from "../../../domain/vehicles";
import { api } from "../../api-client";
import { AmountField, SubmitButton } from "../../components/form/fields";
import { checkedBy, useCheckedForm } from "../../components/form/use-checked-form";
import { useAskOnce } from "./ask-once";
import { bidRefusal } from "./bid-refusal";
import { BIDDER_REFUSALS, BiddingGate, isBidderRefusal } from "./bidding-gate";
import { CostBox, type CostFacts } from "./cost-box";
import { liveHub } from "./live-hub";
import { MaxBidForm } from "./max-bid-form";
import { useLiveState } from "./use-live";

/**
 * A signed-in bidder's forms under an auction's live panel (bid-box.tsx), in a module of their own:
 * the panel loads it only when it shows them.
 */

/** The bid box's text as whole złoty ("41 000" typed with spaces too); null when it is not a number. */
const wholeZloty = (v: unknown) => {
  const n = Number(String(v ?? "").replace(/[\s\u00a0]/g, ""));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The bid box, the maximum offer and buy now, once the gate has found nothing that stops the person. */
export function BiddingForms({
  live,
  phase,
  leading,
  utoken,
  buyNowPrice,
  costs,
}: {
  live: LiveAuction;
  phase: string;
  leading: boolean;
  utoken: string;
  buyNowPrice: number | null;
  costs?: CostFacts;
}) {
  return (
    <BiddingGate auctionId={live.AuctionId}>
      {(recheck) => (
        <>
          <BidForm
            live={live}
            disabled={phase === "upcoming"}
            phase={phase}
            leading={leading}
            onRefused={recheck}
            costs={costs}
          />
          <MaxBidForm live={live} disabled={phase === "upcoming"} utoken={utoken} onRefused={recheck} />
          {buyNowPrice && phase !== "upcoming" ? (
            <BuyNowForm auctionId={live.AuctionId} price={buyNowPrice} onRefused={recheck} />
          ) : null}
        </>
      )}
    </BiddingGate>
  );
}

/**
 * "Kup teraz": the person confirms the price first; the server then ends the auction at once for the
 * first who confirmed (another person confirming at the same moment is told it has ended).
 */
function BuyNowForm({
  auctionId,
  price,
  onRefused,
}: {
  auctionId: number;
  price: number;
  onRefused: () => void;
}) {
  const { connectionId } = useLiveState();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  async function buy() {
    setSending(true);
    setRefusal(null);
    try {
      const res = await api.post<BidResult>(
        "/api/Bidding/BuyNow",
        { AuctionId: auctionId, Price: price, ConnectionId: connectionId },
        { alertOnBadRequest: false, passCodes: BIDDER_REFUSALS },
      );
      liveHub.applyOwnBid(res);
      liveHub.applyTerms([{ AuctionId: auctionId, Reserve: "met", BuyNowPrice: null, Unsold: false }]);
    } catch (err) {
      if (isBidderRefusal(err)) onRefused();
      else
        setRefusal(
          bidRefusal("Price", "Nie udało się kupić. Sprawdź połączenie i spróbuj ponownie.")(err)?.summary ??
            null,
        );
    } finally {
      setSending(false);
      setAsking(false);
    }
  }
  return (
    <section
      aria-label="Kup teraz"
      className="rounded-md border border-slate-200 bg-white p-3 text-sm"
      data-testid="buy-now"
    >
      {asking ? (
        <div>
          <p className="font-semibold">
            Kupujesz samochód za {formatPrice(price)} netto ({formatPrice(toBrutto(price))} brutto).
          </p>
          <p className="mt-1">
            Aukcja zakończy się od razu, a Twoja oferta będzie zwycięska. Zakup jest wiążący.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              ref={confirm}
              type="button"
              disabled={sending}
              onClick={() => void buy()}
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {sending ? "Kupowanie…" : "Tak, kupuję"}
            </button>
            <button
              type="button"
              onClick={() => setAsking(false)}
              className="rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900"
            >
              Anuluj
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setAsking(true)}
          className="w-full rounded-md border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Kup teraz za {formatPrice(price)} netto
        </button>
      )}
      {refusal ? (
        <p className="mt-2 text-red-800" role="alert">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}

/** Marks the prompt's button that confirms raising one's own leading bid. */
const RAISE_OWN = "data-raise-own";

/**
 * Shown when the leader presses "Licytuj": the server would accept the bid and raise their own price,
 * so the page says they lead and asks first.
 */
function RaiseOwnBidPrompt({ price, onCancel }: { price: number; onCancel: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="raise-own-bid"
    >
      <p className="font-semibold">Prowadzisz z ofertą {formatPrice(price)}.</p>
      <p className="mt-1">
        Nowa oferta podniesie cenę, choć nikt Cię nie przelicytował. Czy na pewno chcesz podnieść własną
        ofertę?
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={confirm}
          type="submit"
          {...{ [RAISE_OWN]: "" }}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
        >
          Tak, podnieś moją ofertę
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900"
        >
          Anuluj
        </button>
      </div>
    </div>
  );
}

function BidForm({
  live,
  disabled,
  phase,
  leading,
  onRefused,
  costs,
}: {
  live: LiveAuction;
  disabled: boolean;
  phase: string;
  costs?: CostFacts;
  /** The person leads: a bid would raise their own price, so "Licytuj" asks first. */
  leading: boolean;
  /** A refusal of BIDDER_REFUSALS: the gate looks again and shows its way out instead of this form. */
  onRefused: () => void;
}) {
  const [askRaise, setAskRaise] = useState(false);
  const { connectionId } = useLiveState();
  const [accepted, setAccepted] = useState<number | null>(null);
  const minimum = useRef(live.MinimumBid);
  minimum.current = live.MinimumBid;
  const askOnce = useAskOnce();
  const bid = useCheckedForm<{ Price: number }>(
    checkedBy((payload) => checkBid(payload.Price, minimum.current)),
    {
      id: useId(),
      defaultValue: { Price: String(live.MinimumBid) },
      refusal: (err) => {
        if (!isBidderRefusal(err))
          return bidRefusal(
            "Price",
            "Nie udało się wysłać oferty. Sprawdź połączenie i spróbuj ponownie.",
          )(err);
        onRefused();
        return null;
      },
      async send({ Price }) {
        askOnce(Price, unusualAmount(Price, minimum.current, "Licytuj"));
        const res = await api.post<BidResult>(
          "/api/Bidding/Bid",
          { AuctionId: live.AuctionId, Price, ConnectionId: connectionId },
          { alertOnBadRequest: false, passCodes: BIDDER_REFUSALS },
        );
        // The field goes back to following the minimum next bid, which this bid has just raised.
        typed.current = false;
        liveHub.applyOwnBid(res);
        setAccepted(Price);
      },
    },
  );
  const { form, fields } = bid;

  // Until the person types, the field follows the minimum next bid as others bid.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) form.update({ name: fields.Price.name, value: String(live.MinimumBid) });
  }, [live.MinimumBid, form.update, fields.Price.name]);

  return (
    <form
      {...bid.formProps}
      onSubmit={(event) => {
        // The leader confirms first; the server's rules stay as they are (a leader may raise).
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        // The form library's own requests (the field following the minimum as others bid) submit
        // through a hidden button of theirs: neither a bid nor a reason to ask, and never stopped.
        const ownRequest = submitter instanceof HTMLElement && submitter.hidden;
        if (leading && !ownRequest && !submitter?.hasAttribute(RAISE_OWN)) {
          event.preventDefault();
          setAskRaise(true);
          return;
        }
        if (!ownRequest) setAskRaise(false);
        bid.formProps.onSubmit(event);
      }}
      onInput={() => {
        typed.current = true;
      }}
      aria-label="Złóż ofertę"
      // The chat's corner button steps aside rather than cover "Licytuj" (on a phone it floats right there).
      data-keep-clear
    >
      <AmountField
        field={fields.Price}
        label="Twoja oferta (zł netto)"
        description={bidHint(phase, live.MinimumBid, minimumIncrement(live.LastPrice, live.MinIncrement))}
        disabled={disabled}
        button={
          <SubmitButton sending={bid.sending} disabled={disabled} look="accent">
            Licytuj
          </SubmitButton>
        }
      />
      {costs ? <CostBox amount={wholeZloty(fields.Price.value)} facts={costs} /> : null}
      {askRaise && leading ? (
        <RaiseOwnBidPrompt price={live.LastPrice} onCancel={() => setAskRaise(false)} />
      ) : null}
      {bid.sent && accepted !== null && !bid.invalid ? (
        <p className="mt-2 text-sm text-emerald-800">Przyjęliśmy Twoją ofertę {formatPrice(accepted)}.</p>
      ) : null}
    </form>
  );
}
