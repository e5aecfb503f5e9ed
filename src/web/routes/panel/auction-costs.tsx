import {
  costTablesFormSchema,
  costTablesFromForm,
  feeBandsText,
  VOIVODESHIPS,
} from "../../../domain/auctions/costs";
import { NumberField, TextArea } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/auction-costs";

export function meta() {
  return panelMeta("Panel: opłaty aukcyjne i transport");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "auctions");
  return { tables: await context.services.auctions.costs() };
}

/** New tables replace the old ones at once (every auction page counts with them from then on). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "auctions");
  return panelFormAction(
    await request.formData(),
    "save",
    costTablesFormSchema,
    async (v) => {
      await context.services.auctions.saveCosts(costTablesFromForm(v), member);
      return { notice: "Zapisano opłaty i ceny transportu: strony aukcji liczą już według nich." };
    },
    { keepValues: true },
  );
}

/** The auction fee by price band and the transport price to each voivodeship, as the cost box counts. */
export default function PanelAuctionCosts({ loaderData, actionData }: Route.ComponentProps) {
  const { tables } = loaderData;
  const form = usePanelForm(costTablesFormSchema, {
    intent: "save",
    answer: actionData,
    defaultValue: {
      FeeBands: feeBandsText(tables.bands),
      ...Object.fromEntries(
        VOIVODESHIPS.map((v, i) => [
          `T${i}`,
          String(tables.transport.find((t) => t.voivodeship === v)?.price ?? 0),
        ]),
      ),
    },
  });
  const fields = form.fields as unknown as Record<string, Parameters<typeof NumberField>[0]["field"]>;
  return (
    <PanelPage title="Opłaty aukcyjne i transport">
      <p className="text-slate-700">
        Strona każdej aukcji liczy z nich koszt całkowity kwoty wpisanej w polu oferty: ofertę, opłatę
        aukcyjną według ceny, transport do wybranego województwa (albo odbiór własny bez opłaty) i VAT.
      </p>
      {form.notice ? <Notice kind="success">{form.notice}</Notice> : null}
      <Panel title="Tabele">
        <PanelForm
          form={form}
          label="Opłaty aukcyjne i transport"
          columns={3}
          submit="Zapisz"
          notice="errors"
        >
          <div className="md:col-span-3">
            <TextArea
              field={fields.FeeBands}
              label="Opłata aukcyjna netto według ceny (zł)"
              hint="Jeden próg w wierszu: „20000: 500” to opłata 500 zł do ceny 20 000 zł; ostatni wiersz „*: 1800” dla każdej wyższej ceny."
              rows={5}
            />
          </div>
          {VOIVODESHIPS.map((v, i) => (
            <NumberField key={v} field={fields[`T${i}`]} label={`Transport: woj. ${v} (zł netto)`} required />
          ))}
        </PanelForm>
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
