import { useEffect, useId, useState } from "react";
import {
  AFTER_WIN_STEP_NAMES,
  AFTER_WIN_STEP_TITLES,
  AFTER_WIN_STEP_WAITING,
  type AfterWin,
  type PickUpSlot,
} from "../../../domain/auctions/after-win";
import { formatDateTime, formatPrice, parseApiDateTime } from "../../../domain/format";
import { ApiRequestError, api } from "../../api-client";
import { useFileDownload } from "../../lib/save-file";

const slotText = (s: PickUpSlot) => `${formatDateTime(parseApiDateTime(s.Start))}, ${s.Place}`;

/**
 * The winner's steps after the win (ADR 066), as staff set them: the pro-forma (downloadable once
 * issued), the payment, the documents, and the pick-up, booked here from the slots staff offer.
 */
export function AfterWinSteps({ initial }: { initial: AfterWin }) {
  const [state, setState] = useState(initial);
  useEffect(() => setState(initial), [initial]);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-emerald-300 bg-white p-3 text-sm"
      data-testid={`after-win-${state.AuctionId}`}
    >
      <h2 id={headingId} className="font-bold">
        Kroki po wygranej
      </h2>
      <ol className="mt-2 flex flex-col gap-3">
        {state.Steps.map((s) => (
          <li key={s.Step} className="flex gap-2" data-testid={`after-win-step-${s.Step}`}>
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                s.Done ? "bg-emerald-700 text-white" : "border border-slate-400 text-slate-600"
              }`}
            >
              {s.Done ? "✓" : ""}
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-semibold">
                {AFTER_WIN_STEP_TITLES[s.Step]}
                <span className="sr-only">{s.Done ? ": zrobione" : ": w toku"}</span>
              </p>
              <p className="text-slate-700">
                {s.Done && s.At
                  ? `${AFTER_WIN_STEP_NAMES[s.Step]} ${formatDateTime(parseApiDateTime(s.At))}.`
                  : AFTER_WIN_STEP_WAITING[s.Step]}
              </p>
              {s.Step === "proForma" && state.ProForma ? (
                <ProFormaDownload auctionId={state.AuctionId} proForma={state.ProForma} />
              ) : null}
              {s.Step === "pickUp" ? <PickUp state={state} onBooked={setState} /> : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The pro-forma's number, amount and its PDF, fetched with the person's session and handed over as a file. */
function ProFormaDownload({
  auctionId,
  proForma,
}: {
  auctionId: number;
  proForma: NonNullable<AfterWin["ProForma"]>;
}) {
  const { busy, failed, download } = useFileDownload(
    () => api.get<Blob>("/api/WonAuctions/ProForma", { query: { auctionId }, quiet: true }),
    `pro-forma-aukcja-${auctionId}.pdf`,
  );
  return (
    <div className="flex flex-col gap-1">
      <p>{`Nr ${proForma.Number}, do zapłaty ${formatPrice(proForma.TotalBrutto)} brutto (${proForma.Delivery}).`}</p>
      <button
        type="button"
        onClick={download}
        disabled={busy}
        className="w-fit rounded-md border border-slate-400 px-3 py-2 font-semibold hover:bg-slate-50 disabled:opacity-60"
      >
        {busy ? "Przygotowywanie PDF…" : "Pobierz fakturę pro forma (PDF)"}
      </button>
      {failed ? (
        <p role="alert" className="text-red-700">
          Nie udało się pobrać faktury pro forma. Spróbuj ponownie.
        </p>
      ) : null}
    </div>
  );
}

/** The booked pick-up, and the offered slots to book (or to move the booking to another one). */
function PickUp({ state, onBooked }: { state: AfterWin; onBooked: (s: AfterWin) => void }) {
  const [choice, setChoice] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const legendId = useId();
  const others = state.PickUpSlots.filter((s) => s.SlotId !== state.PickUp?.SlotId);
  const book = async (e: React.FormEvent) => {
    e.preventDefault();
    if (choice === null) {
      setSaid({ ok: false, text: "Wybierz termin odbioru." });
      return;
    }
    setSending(true);
    setSaid(null);
    try {
      const next = await api.post<AfterWin>(
        "/api/WonAuctions/PickUp",
        { AuctionId: state.AuctionId, SlotId: choice },
        { quiet: true },
      );
      onBooked(next);
      setChoice(null);
      setSaid({
        ok: true,
        text: `Umówiono odbiór: ${next.PickUp ? slotText(next.PickUp) : ""}. Potwierdzenie wysłaliśmy e-mailem.`,
      });
    } catch (err) {
      setSaid({
        ok: false,
        text:
          err instanceof ApiRequestError && err.status === 409
            ? err.message
            : "Nie udało się umówić odbioru. Spróbuj ponownie.",
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {state.PickUp ? (
        <p className="font-semibold" data-testid="after-win-pick-up">{`Odbiór: ${slotText(state.PickUp)}`}</p>
      ) : null}
      {others.length ? (
        <form onSubmit={book} className="flex flex-col gap-2" aria-labelledby={legendId}>
          <fieldset className="flex flex-col gap-1">
            <legend id={legendId} className="font-semibold">
              {state.PickUp ? "Zmień termin odbioru" : "Wybierz termin odbioru"}
            </legend>
            {others.map((s) => (
              <label key={s.SlotId} className="flex items-start gap-2">
                <input
                  type="radio"
                  name={`termin-${state.AuctionId}`}
                  value={s.SlotId}
                  checked={choice === s.SlotId}
                  onChange={() => setChoice(s.SlotId)}
                  className="mt-1"
                />
                <span>{slotText(s)}</span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={sending}
            className="w-fit rounded-md bg-brand-700 px-3 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {sending ? "Umawianie…" : "Umów odbiór"}
          </button>
        </form>
      ) : null}
      <div role="status">
        {said ? <p className={said.ok ? "text-emerald-800" : "text-red-700"}>{said.text}</p> : null}
      </div>
    </div>
  );
}

/**
 * The steps on an ended auction's page, for its winner: read with their session (the page itself is
 * the same for everyone). Nothing is shown when the person is not the winner or the sale has ended.
 */
export function WinnerAfterWin({ auctionId }: { auctionId: number }) {
  const [state, setState] = useState<AfterWin | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The page learns of the end from the hub a moment before the closing job has settled the
    // auction: until then the steps are not there yet, so they are asked for again a few times.
    const read = (tries: number) => {
      api
        .get<AfterWin>("/api/WonAuctions/AfterWin", { query: { auctionId }, quiet: true })
        .then((s) => live && setState(s))
        .catch(() => {
          if (live && tries > 1) timer = setTimeout(() => read(tries - 1), 2_000);
        });
    };
    read(5);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [auctionId]);
  return state ? <AfterWinSteps initial={state} /> : null;
}
