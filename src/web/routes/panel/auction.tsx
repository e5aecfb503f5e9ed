import { useEffect } from "react";
import { data, Form, Link, redirect, useRevalidator, useSearchParams } from "react-router";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { offerPath } from "../../../domain/catalogue/offer-url";
import { formatDateTime, formatPrice } from "../../../domain/format";
import { polishLocalInput } from "../../../domain/polish-time";
import {
  AUCTION_STATE_NAMES,
  auctionCarSchema,
  auctionPanelPath,
  auctionReasonSchema,
  auctionScheduleSchema,
  auctionTermsSchema,
} from "../../../domain/staff/auctions";
import { conditionReportFormSchema } from "../../../domain/staff/condition-report";
import { photoOrderSchema, photoUploadSchema } from "../../../domain/staff/offers";
import { SubmitButton, TextArea, TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { useLiveAuctions, useLiveState } from "../../features/auctions/use-live";
import { AuditTable } from "../../features/panel/audit-table";
import { CarFields, carFormValues } from "../../features/panel/car-fields";
import { ConditionReportForm, conditionReportDefaults } from "../../features/panel/condition-report-form";
import { OfferPhotos } from "../../features/panel/offer-photos";
import { oversizedPhotoPost, photoAction } from "../../features/panel/offer-photos.server";
import { PANEL_HEADERS, panelFormAction, recordParam, requireStaff } from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import {
  cellClass,
  Panel,
  PanelFormNotice,
  PanelPage,
  panelMeta,
  TableHead,
  TableScroll,
  tableClass,
} from "../../features/panel/ui";
import { useServerNow } from "../../lib/server-clock";
import type { Route } from "./+types/auction";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(params.id === "nowa" ? "Panel: nowa aukcja" : `Panel: aukcja nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiej aukcji.";
const auctionId = (id: string) => recordParam(id, "nowa", NOT_FOUND);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "auctions");
  const id = auctionId(params.id);
  if (id === null) return { auction: null, audit: [] };
  const { auctions, audit } = context.services.staff;
  // Its decisions are the auction's entries; its photos and publication, the offer's.
  const [auction, decisions, offerLog] = await Promise.all([
    auctions.get(id),
    audit({ entity: "auction", entityId: String(id) }),
    audit({ entity: "offer", entityId: String(id) }),
  ]);
  if (!auction) throw data(NOT_FOUND, { status: 404, headers: PANEL_HEADERS });
  const log = [...decisions.entries, ...offerLog.entries].sort((a, b) => +b.at - +a.at || b.id - a.id);
  return { auction, audit: log };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "auctions");
  const id = auctionId(params.id);
  const oversized = await oversizedPhotoPost(request);
  if (oversized) return oversized;
  const formData = await request.formData();
  const { auctions, offers } = context.services.staff;
  if (id === null) {
    return panelFormAction(formData, "save", auctionScheduleSchema, async (v) => {
      const created = await auctions.schedule(v, member);
      return redirect(`${auctionPanelPath(created)}?dodano=1`, { headers: PANEL_HEADERS });
    });
  }
  switch (formData.get("intent")) {
    case "publish":
      return panelFormAction(formData, "publish", buttonOnly, async () => {
        await offers.publish(id, member);
        return { notice: "Opublikowano aukcję: jest już na stronie." };
      });
    case "terms":
      return panelFormAction(formData, "terms", auctionTermsSchema, async (v) => {
        await auctions.changeTerms(id, v, member);
        return { notice: "Zapisano nowe warunki aukcji." };
      });
    case "cancel":
      return panelFormAction(formData, "cancel", auctionReasonSchema, async (v) => {
        await auctions.cancel(id, v.Reason, member);
        return { notice: "Odwołano aukcję. Licytujący dostaną e-mail z powodem." };
      });
    case "confirm":
      return panelFormAction(formData, "confirm", buttonOnly, async () => {
        await auctions.confirm(id, member);
        return { notice: "Potwierdzono sprzedaż zwycięzcy." };
      });
    case "release":
      return panelFormAction(formData, "release", auctionReasonSchema, async (v) => {
        await auctions.release(id, v.Reason, member);
        return { notice: "Zwolniono samochód." };
      });
    case "car":
      return panelFormAction(formData, "car", auctionCarSchema, async (v) => {
        await auctions.changeCar(id, v, member);
        return { notice: "Zapisano dane samochodu." };
      });
    case "report":
      return panelFormAction(formData, "report", conditionReportFormSchema, async (v) => {
        await auctions.saveReport(id, v, member);
        return { notice: "Zapisano opis stanu technicznego: licytujący widzą go na stronie aukcji." };
      });
    default: {
      const photos = photoAction(formData, id, offers, member);
      if (photos) return photos;
      throw data("Nieznana czynność.", { status: 400, headers: PANEL_HEADERS });
    }
  }
}

type Auction = NonNullable<Route.ComponentProps["loaderData"]["auction"]>;

const link = "text-sm font-semibold text-brand-700 underline";

/**
 * The auction's price, bids and end as they change: the hub's live state, and the bids table read
 * again whenever the number of bids moves.
 */
function LiveState({ auction, live }: { auction: Auction; live: LiveAuction }) {
  const [state] = useLiveAuctions([live]);
  const revalidator = useRevalidator();
  const bids = auction.offer.bidCount;
  useEffect(() => {
    if (state.Bets !== bids && revalidator.state === "idle") void revalidator.revalidate();
  }, [state.Bets, bids, revalidator]);
  // Once it has ended, the page is read again until the closing job's result (winner, decisions) is in.
  const settled = Boolean(auction.settlement);
  const endsAt = Date.parse(state.AuctionEnd);
  // The server's time (the hub's offset), not the browser's: a wrong clock on the staff's computer
  // does not decide when the result is looked for.
  const serverNow = useServerNow(undefined, useLiveState().offset);
  const ended = state.IsAuctionEnded || serverNow.getTime() >= endsAt;
  useEffect(() => {
    if (settled || !ended) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [settled, ended, revalidator]);
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]" aria-live="polite">
      <dt className="text-slate-600">Cena</dt>
      <dd className="font-semibold tabular-nums">
        {state.Bets ? formatPrice(state.LastPrice) : `wywoławcza ${formatPrice(state.StartingPrice)}`}
      </dd>
      <dt className="text-slate-600">Oferty</dt>
      <dd className="tabular-nums">{state.Bets}</dd>
      <dt className="text-slate-600">Początek</dt>
      <dd>{formatDateTime(new Date(state.AuctionStart))}</dd>
      <dt className="text-slate-600">Koniec</dt>
      <dd>{formatDateTime(new Date(state.AuctionEnd))}</dd>
    </dl>
  );
}

/** A form with one reason field and its button (cancel, release). */
function ReasonForm({
  form,
  intent,
  label,
  button,
}: {
  form: ReturnType<typeof usePanelForm>;
  intent: string;
  label: string;
  button: string;
}) {
  return (
    <Form {...form.formProps} method="post" className="flex flex-col gap-3" aria-label={button}>
      <input type="hidden" name="intent" value={intent} />
      <PanelFormNotice form={form} />
      <TextArea field={form.fields.Reason} label={label} maxLength={500} />
      <div>
        <SubmitButton sending={form.sending} whileSending={null} look="outline">
          {button}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** An auction: its state and bids live, the decisions staff take on it, its photos, terms and history. */
export default function PanelAuction({ loaderData, actionData }: Route.ComponentProps) {
  const { auction, audit } = loaderData;
  const [params] = useSearchParams();
  const schedule = usePanelForm(auctionScheduleSchema, {
    intent: "save",
    answer: actionData,
    defaultValue: { Doors: "5", Seats: "5" },
  });
  const o = auction?.offer;
  const terms = usePanelForm(auctionTermsSchema, {
    intent: "terms",
    answer: actionData,
    defaultValue: o
      ? {
          Start: o.auctionStart ? polishLocalInput(new Date(o.auctionStart)) : "",
          End: o.auctionEnd ? polishLocalInput(new Date(o.auctionEnd)) : "",
          StartingPrice: String(o.startingPrice ?? ""),
          MinIncrement: o.minIncrement === null ? "" : String(o.minIncrement),
        }
      : undefined,
  });
  const car = usePanelForm(auctionCarSchema, {
    intent: "car",
    answer: actionData,
    defaultValue: auction && o ? carFormValues(o, auction) : undefined,
  });
  const publish = usePanelForm(buttonOnly, { intent: "publish", answer: actionData });
  const cancel = usePanelForm(auctionReasonSchema, { intent: "cancel", answer: actionData });
  const confirm = usePanelForm(buttonOnly, { intent: "confirm", answer: actionData });
  const release = usePanelForm(auctionReasonSchema, { intent: "release", answer: actionData });
  const upload = usePanelForm(photoUploadSchema, { intent: "photos-add", answer: actionData });
  const report = usePanelForm(conditionReportFormSchema, {
    intent: "report",
    answer: actionData,
    defaultValue: conditionReportDefaults(auction?.report ?? null),
  });
  const arrange = usePanelForm(photoOrderSchema, { intent: "photos-arrange", answer: actionData });

  if (!auction || !o) {
    return (
      <PanelPage
        title="Nowa aukcja"
        actions={
          <Link className={link} to="/panel/aukcje">
            Wróć do aukcji
          </Link>
        }
      >
        <Panel title="Samochód i warunki aukcji">
          <Form
            {...schedule.formProps}
            method="post"
            className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
            aria-label="Nowa aukcja"
          >
            <input type="hidden" name="intent" value="save" />
            <div className="md:col-span-2 lg:col-span-3">
              <PanelFormNotice form={schedule} />
            </div>
            <CarFields fields={schedule.fields} />
            <TermsFields form={schedule} />
            <div className="md:col-span-2 lg:col-span-3">
              <SubmitButton sending={schedule.sending} whileSending="Zapisywanie…">
                Zapisz szkic aukcji
              </SubmitButton>
            </div>
          </Form>
        </Panel>
      </PanelPage>
    );
  }

  const title = [o.make, o.model, o.version].filter(Boolean).join(" ");
  const open = auction.state === "draft" || auction.state === "upcoming" || auction.state === "live";
  const decided = ["confirmed", "released", "cancelled"].includes(auction.state);
  return (
    <PanelPage
      title={`${title} (aukcja nr ${o.id})`}
      actions={
        <Link className={link} to="/panel/aukcje">
          Wróć do aukcji
        </Link>
      }
    >
      {params.get("dodano") && auction.state === "draft" ? (
        <Notice kind="success">
          Zapisano szkic aukcji. Dodaj zdjęcia i opublikuj ją przed jej początkiem.
        </Notice>
      ) : null}
      <Panel title="Stan aukcji">
        {/* The buttons change with the state: each one's outcome is said here, above them. */}
        {[publish, cancel, confirm, release].map((f, i) =>
          f.notice ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the four forms keep their order
            <div key={i} className="mb-3">
              <Notice kind="success">{f.notice}</Notice>
            </div>
          ) : null,
        )}
        <p className="mb-3 text-sm text-slate-700">
          Stan: <strong>{AUCTION_STATE_NAMES[auction.state]}</strong>
          {o.status === "active" || o.status === "sold" ? (
            <>
              {" · "}
              <a className={link} href={offerPath("auction", o.make, o.model, o.id)}>
                Zobacz na stronie
              </a>
            </>
          ) : null}
        </p>
        {auction.live ? <LiveState auction={auction} live={auction.live} /> : null}
        {auction.settlement ? (
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="text-slate-600">Zwycięzca</dt>
            <dd>
              {auction.winner
                ? `${auction.winner.company ?? auction.winner.email} (${auction.winner.email}), ${formatPrice(auction.settlement.finalPrice ?? 0)}`
                : "brak: nikt nie licytował"}
            </dd>
            {auction.settlement.reason ? (
              <>
                <dt className="text-slate-600">Powód</dt>
                <dd>{auction.settlement.reason}</dd>
              </>
            ) : null}
            {auction.settlement.decidedBy ? (
              <>
                <dt className="text-slate-600">Decyzja</dt>
                <dd>
                  {`${auction.settlement.decidedBy}, ${formatDateTime(new Date(auction.settlement.decidedAt ?? auction.settlement.settledAt))}`}
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <div className="mt-4 flex flex-col gap-4">
          {auction.state === "draft" ? (
            <Form {...publish.formProps} method="post" aria-label="Opublikuj aukcję">
              <input type="hidden" name="intent" value="publish" />
              {publish.notice ? null : <PanelFormNotice form={publish} />}
              <SubmitButton sending={publish.sending} whileSending={null}>
                Opublikuj
              </SubmitButton>
            </Form>
          ) : null}
          {auction.state === "ended" && auction.settlement?.winnerUserId ? (
            <Form {...confirm.formProps} method="post" aria-label="Potwierdź sprzedaż">
              <input type="hidden" name="intent" value="confirm" />
              {confirm.notice ? null : <PanelFormNotice form={confirm} />}
              <SubmitButton sending={confirm.sending} whileSending={null}>
                Potwierdź sprzedaż zwycięzcy
              </SubmitButton>
            </Form>
          ) : null}
          {auction.settlement?.outcome === "pending" ? (
            <ReasonForm
              form={release}
              intent="release"
              label="Powód zwolnienia samochodu (dostanie go zwycięzca)"
              button="Zwolnij samochód"
            />
          ) : null}
          {open ? (
            <ReasonForm
              form={cancel}
              intent="cancel"
              label="Powód odwołania (dostanie go każdy licytujący)"
              button="Odwołaj aukcję"
            />
          ) : null}
        </div>
      </Panel>
      <Panel title="Oferty licytujących">
        {auction.bids.length ? (
          <TableScroll label="Oferty licytujących">
            <table className={tableClass}>
              <TableHead columns={["Kwota", "Firma", "E-mail", "Złożona"]} />
              <tbody>
                {auction.bids.map((b) => (
                  <tr key={b.id}>
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatPrice(b.price)}</td>
                    <td className={cellClass}>{b.company ?? "–"}</td>
                    <td className={cellClass}>{b.email}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(b.at))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p className="text-sm text-slate-700">Nikt jeszcze nie licytował.</p>
        )}
      </Panel>
      {!decided ? (
        <Panel title="Zdjęcia">
          <OfferPhotos photos={auction.photos} alt={title} upload={upload} arrange={arrange} />
        </Panel>
      ) : null}
      {!decided ? (
        <Panel title="Opis stanu technicznego">
          {auction.report ? null : (
            <p className="mb-3 text-sm text-slate-700">
              Aukcja bez opisu pokazuje „Opis stanu technicznego w przygotowaniu”. Wpisz go po oględzinach.
            </p>
          )}
          <ConditionReportForm form={report} photos={auction.photos} />
        </Panel>
      ) : null}
      {open && o.bidCount === 0 ? (
        <Panel title="Warunki aukcji">
          <Form
            {...terms.formProps}
            method="post"
            className="grid gap-4 md:grid-cols-3"
            aria-label="Warunki aukcji"
          >
            <input type="hidden" name="intent" value="terms" />
            <div className="md:col-span-3">
              <PanelFormNotice form={terms} />
            </div>
            <TermsFields form={terms} />
            <div className="md:col-span-3">
              <SubmitButton sending={terms.sending} whileSending="Zapisywanie…">
                Zapisz warunki
              </SubmitButton>
            </div>
          </Form>
        </Panel>
      ) : null}
      {open && o.bidCount === 0 ? (
        <Panel title="Dane samochodu">
          <Form
            {...car.formProps}
            method="post"
            className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
            aria-label="Dane samochodu"
          >
            <input type="hidden" name="intent" value="car" />
            <div className="md:col-span-2 lg:col-span-3">
              <PanelFormNotice form={car} />
            </div>
            <CarFields fields={car.fields} />
            <div className="md:col-span-2 lg:col-span-3">
              <SubmitButton sending={car.sending} whileSending="Zapisywanie…">
                Zapisz dane samochodu
              </SubmitButton>
            </div>
          </Form>
        </Panel>
      ) : null}
      <Panel title="Historia zmian">
        <AuditTable entries={audit} showRecord={false} />
      </Panel>
    </PanelPage>
  );
}

/** The auction's dates (Polish time), starting price and, when it has one, its own minimum increment. */
function TermsFields({ form }: { form: ReturnType<typeof usePanelForm> }) {
  return (
    <>
      <TextField field={form.fields.Start} label="Początek (czas polski)" type="datetime-local" required />
      <TextField field={form.fields.End} label="Koniec (czas polski)" type="datetime-local" required />
      <TextField
        field={form.fields.StartingPrice}
        label="Cena wywoławcza netto (zł)"
        inputMode="numeric"
        required
      />
      <TextField
        field={form.fields.MinIncrement}
        label="Minimalne postąpienie (zł)"
        hint="Puste: według tabeli postąpień z regulaminu aukcji (od 100 zł, rośnie z ceną)."
        inputMode="numeric"
      />
    </>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
