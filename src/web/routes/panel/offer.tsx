import { z } from "zod";
import { offerPath } from "../../../domain/catalogue/offer-url";
import { offerMarketingFields, offerMarketingFormSchema } from "../../../domain/catalogue/promotions";
import { formatDateTime, formatPrice } from "../../../domain/format";
import {
  OFFER_STATE_NAMES,
  type OfferFormInput,
  offerFormSchema,
  offerPanelPath,
  PANEL_SALE_TYPES,
  photoOrderSchema,
  photoUploadSchema,
} from "../../../domain/staff/offers";
import { reasonSchema } from "../../../domain/staff/table";
import { CheckboxField, NumberField, SelectField } from "../../components/form/fields";
import { CarFields, carFormValues } from "../../features/panel/car-fields";
import { marketingFormValues, OfferMarketingForm } from "../../features/panel/offer-marketing";
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
import { cellClass, DataTable, Panel, PanelFormNotice, panelRecord } from "../../features/panel/ui";
import type { Route } from "./+types/offer";

/** The page's words: its title, a new one's address, its 404. */
const RECORD = panelRecord({ noun: "oferta", newRecord: "nowa", notFound: "Nie ma takiej oferty." });

export const meta = RECORD.meta;

export async function loader(args: Route.LoaderArgs) {
  const { offers } = args.context.services.staff;
  const {
    record: car,
    audit,
    now,
  } = await panelRecordLoader(args, "offers", {
    ...RECORD,
    get: (id) => offers.get(id),
    history: ["offer"],
  });
  return { car, audit, now };
}

const reservationSchema = z.object({ Reserved: z.enum(["yes", "no"]) });

export const action = (args: Route.ActionArgs) =>
  panelRecordAction(
    args,
    "offers",
    { ...RECORD, tooLarge: oversizedPhotoPost, otherwise: "save" },
    (id, member) => {
      const { offers } = args.context.services.staff;
      const schema = offerFormSchema(args.context.services.clock.now());
      if (id === null) {
        const create = panelIntent(schema, async (v) => {
          const created = await offers.create(v, member);
          return panelRedirect(`${offerPanelPath(created)}?dodano=1`);
        });
        return { save: create };
      }
      return {
        ...photoForms(id, offers, member),
        save: panelIntent(schema, async (v) => {
          const { priceFell } = await offers.update(id, v, member);
          return {
            notice: priceFell
              ? "Zapisano zmiany. Cena spadła: alerty e-mail dostaną ofertę w najbliższym zestawieniu."
              : "Zapisano zmiany.",
          };
        }),
        marketing: panelIntent(offerMarketingFormSchema, async (v) => {
          const changed = await offers.setMarketing(id, v, member);
          return {
            notice: changed ? "Zapisano etykiety i promocje: strony oferty już je pokazują." : "Bez zmian.",
          };
        }),
        publish: panelIntent(buttonOnly, async () => {
          await offers.publish(id, member);
          return { notice: "Opublikowano ofertę: jest już na stronie." };
        }),
        withdraw: panelIntent(reasonSchema, async (v) => {
          await offers.withdraw(id, v.Reason, member);
          return { notice: "Wycofano ofertę: jej strona już się nie otwiera." };
        }),
        reservation: panelIntent(reservationSchema, async (v) => {
          await offers.reserve(id, v.Reserved === "yes", member);
          return { notice: v.Reserved === "yes" ? "Oferta jest zarezerwowana." : "Zdjęto rezerwację." };
        }),
      };
    },
  );

type Car = NonNullable<Route.ComponentProps["loaderData"]["car"]>;

/** The form's values of a stored car (numbers as the inputs show them). */
function formValues(car: Car): Record<keyof OfferFormInput, string | boolean> {
  const o = car.offer;
  const n = (v: number | null) => (v === null ? "" : String(v));
  return {
    SaleType: o.saleType,
    ...carFormValues(o, car),
    TotalPriceNetto: n(o.totalPriceNetto),
    TotalPriceNettoDiscount: n(o.totalPriceNettoDiscount),
    Leasing: o.isLeasingAvailable,
    Rent: o.isRentAvailable,
  };
}

const link = "text-sm font-semibold text-brand-700 underline";

type OfferForms = ReturnType<typeof useOfferForms>;

/** The page's forms, each posting its own intent; a new car's form starts with the usual choices. */
function useOfferForms(
  { car, now }: Route.ComponentProps["loaderData"],
  answer: Route.ComponentProps["actionData"],
) {
  const form = usePanelForm(offerFormSchema(new Date(now)), {
    intent: "save",
    answer,
    defaultValue: car
      ? formValues(car)
      : { SaleType: "new", Doors: "5", Seats: "5", Leasing: true, Rent: true },
  });
  const publish = usePanelForm(buttonOnly, { intent: "publish", answer });
  const withdraw = usePanelForm(reasonSchema, { intent: "withdraw", answer });
  const reservation = usePanelForm(reservationSchema, { intent: "reservation", answer });
  const upload = usePanelForm(photoUploadSchema, { intent: "photos-add", answer });
  const arrange = usePanelForm(photoOrderSchema, { intent: "photos-arrange", answer });
  const marketing = usePanelForm(offerMarketingFields, {
    intent: "marketing",
    answer,
    defaultValue: car
      ? marketingFormValues(car.offer.marketingLabels, car.offer.specialPromotions)
      : undefined,
  });
  return { form, publish, withdraw, reservation, upload, arrange, marketing };
}

/** A car: its state and the buttons that change it, its photos, its data and prices, and its history. */
export default function PanelOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { car, audit } = loaderData;
  const forms = useOfferForms(loaderData, actionData);
  const o = car?.offer;
  const title = o ? [o.make, o.model, o.version].filter(Boolean).join(" ") : "Nowa oferta";
  return (
    <RecordPage
      title={o ? `${title} (nr ${o.id})` : title}
      back={{ to: "/panel/oferty", label: "Wróć do ofert" }}
      added={
        car?.state === "draft"
          ? "Zapisano szkic oferty. Dodaj zdjęcia i opublikuj ją, gdy będzie gotowa."
          : null
      }
      audit={car ? audit : null}
    >
      {car ? <OfferStatePanel car={car} forms={forms} /> : null}
      {car ? (
        <Panel title="Zdjęcia">
          <OfferPhotos photos={car.photos} alt={title} upload={forms.upload} arrange={forms.arrange} />
        </Panel>
      ) : null}
      <Panel title="Dane samochodu i ceny">
        <OfferDataForm form={forms.form} stored={Boolean(car)} />
      </Panel>
      {car ? (
        <Panel title="Etykiety i promocje">
          <OfferMarketingForm form={forms.marketing} />
        </Panel>
      ) : null}
      {car ? (
        <Panel title="Historia cen">
          <PriceHistoryTable history={car.history} />
        </Panel>
      ) : null}
    </RecordPage>
  );
}

/**
 * 'Stan oferty': what the last button did, the state with the way to the public page, and the
 * buttons the state allows (publish; reserve or release and withdraw while on sale).
 */
function OfferStatePanel({ car, forms }: { car: Car; forms: OfferForms }) {
  const { publish, withdraw, reservation } = forms;
  const o = car.offer;
  return (
    <Panel title="Stan oferty">
      {/* The buttons change with the state: each one's outcome is said here, above them. */}
      <PanelFormNotice form={publish} />
      <PanelFormNotice form={withdraw} />
      <PanelFormNotice form={reservation} />
      <p className="text-sm text-slate-700">
        Stan: <strong>{OFFER_STATE_NAMES[car.state]}</strong>
        {o.status === "active" ? (
          <>
            {" · "}
            <a className={link} href={offerPath(o.saleType, o.make, o.model, o.id)}>
              Zobacz na stronie
            </a>
          </>
        ) : null}
      </p>
      {o.status === "withdrawn" && o.withdrawalReason ? (
        <p className="mt-1 text-sm text-slate-700">{`Powód wycofania: ${o.withdrawalReason}`}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {o.status === "draft" || o.status === "withdrawn" ? (
          <PanelForm form={publish} label="Opublikuj ofertę" submit="Opublikuj" notice="none" />
        ) : null}
        {o.status === "active" ? (
          <>
            <PanelForm
              form={reservation}
              label="Rezerwacja"
              submit={o.reservation ? "Zdejmij rezerwację" : "Zarezerwuj"}
              look="outline"
              notice="none"
            >
              <input type="hidden" name="Reserved" value={o.reservation ? "no" : "yes"} />
            </PanelForm>
            <ReasonForm
              form={withdraw}
              label="Powód wycofania"
              button="Wycofaj ze sprzedaży"
              notice="errors"
              required
            />
          </>
        ) : null}
      </div>
    </Panel>
  );
}

/** The car's data, its net price (and a lower one after a cut) and the ways of paying it offers. */
function OfferDataForm({ form, stored }: { form: OfferForms["form"]; stored: boolean }) {
  return (
    <PanelForm
      form={form}
      label="Dane oferty"
      columns="wide"
      submit={stored ? "Zapisz zmiany" : "Zapisz szkic"}
      whileSending="Zapisywanie…"
    >
      <SelectField field={form.fields.SaleType} label="Rodzaj oferty">
        {Object.entries(PANEL_SALE_TYPES).map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </SelectField>
      <CarFields fields={form.fields} />
      <NumberField field={form.fields.TotalPriceNetto} label="Cena netto (zł)" required />
      <NumberField
        field={form.fields.TotalPriceNettoDiscount}
        label="Cena netto po obniżce (zł; puste: bez obniżki)"
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Formy finansowania</legend>
        <CheckboxField field={form.fields.Leasing}>Leasing</CheckboxField>
        <CheckboxField field={form.fields.Rent}>Najem długoterminowy</CheckboxField>
      </fieldset>
      <p className="text-sm text-slate-700 md:col-span-2 lg:col-span-3">
        Raty „od” leasingu i najmu liczy kalkulator z ceny netto. Zmiana ceny oferty w sprzedaży trafia do
        historii cen, a obniżka do alertów e-mail.
      </p>
    </PanelForm>
  );
}

/** The prices the car had on sale, each from when it held. */
function PriceHistoryTable({ history }: { history: Car["history"] }) {
  return (
    <DataTable
      label="Historia cen"
      columns={["Od", "Cena netto", "Cena brutto", "Leasing od", "Najem od"]}
      rows={history}
      empty="Historia cen zaczyna się w chwili publikacji."
      row={(h) => (
        <tr key={h.id}>
          <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(h.changedAt))}</td>
          <td className={`${cellClass} tabular-nums`}>{priceOrDash(h.totalPriceNetto)}</td>
          <td className={`${cellClass} tabular-nums`}>{priceOrDash(h.totalPriceBrutto)}</td>
          <td className={`${cellClass} tabular-nums`}>{priceOrDash(h.leasePrice, "/mies.")}</td>
          <td className={`${cellClass} tabular-nums`}>{priceOrDash(h.rentPriceNetto, "/mies.")}</td>
        </tr>
      )}
    />
  );
}

/** A price of the history, or a dash where it had none. */
const priceOrDash = (price: number | null, per = "") =>
  price === null ? "–" : `${formatPrice(price)}${per}`;

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
