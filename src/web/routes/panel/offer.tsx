import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { offerPath } from "../../../domain/catalogue/offer-url";
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
import { CheckboxField, SelectField, SubmitButton, TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { AuditTable } from "../../features/panel/audit-table";
import { CarFields, carFormValues } from "../../features/panel/car-fields";
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
import type { Route } from "./+types/offer";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(params.id === "nowa" ? "Panel: nowa oferta" : `Panel: oferta nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiej oferty.";
const offerId = (id: string) => recordParam(id, "nowa", NOT_FOUND);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "offers");
  const id = offerId(params.id);
  if (id === null) return { car: null, audit: [] };
  const { offers, audit } = context.services.staff;
  const [car, log] = await Promise.all([offers.get(id), audit({ entity: "offer", entityId: String(id) })]);
  if (!car) throw data(NOT_FOUND, { status: 404, headers: PANEL_HEADERS });
  return { car, audit: log.entries };
}

const reservationSchema = z.object({ Reserved: z.enum(["yes", "no"]) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "offers");
  const id = offerId(params.id);
  const oversized = await oversizedPhotoPost(request);
  if (oversized) return oversized;
  const formData = await request.formData();
  const { offers } = context.services.staff;
  if (id === null) {
    return panelFormAction(formData, "save", offerFormSchema, async (v) => {
      const created = await offers.create(v, member);
      return redirect(`${offerPanelPath(created)}?dodano=1`, { headers: PANEL_HEADERS });
    });
  }
  switch (formData.get("intent")) {
    case "save":
      return panelFormAction(formData, "save", offerFormSchema, async (v) => {
        const { priceFell } = await offers.update(id, v, member);
        return {
          notice: priceFell
            ? "Zapisano zmiany. Cena spadła: alerty e-mail dostaną ofertę w najbliższym zestawieniu."
            : "Zapisano zmiany.",
        };
      });
    case "publish":
      return panelFormAction(formData, "publish", buttonOnly, async () => {
        await offers.publish(id, member);
        return { notice: "Opublikowano ofertę: jest już na stronie." };
      });
    case "withdraw":
      return panelFormAction(formData, "withdraw", buttonOnly, async () => {
        await offers.withdraw(id, member);
        return { notice: "Wycofano ofertę: jej strona już się nie otwiera." };
      });
    case "reservation":
      return panelFormAction(formData, "reservation", reservationSchema, async (v) => {
        await offers.reserve(id, v.Reserved === "yes", member);
        return { notice: v.Reserved === "yes" ? "Oferta jest zarezerwowana." : "Zdjęto rezerwację." };
      });
    default: {
      const photos = photoAction(formData, id, offers, member);
      if (photos) return photos;
      throw data("Nieznana czynność.", { status: 400, headers: PANEL_HEADERS });
    }
  }
}

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

/** A car: its state and the buttons that change it, its photos, its data and prices, and its history. */
export default function PanelOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { car, audit } = loaderData;
  const [params] = useSearchParams();
  const form = usePanelForm(offerFormSchema, {
    intent: "save",
    answer: actionData,
    defaultValue: car
      ? formValues(car)
      : { SaleType: "new", Doors: "5", Seats: "5", Leasing: true, Rent: true },
  });
  const publish = usePanelForm(buttonOnly, { intent: "publish", answer: actionData });
  const withdraw = usePanelForm(buttonOnly, { intent: "withdraw", answer: actionData });
  const reservation = usePanelForm(reservationSchema, { intent: "reservation", answer: actionData });
  const upload = usePanelForm(photoUploadSchema, { intent: "photos-add", answer: actionData });
  const arrange = usePanelForm(photoOrderSchema, { intent: "photos-arrange", answer: actionData });
  const o = car?.offer;
  const title = o ? [o.make, o.model, o.version].filter(Boolean).join(" ") : "Nowa oferta";
  return (
    <PanelPage
      title={o ? `${title} (nr ${o.id})` : title}
      actions={
        <Link className={link} to="/panel/oferty">
          Wróć do ofert
        </Link>
      }
    >
      {params.get("dodano") && car?.state === "draft" ? (
        <Notice kind="success">
          Zapisano szkic oferty. Dodaj zdjęcia i opublikuj ją, gdy będzie gotowa.
        </Notice>
      ) : null}
      {car && o ? (
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
          <div className="mt-4 flex flex-wrap gap-3">
            {o.status === "draft" || o.status === "withdrawn" ? (
              <Form {...publish.formProps} method="post" aria-label="Opublikuj ofertę">
                <input type="hidden" name="intent" value="publish" />
                <SubmitButton sending={publish.sending} whileSending={null}>
                  Opublikuj
                </SubmitButton>
              </Form>
            ) : null}
            {o.status === "active" ? (
              <>
                <Form {...reservation.formProps} method="post" aria-label="Rezerwacja">
                  <input type="hidden" name="intent" value="reservation" />
                  <input type="hidden" name="Reserved" value={o.reservation ? "no" : "yes"} />
                  <SubmitButton sending={reservation.sending} whileSending={null} look="outline">
                    {o.reservation ? "Zdejmij rezerwację" : "Zarezerwuj"}
                  </SubmitButton>
                </Form>
                <Form {...withdraw.formProps} method="post" aria-label="Wycofaj ofertę">
                  <input type="hidden" name="intent" value="withdraw" />
                  <SubmitButton sending={withdraw.sending} whileSending={null} look="outline">
                    Wycofaj ze sprzedaży
                  </SubmitButton>
                </Form>
              </>
            ) : null}
          </div>
        </Panel>
      ) : null}
      {car ? (
        <Panel title="Zdjęcia">
          <OfferPhotos photos={car.photos} alt={title} upload={upload} arrange={arrange} />
        </Panel>
      ) : null}
      <Panel title="Dane samochodu i ceny">
        <Form
          {...form.formProps}
          method="post"
          className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
          aria-label="Dane oferty"
        >
          <input type="hidden" name="intent" value="save" />
          <div className="md:col-span-2 lg:col-span-3">
            <PanelFormNotice form={form} />
          </div>
          <SelectField field={form.fields.SaleType} label="Rodzaj oferty">
            {Object.entries(PANEL_SALE_TYPES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </SelectField>
          <CarFields fields={form.fields} />
          <TextField
            field={form.fields.TotalPriceNetto}
            label="Cena netto (zł)"
            inputMode="numeric"
            required
          />
          <TextField
            field={form.fields.TotalPriceNettoDiscount}
            label="Cena netto po obniżce (zł; puste: bez obniżki)"
            inputMode="numeric"
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
          <div className="md:col-span-2 lg:col-span-3">
            <SubmitButton sending={form.sending} whileSending="Zapisywanie…">
              {car ? "Zapisz zmiany" : "Zapisz szkic"}
            </SubmitButton>
          </div>
        </Form>
      </Panel>
      {car ? (
        <>
          <Panel title="Historia cen">
            {car.history.length ? (
              <TableScroll label="Historia cen">
                <table className={tableClass}>
                  <TableHead columns={["Od", "Cena netto", "Cena brutto", "Leasing od", "Najem od"]} />
                  <tbody>
                    {car.history.map((h) => (
                      <tr key={h.id}>
                        <td className={`${cellClass} whitespace-nowrap`}>
                          {formatDateTime(new Date(h.changedAt))}
                        </td>
                        <td className={`${cellClass} tabular-nums`}>
                          {h.totalPriceNetto === null ? "–" : formatPrice(h.totalPriceNetto)}
                        </td>
                        <td className={`${cellClass} tabular-nums`}>
                          {h.totalPriceBrutto === null ? "–" : formatPrice(h.totalPriceBrutto)}
                        </td>
                        <td className={`${cellClass} tabular-nums`}>
                          {h.leasePrice === null ? "–" : `${formatPrice(h.leasePrice)}/mies.`}
                        </td>
                        <td className={`${cellClass} tabular-nums`}>
                          {h.rentPriceNetto === null ? "–" : `${formatPrice(h.rentPriceNetto)}/mies.`}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ) : (
              <p className="text-sm text-slate-700">Historia cen zaczyna się w chwili publikacji.</p>
            )}
          </Panel>
          <Panel title="Historia zmian">
            <AuditTable entries={audit} showRecord={false} />
          </Panel>
        </>
      ) : null}
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
