import { LITERAL_FIELDS, LITERAL_KEYS, literalsSchema } from "../../../domain/staff/literals";
import { TextArea, TextField } from "../../components/form/fields";
import { AuditTable } from "../../features/panel/audit-table";
import { panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/literals";

export function meta() {
  return panelMeta("Panel: teksty i dane kontaktowe");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const { literals, audit } = context.services.staff;
  const [values, log] = await Promise.all([literals.get(), audit({ entity: "literal" })]);
  return {
    values: Object.fromEntries(LITERAL_KEYS.map((k) => [k, values[k]])),
    audit: log.entries.slice(0, 20),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "content");
  return panelFormAction(await request.formData(), "save", literalsSchema, async (v) => {
    const changed = await context.services.staff.literals.save(v, member);
    return {
      notice: changed ? "Zapisano zmiany. Strony serwisu pokazują je od razu." : "Nic się nie zmieniło.",
    };
  });
}

/**
 * The site's texts and contact data (spec: Literals): the phones, e-mails, hours, the company's data,
 * the promises after a form and the winner's next steps. Saved together; the history lists each change.
 */
export default function PanelLiterals({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(literalsSchema, {
    intent: "save",
    answer: actionData,
    defaultValue: loaderData.values,
  });
  return (
    <PanelPage title="Teksty i dane kontaktowe">
      <Panel>
        <PanelForm form={form} label="Teksty" columns={2} submit="Zapisz teksty" whileSending="Zapisywanie…">
          {LITERAL_KEYS.map((key) => {
            const { label, kind, where } = LITERAL_FIELDS[key];
            const hint = `Gdzie: ${where}`;
            return kind === "text" ? (
              <div key={key} className="md:col-span-2">
                <TextArea
                  field={form.fields[key]}
                  label={label}
                  hint={hint}
                  rows={key === "FormDisclaimer" ? 8 : 3}
                  required
                />
              </div>
            ) : (
              <TextField
                key={key}
                field={form.fields[key]}
                label={label}
                hint={hint}
                type={kind === "phone" ? "tel" : kind === "email" ? "email" : "text"}
                required
              />
            );
          })}
        </PanelForm>
      </Panel>
      <Panel title="Ostatnie zmiany">
        <AuditTable entries={loaderData.audit} />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
