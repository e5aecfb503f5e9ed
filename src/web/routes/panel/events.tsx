import { Link, redirect } from "react-router";
import { eventFormSchema } from "../../../domain/auctions/events";
import { formatDateTime } from "../../../domain/format";
import { polishLocalTime } from "../../../domain/polish-time";
import { NumberField, TextArea, TextField } from "../../components/form/fields";
import { PANEL_HEADERS, panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/events";

export function meta() {
  return panelMeta("Panel: wydarzenia aukcyjne");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "auctions");
  const events = await context.services.auctions.events.list();
  return {
    events: events.map((e) => ({
      ...e,
      startsAt: e.startsAt.toISOString(),
      firstCloseAt: e.firstCloseAt.toISOString(),
    })),
    now: context.services.clock.now().toISOString(),
  };
}

/** A new event with its lots (the auctions' numbers, in order); then its page. */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "auctions");
  const now = context.services.clock.now();
  return panelFormAction(
    await request.formData(),
    "create",
    eventFormSchema(now, polishLocalTime),
    async (v) => {
      const { id } = await context.services.auctions.events.create(
        {
          Name: v.Name,
          StartsAt: polishLocalTime(v.Start),
          FirstCloseAt: polishLocalTime(v.FirstClose),
          IntervalSeconds: v.IntervalSeconds,
        },
        member,
        v.AuctionIds,
      );
      return redirect(`/panel/wydarzenia/${id}?dodano=1`, { headers: PANEL_HEADERS });
    },
  );
}

const link = "font-semibold text-brand-700 underline";

/** The auction events, the latest first, and the form of a new one. */
export default function PanelEvents({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(eventFormSchema(new Date(loaderData.now), polishLocalTime), {
    intent: "create",
    answer: actionData,
    defaultValue: { IntervalSeconds: "60" },
  });
  return (
    <PanelPage title="Wydarzenia aukcyjne">
      <p className="text-slate-700">
        Wydarzenie to nazwana sprzedaż, np. „Aukcja czwartkowa 4 grudnia: 40 samochodów”. Licytacja wszystkich
        samochodów zaczyna się razem, a kończą się one po kolei, co ustalony odstęp. Każdy samochód ma własne
        przedłużenie w ostatnich sekundach: przedłużenie jednego nie przesuwa pozostałych.
      </p>
      <Panel title="Nowe wydarzenie">
        <PanelForm form={form} label="Nowe wydarzenie" columns={3} submit="Utwórz wydarzenie" notice="errors">
          <div className="md:col-span-3">
            <TextField field={form.fields.Name} label="Nazwa" required />
          </div>
          <TextField
            field={form.fields.Start}
            label="Początek licytacji (czas polski)"
            type="datetime-local"
            required
          />
          <TextField
            field={form.fields.FirstClose}
            label="Koniec pierwszego samochodu (czas polski)"
            type="datetime-local"
            required
          />
          <NumberField field={form.fields.IntervalSeconds} label="Odstęp między końcami (s)" required />
          <div className="md:col-span-3">
            <TextArea
              field={form.fields.AuctionIds}
              label="Numery aukcji w kolejności kończenia"
              hint="Oddzielone przecinkami, np. 12, 15, 18. Aukcje bez ofert; ich daty ustawi wydarzenie. Kolejne dodasz na stronie wydarzenia."
            />
          </div>
        </PanelForm>
      </Panel>
      <Panel title="Wydarzenia">
        <DataTable
          label="Wydarzenia aukcyjne"
          columns={["Nazwa", "Początek", "Pierwszy koniec", "Odstęp", "Samochody"]}
          rows={loaderData.events}
          empty="Nie ma jeszcze wydarzeń."
          row={(e) => (
            <tr key={e.id}>
              <td className={cellClass}>
                <Link className={link} to={`/panel/wydarzenia/${e.id}`}>
                  {e.name}
                </Link>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(e.startsAt))}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(new Date(e.firstCloseAt))}</td>
              <td className={`${cellClass} tabular-nums`}>{`${e.intervalSeconds} s`}</td>
              <td className={`${cellClass} tabular-nums`}>{e.lots}</td>
            </tr>
          )}
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
