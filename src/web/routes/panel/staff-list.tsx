import { Link, redirect } from "react-router";
import { staffMemberSchema } from "../../../domain/staff/forms";
import { ROLE_NAMES } from "../../../domain/staff/roles";
import { EmailField, TextField } from "../../components/form/fields";
import { PANEL_HEADERS, panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { cellClass, DataTable, Panel, PanelPage, panelMeta, RoleSelect } from "../../features/panel/ui";
import type { Route } from "./+types/staff-list";

export function meta() {
  return panelMeta("Panel: pracownicy");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "staff");
  const members = await context.services.staff.members.list();
  return {
    members: members.map(({ id, name, email, role, active, ready }) => ({
      id,
      name,
      email,
      role,
      active,
      ready,
    })),
  };
}

/** An admin adds a member: the member gets the set-password link by e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaff(request, context, "staff");
  return panelFormAction(await request.formData(), "add", staffMemberSchema, async (v) => {
    const { member } = await context.services.staff.members.add(v, admin);
    return redirect(`/panel/pracownicy/${member.id}?dodano=1`, { headers: PANEL_HEADERS });
  });
}

export default function PanelStaff({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(staffMemberSchema, {
    intent: "add",
    answer: actionData,
    defaultValue: { Role: "sales" },
  });
  return (
    <PanelPage title="Pracownicy">
      <Panel>
        <DataTable
          label="Pracownicy"
          columns={["Imię i nazwisko", "E-mail", "Rola", "Stan"]}
          rows={loaderData.members}
          row={(m) => (
            <tr key={m.id}>
              <td className={cellClass}>
                <Link className="font-semibold text-brand-700 underline" to={`/panel/pracownicy/${m.id}`}>
                  {m.name}
                </Link>
              </td>
              <td className={cellClass}>{m.email}</td>
              <td className={cellClass}>{ROLE_NAMES[m.role]}</td>
              <td className={cellClass}>
                {!m.active ? "zablokowany" : m.ready ? "aktywny" : "czeka na ustawienie hasła i kodu"}
              </td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Dodaj pracownika">
        <PanelForm
          form={form}
          label="Dodaj pracownika"
          columns={3}
          submit="Dodaj i wyślij zaproszenie"
          notice="errors"
        >
          <TextField field={form.fields.Name} label="Imię i nazwisko" autoComplete="off" />
          <EmailField field={form.fields.Email} autoComplete="off" />
          <RoleSelect field={form.fields.Role} />
        </PanelForm>
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
