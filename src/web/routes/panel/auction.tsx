import { type ReactNode, useEffect } from "react";
import { useRevalidator } from "react-router";
import { pickUpSlotFormSchema, proFormaFormSchema } from "../../../domain/auctions/after-win";
import { VOIVODESHIPS } from "../../../domain/auctions/costs";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { offerPath } from "../../../domain/catalogue/offer-url";
import { formatDateTime, formatPrice } from "../../../domain/format";
import { polishLocalInput } from "../../../domain/polish-time";
import {
  AUCTION_STATE_NAMES,
  auctionCarSchema,
  auctionConfirmSchema,
  auctionPanelPath,
  auctionReasonSchema,
  auctionScheduleSchema,
  auctionTermsSchema,
  settlementResult,
  winnerCompanyWarning,
} from "../../../domain/staff/auctions";
import { bidderPanelPath } from "../../../domain/staff/bidder-states";
import { conditionReportFormSchema } from "../../../domain/staff/condition-report";
import { PHOTOS_LOCKED, photoOrderSchema, photoUploadSchema } from "../../../domain/staff/offers";
import type { AfterWinService } from "../../../server/auctions/after-win";
import type { Actor } from "../../../server/staff/audit";
import { CheckboxField, NumberField, SelectField, TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { useLiveAuctions, useLiveState } from "../../features/auctions/use-live";
import { AfterWinPanel } from "../../features/panel/after-win-panel";
import { CarFields, carFormValues } from "../../features/panel/car-fields";
import { ConditionReportForm, conditionReportDefaults } from "../../features/panel/condition-report-form";
import { OfferPhotos } from "../../features/panel/offer-photos";
import { oversizedPhotoPost, photoForms } from "../../features/panel/offer-photos.server";
import {
  panelIntent,
  panelRecordAction,
  panelRecordLoader,
  panelRedirect,
} from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { PanelForm, ReasonForm, RecordPage } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, panelRecord } from "../../features/panel/ui";
import { useServerNow } from "../../lib/server-clock";
import type { Route } from "./+types/auction";

/** The page's words: its title, a new one's address, its 404. */
const RECORD = panelRecord({ noun: "aukcja", newRecord: "nowa", notFound: "Nie ma takiej aukcji." });

export const meta = RECORD.meta;

export async function loader(args: Route.LoaderArgs) {
  const { auctions } = args.context.services.staff;
  // Its decisions are the auction's entries; its photos and publication, the offer's.
  const {
    record: auction,
    audit,
    now,
  } = await panelRecordLoader(args, "auctions", {
    ...RECORD,
    // After the win, the winner's steps (ADR 063) beside the auction.
    get: async (id) => {
      const auction = await auctions.get(id);
      return auction && { ...auction, afterWin: await args.context.services.auctions.afterWin.forStaff(id) };
    },
    history: ["auction", "offer"],
  });
  return { auction, audit, now };
}

export const action = (args: Route.ActionArgs) =>
  panelRecordAction(
    args,
    "auctions",
    { ...RECORD, tooLarge: oversizedPhotoPost, otherwise: "save" },
    (id, member) => {
      const { auctions, offers } = args.context.services.staff;
      const now = args.context.services.clock.now();
      if (id === null) {
        const schedule = panelIntent(auctionScheduleSchema(now), async (v) => {
          const created = await auctions.schedule(v, member);
          return panelRedirect(`${auctionPanelPath(created)}?dodano=1`);
        });
        return { save: schedule };
      }
      return {
        ...photoForms(id, offers, member),
        publish: panelIntent(buttonOnly, async () => {
          await offers.publish(id, member);
          return { notice: "Opublikowano aukcję: jest już na stronie." };
        }),
        terms: panelIntent(auctionTermsSchema(now), async (v) => {
          await auctions.changeTerms(id, v, member);
          return { notice: "Zapisano nowe warunki aukcji." };
        }),
        cancel: panelIntent(auctionReasonSchema, async (v) => {
          await auctions.cancel(id, v.Reason, member);
          return { notice: "Odwołano aukcję. Licytujący dostaną e-mail z powodem." };
        }),
        confirm: panelIntent(auctionConfirmSchema, async (v) => {
          await auctions.confirm(id, member, v.UnverifiedCompany);
          return { notice: "Potwierdzono sprzedaż zwycięzcy." };
        }),
        accept: panelIntent(buttonOnly, async () => {
          await auctions.acceptHighest(id, member);
          return {
            notice: "Przyjęto najwyższą ofertę. Licytujący dostanie e-mail, sprzedaż czeka na potwierdzenie.",
          };
        }),
        release: panelIntent(auctionReasonSchema, async (v) => {
          await auctions.release(id, v.Reason, member);
          return { notice: "Zwolniono samochód." };
        }),
        car: panelIntent(auctionCarSchema(now), async (v) => {
          await auctions.changeCar(id, v, member);
          return { notice: "Zapisano dane samochodu." };
        }),
        report: panelIntent(conditionReportFormSchema(now), async (v) => {
          await auctions.saveReport(id, v, member);
          return { notice: "Zapisano opis stanu technicznego: licytujący widzą go na stronie aukcji." };
        }),
        ...afterWinIntents(args.context.services.auctions.afterWin, id, member, now),
      };
    },
  );

/** The steps staff set after the win; each is e-mailed to the winner. */
function afterWinIntents(afterWin: AfterWinService, id: number, member: Actor, now: Date) {
  return {
    proForma: panelIntent(proFormaFormSchema, async (v) => {
      await afterWin.setStep(id, "proForma", member, v.Delivery === "odbior" ? null : v.Delivery);
      return { notice: "Wystawiono fakturę pro forma. Zwycięzca dostał e-mail i może ją pobrać." };
    }),
    payment: panelIntent(buttonOnly, async () => {
      await afterWin.setStep(id, "payment", member);
      return { notice: "Potwierdzono otrzymanie wpłaty. Zwycięzca dostał e-mail." };
    }),
    documents: panelIntent(buttonOnly, async () => {
      await afterWin.setStep(id, "documents", member);
      return { notice: "Dokumenty są gotowe. Zwycięzca dostał e-mail." };
    }),
    slot: panelIntent(pickUpSlotFormSchema(now), async (v) => {
      await afterWin.offerSlot(id, v, member);
      return { notice: "Zaproponowano termin odbioru. Zwycięzca dostał e-mail z terminami do wyboru." };
    }),
  };
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
      {auction.offer.reservePrice !== null ? (
        <>
          <dt className="text-slate-600">Cena minimalna</dt>
          <dd data-testid="panel-reserve">
            {`${formatPrice(auction.offer.reservePrice)} (${
              state.Bets > 0 && state.LastPrice >= auction.offer.reservePrice ? "osiągnięta" : "nieosiągnięta"
            }; licytujący nie widzą kwoty)`}
          </dd>
        </>
      ) : null}
      {auction.offer.buyNowPrice !== null ? (
        <>
          <dt className="text-slate-600">Kup teraz</dt>
          <dd>{formatPrice(auction.offer.buyNowPrice)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The car's pick-up place as the page and the e-mails name it: "Warszawa (woj. mazowieckie)". */
const pickUpPlace = (o: { pickUpCity: string | null; pickUpVoivodeship: string | null }) =>
  o.pickUpVoivodeship ? `${o.pickUpCity} (woj. ${o.pickUpVoivodeship})` : (o.pickUpCity ?? "");

/** The terms form as the stored auction has them (dates in Polish time). */
function termsValues(o: Auction["offer"]) {
  return {
    Start: o.auctionStart ? polishLocalInput(new Date(o.auctionStart)) : "",
    End: o.auctionEnd ? polishLocalInput(new Date(o.auctionEnd)) : "",
    StartingPrice: String(o.startingPrice ?? ""),
    MinIncrement: o.minIncrement === null ? "" : String(o.minIncrement),
    ReservePrice: o.reservePrice === null ? "" : String(o.reservePrice),
    BuyNowPrice: o.buyNowPrice === null ? "" : String(o.buyNowPrice),
    VatTreatment: o.vatTreatment,
    PickUpCity: o.pickUpCity ?? "",
    PickUpVoivodeship: o.pickUpVoivodeship ?? "",
  };
}

type Loaded = Route.ComponentProps["loaderData"];
type AuctionForms = ReturnType<typeof useAuctionForms>;

/**
 * The page's forms, each posting its own intent, with the stored auction's values. Their rules
 * compare with the server's time as the page was read, not the computer's.
 */
function useAuctionForms({ auction, now: readAt }: Loaded, answer: Route.ComponentProps["actionData"]) {
  const now = new Date(readAt);
  const schedule = usePanelForm(auctionScheduleSchema(now), {
    intent: "save",
    answer,
    defaultValue: { Doors: "5", Seats: "5" },
  });
  const o = auction?.offer;
  const terms = usePanelForm(auctionTermsSchema(now), {
    intent: "terms",
    answer,
    defaultValue: o ? termsValues(o) : undefined,
  });
  const car = usePanelForm(auctionCarSchema(now), {
    intent: "car",
    answer,
    defaultValue: auction && o ? carFormValues(o, auction) : undefined,
  });
  const publish = usePanelForm(buttonOnly, { intent: "publish", answer });
  const cancel = usePanelForm(auctionReasonSchema, { intent: "cancel", answer });
  const confirm = usePanelForm(auctionConfirmSchema, { intent: "confirm", answer });
  const release = usePanelForm(auctionReasonSchema, { intent: "release", answer });
  const accept = usePanelForm(buttonOnly, { intent: "accept", answer });
  const upload = usePanelForm(photoUploadSchema, { intent: "photos-add", answer });
  const report = usePanelForm(conditionReportFormSchema(now), {
    intent: "report",
    answer,
    defaultValue: conditionReportDefaults(auction?.report ?? null),
  });
  const arrange = usePanelForm(photoOrderSchema, { intent: "photos-arrange", answer });
  const afterWin = {
    proForma: usePanelForm(proFormaFormSchema, {
      intent: "proForma",
      answer,
      defaultValue: { Delivery: "odbior" },
    }),
    payment: usePanelForm(buttonOnly, { intent: "payment", answer }),
    documents: usePanelForm(buttonOnly, { intent: "documents", answer }),
    slot: usePanelForm(pickUpSlotFormSchema(now), {
      intent: "slot",
      answer,
      defaultValue: { SlotPlace: o?.pickUpCity ? pickUpPlace(o) : "" },
    }),
  };
  return {
    schedule,
    terms,
    car,
    publish,
    cancel,
    confirm,
    release,
    accept,
    upload,
    report,
    arrange,
    afterWin,
  };
}

/** An auction: its state and bids live, the decisions staff take on it, its photos, terms and history. */
export default function PanelAuction({ loaderData, actionData }: Route.ComponentProps) {
  const { auction, audit } = loaderData;
  const forms = useAuctionForms(loaderData, actionData);
  const back = { to: "/panel/aukcje", label: "Wróć do aukcji" };
  const o = auction?.offer;
  if (!auction || !o) {
    return (
      <RecordPage title="Nowa aukcja" back={back}>
        <Panel title="Samochód i warunki aukcji">
          <CarForm form={forms.schedule} label="Nowa aukcja" submit="Zapisz szkic aukcji">
            <TermsFields form={forms.schedule} />
          </CarForm>
        </Panel>
      </RecordPage>
    );
  }

  const title = [o.make, o.model, o.version].filter(Boolean).join(" ");
  const open = auction.state === "draft" || auction.state === "upcoming" || auction.state === "live";
  const decided = ["confirmed", "released", "cancelled"].includes(auction.state);
  return (
    <RecordPage
      title={`${title} (aukcja nr ${o.id})`}
      back={back}
      added={
        auction.state === "draft"
          ? "Zapisano szkic aukcji. Dodaj zdjęcia i opublikuj ją przed jej początkiem."
          : null
      }
      audit={audit}
    >
      <AuctionStatePanel auction={auction} forms={forms} open={open} />
      {auction.afterWin ? (
        <AfterWinPanel
          auctionId={o.id}
          state={auction.afterWin}
          forms={forms.afterWin}
          pickUpCity={o.pickUpCity ? pickUpPlace(o) : null}
        />
      ) : null}
      <Panel title="Oferty licytujących">
        <BidsTable bids={auction.bids} ended={!open} />
      </Panel>
      {!decided ? (
        <Panel title="Zdjęcia">
          <OfferPhotos
            photos={auction.photos}
            alt={title}
            upload={forms.upload}
            arrange={forms.arrange}
            locked={photosLocked(auction)}
          />
        </Panel>
      ) : null}
      {!decided ? <ReportPanel auction={auction} form={forms.report} /> : null}
      {open && o.bidCount === 0 ? (
        <Panel title="Warunki aukcji">
          <PanelForm
            form={forms.terms}
            label="Warunki aukcji"
            columns={3}
            submit="Zapisz warunki"
            whileSending="Zapisywanie…"
          >
            <TermsFields form={forms.terms} />
          </PanelForm>
        </Panel>
      ) : null}
      {open && o.bidCount === 0 ? (
        <Panel title="Dane samochodu">
          <CarForm form={forms.car} label="Dane samochodu" submit="Zapisz dane samochodu" />
        </Panel>
      ) : null}
    </RecordPage>
  );
}

/**
 * 'Stan aukcji': what the last decision did, the state with the way to the public page, the live
 * price and bids, the outcome once settled, and the decisions the state allows.
 */
function AuctionStatePanel({
  auction,
  forms,
  open,
}: {
  auction: Auction;
  forms: AuctionForms;
  open: boolean;
}) {
  const o = auction.offer;
  return (
    <Panel title="Stan aukcji">
      {/* The buttons change with the state: each one's outcome is said here, above them. */}
      {[forms.publish, forms.cancel, forms.confirm, forms.release, forms.accept].map((f, i) =>
        f.notice ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the five forms keep their order
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
      {auction.settlement ? <SettlementFacts auction={auction} settlement={auction.settlement} /> : null}
      <AuctionDecisions auction={auction} forms={forms} open={open} />
    </Panel>
  );
}

/** Why the photos stay as they are: from the start bidders bid on the car they were shown. */
function photosLocked(auction: Auction): string | null {
  if (auction.state === "draft" || auction.state === "upcoming") return null;
  return auction.state === "live" ? PHOTOS_LOCKED.started : PHOTOS_LOCKED.ended;
}

/**
 * The condition report's form until the auction starts (a correction is the next version, and those
 * who favourited the auction are e-mailed); from the start the report stays as bidders read it.
 */
function ReportPanel({ auction, form }: { auction: Auction; form: AuctionForms["report"] }) {
  const r = auction.report;
  const version = r ? `Wersja ${r.version} z ${formatDateTime(new Date(r.savedAt))}.` : "";
  if (auction.state !== "draft" && auction.state !== "upcoming")
    return (
      <Panel title="Opis stanu technicznego">
        <p className="text-sm text-slate-700" data-testid="report-locked">
          {`Aukcja już się rozpoczęła: opisu nie można zmienić, licytujący licytują samochód opisany przed jej rozpoczęciem. ${version}`.trim()}
        </p>
      </Panel>
    );
  return (
    <Panel title="Opis stanu technicznego">
      <p className="mb-3 text-sm text-slate-700">
        {r
          ? `${version} Poprawka będzie kolejną wersją z datą; kto ma aukcję w ulubionych, dostanie e-mail.`
          : "Aukcja bez opisu pokazuje „Opis stanu technicznego w przygotowaniu”. Wpisz go po oględzinach."}
      </p>
      <ConditionReportForm form={form} photos={auction.photos} />
    </Panel>
  );
}

/** A closed auction's outcome: its winner and price, and who decided on it, when, and why. */
function SettlementFacts({
  auction,
  settlement,
}: {
  auction: Auction;
  settlement: NonNullable<Auction["settlement"]>;
}) {
  const result = settlementResult(settlement, auction.winner);
  return (
    <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="text-slate-600">{result.label}</dt>
      <dd data-testid="auction-outcome">{result.text}</dd>
      {settlement.reason ? (
        <>
          <dt className="text-slate-600">Powód</dt>
          <dd>{settlement.reason}</dd>
        </>
      ) : null}
      {settlement.decidedBy ? (
        <>
          <dt className="text-slate-600">Decyzja</dt>
          <dd>
            {`${settlement.decidedBy}, ${formatDateTime(new Date(settlement.decidedAt ?? settlement.settledAt))}`}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The decisions the auction's state allows: publish a draft, confirm the sale to the winner or
 * release the car after the end, cancel it while it is open.
 */
function AuctionDecisions({
  auction,
  forms,
  open,
}: {
  auction: Auction;
  forms: AuctionForms;
  open: boolean;
}) {
  return (
    <div className="mt-4 flex flex-col gap-4">
      {auction.state === "draft" ? (
        <PanelForm form={forms.publish} label="Opublikuj aukcję" submit="Opublikuj" notice="errors" />
      ) : null}
      {auction.state === "ended" && auction.settlement?.winnerUserId ? (
        <ConfirmSale auction={auction} form={forms.confirm} />
      ) : null}
      {auction.state === "unsold" ? (
        <PanelForm
          form={forms.accept}
          label="Przyjmij najwyższą ofertę"
          submit={`Przyjmij najwyższą ofertę ${formatPrice(auction.offer.currentPrice ?? 0)}`}
          notice="errors"
        >
          <p className="text-sm text-slate-700">
            Najwyższa oferta nie osiągnęła ceny minimalnej. Po negocjacjach możesz ją przyjąć: licytujący
            zostanie zwycięzcą i dostanie e-mail, a sprzedaż poczeka na potwierdzenie.
          </p>
        </PanelForm>
      ) : null}
      {auction.settlement?.outcome === "pending" || auction.settlement?.outcome === "unsold" ? (
        <ReasonForm
          form={forms.release}
          label={
            auction.settlement.winnerUserId
              ? "Powód zwolnienia samochodu (dostanie go zwycięzca)"
              : "Powód zwolnienia samochodu (zostanie w historii aukcji)"
          }
          button="Zwolnij samochód"
        />
      ) : null}
      {open ? (
        <ReasonForm
          form={forms.cancel}
          label="Powód odwołania (dostanie go każdy licytujący)"
          button="Odwołaj aukcję"
        />
      ) : null}
    </div>
  );
}

/**
 * The sale to the winner. A winner whose company changed its data after verification is named with
 * the verified name and the new one, and the sale needs the box ticked that says so.
 */
function ConfirmSale({ auction, form }: { auction: Auction; form: AuctionForms["confirm"] }) {
  const warning = auction.winnerCompany ? winnerCompanyWarning(auction.winnerCompany) : null;
  return (
    <PanelForm form={form} label="Potwierdź sprzedaż" submit="Potwierdź sprzedaż zwycięzcy" notice="errors">
      {warning ? (
        <>
          <div data-testid="winner-company-warning">
            <Notice kind="error">
              {warning}{" "}
              {auction.settlement?.winnerUserId ? (
                <a
                  className="font-semibold underline"
                  href={bidderPanelPath(auction.settlement.winnerUserId)}
                >
                  Zweryfikuj firmę
                </a>
              ) : null}
            </Notice>
          </div>
          <CheckboxField field={form.fields.UnverifiedCompany} required>
            Potwierdzam sprzedaż, choć nowe dane firmy zwycięzcy nie są jeszcze zweryfikowane
          </CheckboxField>
        </>
      ) : null}
    </PanelForm>
  );
}

/** The bids placed, each with its amount, the bidder's company and e-mail, and when. */
function BidsTable({ bids, ended }: { bids: Auction["bids"]; ended: boolean }) {
  return (
    <DataTable
      label="Oferty licytujących"
      columns={["Kwota", "Firma", "E-mail", "Złożona"]}
      rows={bids}
      empty={ended ? "Nikt nie licytował." : "Nikt jeszcze nie licytował."}
      row={(b) => (
        <tr key={b.id}>
          <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatPrice(b.price)}</td>
          <td className={cellClass}>{b.company ?? "–"}</td>
          <td className={cellClass}>{b.email}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(b.at))}</td>
        </tr>
      )}
    />
  );
}

/** A form of the car's fields (a new auction's: and its terms after them), the page's width. */
function CarForm({
  form,
  label,
  submit,
  children,
}: {
  form: ReturnType<typeof usePanelForm>;
  label: string;
  submit: string;
  children?: ReactNode;
}) {
  return (
    <PanelForm form={form} label={label} columns="wide" submit={submit} whileSending="Zapisywanie…">
      <CarFields fields={form.fields} />
      {children}
    </PanelForm>
  );
}

/** The auction's dates (Polish time), starting price and, when it has one, its own minimum increment. */
function TermsFields({ form }: { form: ReturnType<typeof usePanelForm> }) {
  return (
    <>
      <TextField field={form.fields.Start} label="Początek (czas polski)" type="datetime-local" required />
      <TextField field={form.fields.End} label="Koniec (czas polski)" type="datetime-local" required />
      <NumberField field={form.fields.StartingPrice} label="Cena wywoławcza netto (zł)" required />
      <NumberField
        field={form.fields.MinIncrement}
        label="Minimalne postąpienie (zł)"
        hint="Puste: według tabeli postąpień z regulaminu aukcji (od 100 zł, rośnie z ceną)."
      />
      <NumberField
        field={form.fields.ReservePrice}
        label="Cena minimalna netto (zł)"
        hint="Puste: bez ceny minimalnej. Licytujący widzą tylko, czy została osiągnięta."
      />
      <NumberField
        field={form.fields.BuyNowPrice}
        label="Cena „Kup teraz” netto (zł)"
        hint="Puste: bez „Kup teraz”. Dostępna, dopóki żadna oferta nie osiągnie ceny minimalnej."
      />
      <SelectField
        field={form.fields.VatTreatment}
        label="Faktura"
        options={[
          { value: "vat23", name: "Faktura VAT 23 %" },
          { value: "margin", name: "Faktura VAT-marża" },
        ]}
      />
      <TextField
        field={form.fields.PickUpCity}
        label="Miejsce odbioru: miejscowość"
        hint="Puste: bez miejsca odbioru na stronie aukcji (licytujący widzą wtedy tylko transport)."
      />
      <SelectField
        field={form.fields.PickUpVoivodeship}
        label="Miejsce odbioru: województwo"
        empty="—"
        options={VOIVODESHIPS}
      />
    </>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
