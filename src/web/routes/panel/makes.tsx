import { redirect } from "react-router";
import { formatDateTime } from "../../../domain/format";
import { makeSchema } from "../../../domain/staff/forms";
import { CheckboxField, TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { PANEL_HEADERS, panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/makes";

export function meta() {
  return panelMeta("Panel: marki");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "makes");
  const { builtIn, added } = await context.services.staff.makes.list();
  return {
    builtIn: [...builtIn],
    added: added.map((m) => ({ name: m.name, addedAt: m.addedAt.toISOString() })),
    justAdded: new URL(request.url).searchParams.get("dodano"),
  };
}

/** An admin adds a make the vocabulary does not have yet; offers of that make can then be saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaff(request, context, "makes");
  return panelFormAction(await request.formData(), "add", makeSchema, async (v) => {
    const name = await context.services.staff.makes.add(v, admin);
    return redirect(`/panel/marki?dodano=${encodeURIComponent(name)}`, { headers: PANEL_HEADERS });
  });
}

export default function PanelMakes({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(makeSchema, { intent: "add", answer: actionData });
  const { builtIn, added, justAdded } = loaderData;
  return (
    <PanelPage title="Marki">
      <p className="text-slate-700">
        Oferty (z panelu, z importu i z systemu flotowego) mogą mieć tylko markę ze słownika. Inną pisownię
        znanej marki („skoda”, „VW”) serwis sam zamienia na pisownię ze słownika, a nieznaną markę odrzuca.
        Markę, której jeszcze nie sprzedajemy, dodaj tutaj, zapisaną tak, jak pisze ją producent.
      </p>
      {justAdded ? <Notice kind="success">{`Dodano markę „${justAdded}”.`}</Notice> : null}
      <Panel title="Dodaj markę">
        <PanelForm form={form} label="Dodaj markę" columns={3} submit="Dodaj markę" notice="errors">
          <TextField field={form.fields.Name} label="Nazwa marki" autoComplete="off" />
          <div className="md:col-span-3">
            <CheckboxField field={form.fields.NotATypo}>
              To inna marka niż podobnie zapisana marka ze słownika
            </CheckboxField>
          </div>
        </PanelForm>
      </Panel>
      <Panel title="Dodane przez administratorów">
        <DataTable
          label="Dodane marki"
          columns={["Marka", "Dodano"]}
          rows={added}
          empty="Nie dodano jeszcze żadnej marki."
          row={(m) => (
            <tr key={m.name}>
              <td className={cellClass}>{m.name}</td>
              <td className={cellClass}>{formatDateTime(new Date(m.addedAt))}</td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Słownik wbudowany">
        <p className="text-slate-700">{builtIn.join(", ")}</p>
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
