import { useEffect, useId, useState } from "react";
import type { MaxBidResult, MaxBidView } from "../../../domain/auctions/dto";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { namedField } from "../../../domain/errors";
import { formatPrice } from "../../../domain/format";
import { ApiRequestError, api } from "../../api-client";
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
}: {
  live: LiveAuction;
  disabled: boolean;
  /** The signed-in person's token: while they lead, their maximum is not exceeded. */
  utoken: string;
}) {
  const id = useId();
  const [current, setCurrent] = useState<MaxBidView | null>(null);
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; good: boolean } | null>(null);
  const { connectionId } = useLiveState();

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

  // Someone else's bid went above the maximum: the live price says so before any reload.
  const exceeded =
    current?.MaxPrice != null &&
    live.UToken !== utoken &&
    (current.Exceeded || (live.LastPrice > current.MaxPrice && live.Bets > 0));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    const amount = Number(value.replace(/\s/g, ""));
    if (!value.trim() || !Number.isInteger(amount) || amount <= 0) {
      setError("Podaj maksymalną kwotę w pełnych złotych, bez groszy.");
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<MaxBidResult>(
        "/api/Bidding/MaxBid",
        { AuctionId: live.AuctionId, MaxPrice: amount, ConnectionId: connectionId },
        { alertOnBadRequest: false },
      );
      liveHub.applyOwnBid({
        ai: res.AuctionId,
        cp: res.CurrentPrice,
        wh: res.UToken ?? "",
        bn: res.BidCount,
        ae: res.AuctionEnd,
        mb: res.MinimumBid,
      });
      setCurrent({ AuctionId: res.AuctionId, MaxPrice: res.MaxPrice, Exceeded: res.Exceeded });
      setValue("");
      setDone({
        good: !res.Exceeded,
        text: res.Exceeded
          ? `Inny licytujący zaoferował więcej: maksymalna oferta ${formatPrice(res.MaxPrice)} została już przebita.`
          : res.Leading
            ? `Ustawiliśmy maksymalną ofertę ${formatPrice(res.MaxPrice)}. Prowadzisz z ofertą ${formatPrice(res.CurrentPrice)}.`
            : `Ustawiliśmy maksymalną ofertę ${formatPrice(res.MaxPrice)}.`,
      });
    } catch (err) {
      if (err instanceof ApiRequestError) {
        if (!err.handled) setError(namedField(err.message)?.message ?? err.message);
      } else setError("Nie udało się zapisać maksymalnej oferty. Sprawdź połączenie i spróbuj ponownie.");
    } finally {
      setBusy(false);
    }
  };

  const has = current?.MaxPrice != null;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      aria-label="Maksymalna oferta"
      data-testid="max-bid-form"
    >
      <label htmlFor={`${id}-max`} className="text-sm font-semibold">
        {has ? "Zmień maksymalną ofertę (zł netto)" : "Maksymalna oferta (zł netto)"}
      </label>
      <p id={`${id}-what`} className="text-sm text-slate-700">
        Podaj najwyższą kwotę, jaką chcesz zapłacić. Gdy ktoś Cię przelicytuje, złożymy za Ciebie najniższą
        ofertę potrzebną do prowadzenia, najwyżej do tej kwoty. Nikt poza Tobą jej nie widzi; przy równych
        kwotach prowadzi wcześniej ustawiona.
      </p>
      {has && current?.MaxPrice != null ? (
        <p className="text-sm font-semibold" data-testid="my-max-bid">
          {exceeded
            ? `Twoja maksymalna oferta ${formatPrice(current.MaxPrice)} została przebita.`
            : `Twoja maksymalna oferta: ${formatPrice(current.MaxPrice)}.`}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-max`}
          name="MaxPrice"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-describedby={`${id}-what${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setValue(e.target.value.replace(/[^\d\s]/g, "").slice(0, 11))}
          className="w-full min-w-0 flex-1 basis-40 rounded-md border border-slate-400 px-3 py-2 text-lg tabular-nums disabled:bg-slate-100"
        />
        <button
          type="submit"
          disabled={disabled || busy}
          className="shrink-0 rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? "Zapisywanie…" : "Ustaw maksymalną ofertę"}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {done ? (
          <p className={`text-sm ${done.good ? "text-emerald-800" : "font-semibold text-amber-900"}`}>
            {done.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
