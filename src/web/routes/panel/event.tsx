import { data, Link } from "react-router";
import { carsCount, eventLotsFormSchema, eventPath } from "../../../domain/auctions/events";
import { formatDateTime } from "../../../domain/format";
import { auctionPanelPath } from "../../../domain/staff/auctions";
import { TextArea } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { PANEL_HEADERS, panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/event";

export function meta() {
  return panelMeta("Panel: wydarzenie aukcyjne");
}

const eventId = (raw: string) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1)
    throw data("Nie ma takiego wydarzenia aukcyjnego.", { status: 404, headers: PANEL_HEADERS });
  return id;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "auctions");
  const event = await context.services.auctions.events.get(eventId(params.id), { published: false });
  if (!event) throw data("Nie ma takiego wydarzenia aukcyjnego.", { status: 404, headers: PANEL_HEADERS });
  const { entries } = await context.services.staff.audit({ entity: "event", entityId: String(event.id) });
  return {
    event,
    added: new URL(request.url).searchParams.get("dodano") === "1",
    audit: entries.map((e) => ({ id: e.id, at: e.at.toISOString(), who: e.staffName, action: e.action })),
  };
}

/** More lots: the auctions' numbers in order, after the lots the event has. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "auctions");
  const id = eventId(params.id);
  return panelFormAction(await request.formData(), "lots", eventLotsFormSchema, async (v) => {
    const lots = await context.services.auctions.events.addLots(id, v.AuctionIds, member);
    return { notice: `Dodano samochody. W wydarzeniu jest ich teraz ${lots}.` };
  });
}

const link = "font-semibold text-brand-700 underline";
const ACTIONS: Record<string, string> = {
  "event.create": "utworzenie wydarzenia",
  "event.lots": "dodanie samochodów",
};

/** An event: its terms, its lots in order with their planned and current ends, more lots, its history. */
export default function PanelEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, added, audit } = loaderData;
  const form = usePanelForm(eventLotsFormSchema, { intent: "lots", answer: actionData });
  const live = new Map(event.live.map((l) => [l.AuctionId, l]));
  return (
    <PanelPage title={event.name}>
      {added ? <Notice kind="success">Utworzono wydarzenie.</Notice> : null}
      {form.notice ? <Notice kind="success">{form.notice}</Notice> : null}
      <p className="text-slate-700">
        {`${carsCount(event.lots.length)}. Licytacja od ${formatDateTime(new Date(event.startsAt))}; pierwszy koniec ${formatDateTime(new Date(event.firstCloseAt))}, kolejne co ${event.intervalSeconds} s. `}
        <Link className={link} to={eventPath(event.id)}>
          Strona wydarzenia
        </Link>
        {" · "}
        <Link className={link} to="/panel/wydarzenia">
          Wszystkie wydarzenia
        </Link>
      </p>
      <Panel title="Samochody w kolejności kończenia">
        <DataTable
          label="Samochody wydarzenia"
          columns={["Nr", "Aukcja", "Planowany koniec", "Koniec teraz", "Oferty"]}
          rows={event.lots}
          empty="Wydarzenie nie ma jeszcze samochodów."
          row={(l) => {
            const state = live.get(l.auctionId);
            return (
              <tr key={l.auctionId}>
                <td className={`${cellClass} tabular-nums`}>{l.lotNumber}</td>
                <td className={cellClass}>
                  <Link className={link} to={auctionPanelPath(l.auctionId)}>
                    {`${l.title} (nr ${l.auctionId})`}
                  </Link>
                  {l.status === "draft" ? " · szkic" : null}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatDateTime(new Date(l.plannedClose))}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {state ? formatDateTime(new Date(state.AuctionEnd)) : "–"}
                </td>
                <td className={`${cellClass} tabular-nums`}>{state?.Bets ?? 0}</td>
              </tr>
            );
          }}
        />
      </Panel>
      <Panel title="Dodaj samochody">
        <PanelForm form={form} label="Dodaj samochody" submit="Dodaj do wydarzenia" notice="errors">
          <TextArea
            field={form.fields.AuctionIds}
            label="Numery aukcji w kolejności kończenia"
            hint="Oddzielone przecinkami. Aukcje bez ofert; staną się kolejnymi pozycjami, a ich daty ustawi wydarzenie."
          />
        </PanelForm>
      </Panel>
      <Panel title="Historia zmian">
        <DataTable
          label="Historia zmian wydarzenia"
          columns={["Kiedy", "Kto", "Co"]}
          rows={audit}
          empty="Brak zmian."
          row={(a) => (
            <tr key={a.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(a.at))}</td>
              <td className={cellClass}>{a.who}</td>
              <td className={cellClass}>{ACTIONS[a.action] ?? a.action}</td>
            </tr>
          )}
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
