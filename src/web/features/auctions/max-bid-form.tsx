import { useEffect, useId, useState } from "react";
import { checkMaxBid, unusualAmount } from "../../../domain/auctions/bid-form";
import type { MaxBidResult, MaxBidView } from "../../../domain/auctions/dto";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { maxBidExceeded, maxBidOutcomeText, myMaxBidText } from "../../../domain/auctions/status";
import { api } from "../../api-client";
import { AmountField, SubmitButton } from "../../components/form/fields";
import { checkedBy, useCheckedForm } from "../../components/form/use-checked-form";
import { useAskOnce } from "./ask-once";
import { bidRefusal } from "./bid-refusal";
import { BIDDER_REFUSALS, isBidderRefusal } from "./bidding-gate";
import { liveHub } from "./live-hub";
import { useLiveState } from "./use-live";

/**
 * 'Ustaw maksymalną ofertę' (proxy bid, ADR 019): the person's private maximum, next to the bid form.
 * Only its owner ever sees it (GET /api/Bidding/MaxBid); the server bids for them up to it.
 */
export function MaxBidForm({
  live,
  disabled,
  utoken,
  onRefused,
}: {
  live: LiveAuction;
  disabled: boolean;
  /** The signed-in person's token: while they lead, their maximum is not exceeded. */
  utoken: string;
  /** A refusal of BIDDER_REFUSALS: the gate looks again and shows its way out instead of this form. */
  onRefused: () => void;
}) {
  const [current, setCurrent] = useState<MaxBidView | null>(null);
  // `bets`: the bid count the outcome was true at (a later bid makes it stale: see below).
  const [outcome, setOutcome] = useState<{ text: string; good: boolean; bets: number } | null>(null);
  const { connectionId } = useLiveState();
  const askOnce = useAskOnce();

  useEffect(() => {
    let stop = false;
    api
      .get<MaxBidView>(`/api/Bidding/MaxBid?auctionId=${live.AuctionId}`)
      .then((v) => {
        if (!stop) setCurrent(v);
      })
      .catch(() => {});
    return () => {
      stop = true;
    };
  }, [live.AuctionId]);

  const max = useCheckedForm<{ MaxPrice: number }>(
    checkedBy((payload) => checkMaxBid(payload.MaxPrice)),
    {
      id: useId(),
      refusal: (err) => {
        if (!isBidderRefusal(err))
          return bidRefusal(
            "MaxPrice",
            "Nie udało się zapisać maksymalnej oferty. Sprawdź połączenie i spróbuj ponownie.",
          )(err);
        onRefused();
        return null;
      },
      async send({ MaxPrice }) {
        askOnce(MaxPrice, unusualAmount(MaxPrice, live.MinimumBid, "Ustaw maksymalną ofertę"));
        const res = await api.post<MaxBidResult>(
          "/api/Bidding/MaxBid",
          { AuctionId: live.AuctionId, MaxPrice, ConnectionId: connectionId },
          { alertOnBadRequest: false, passCodes: BIDDER_REFUSALS },
        );
        liveHub.applyOwnBid(res);
        setCurrent({ AuctionId: res.AuctionId, MaxPrice: res.MaxPrice, Exceeded: res.Exceeded });
        setOutcome({ good: !res.Exceeded, text: maxBidOutcomeText(res), bets: res.BidCount });
      },
    },
  );
  const { form, fields } = max;
  // Saved: the field is emptied for the next change.
  useEffect(() => {
    if (outcome) form.reset();
  }, [outcome, form.reset]);

  // Someone else's bid went above the maximum: the live price says so before any reload.
  const exceeded = current != null && maxBidExceeded(current, live, utoken);
  // Once exceeded it stays so (as on the server) until a new maximum: the person's own bid by hand
  // that leads afterwards does not make it bid again.
  useEffect(() => {
    if (exceeded && current && !current.Exceeded) setCurrent({ ...current, Exceeded: true });
  }, [exceeded, current]);

  return (
    <form
      {...max.formProps}
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      aria-label="Maksymalna oferta"
      data-testid="max-bid-form"
    >
      {current?.MaxPrice != null ? (
        <p className="text-sm font-semibold" data-testid="my-max-bid">
          {myMaxBidText(current.MaxPrice, live.LastPrice, exceeded)}
        </p>
      ) : null}
      <AmountField
        field={fields.MaxPrice}
        label={
          current?.MaxPrice != null ? "Zmień maksymalną ofertę (zł netto)" : "Maksymalna oferta (zł netto)"
        }
        description="Podaj najwyższą kwotę, jaką chcesz zapłacić. Gdy ktoś Cię przelicytuje, złożymy za Ciebie najniższą ofertę potrzebną do prowadzenia, najwyżej do tej kwoty. Nikt poza Tobą jej nie widzi; przy równych kwotach prowadzi wcześniej ustawiona."
        disabled={disabled}
        button={
          <SubmitButton sending={max.sending} disabled={disabled} whileSending="Zapisywanie…" look="outline">
            Ustaw maksymalną ofertę
          </SubmitButton>
        }
      />
      <div aria-live="polite">
        {/* Only while no bid came after it: "Prowadzisz z ofertą …" stayed under "została przelicytowana". */}
        {outcome && max.sent && !max.invalid && live.Bets <= outcome.bets ? (
          <p className={`text-sm ${outcome.good ? "text-emerald-800" : "font-semibold text-amber-900"}`}>
            {outcome.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
