import { data, Form, useSearchParams } from "react-router";
import { staffChangeSchema } from "../../../domain/staff/forms";
import { ROLE_NAMES } from "../../../domain/staff/roles";
import { CheckboxField, SubmitButton } from "../../components/form/fields";
import { uncheckedIsFalse } from "../../components/form/use-schema-form";
import { Notice } from "../../features/accounts/ui";
import { AuditTable } from "../../features/panel/audit-table";
import { PANEL_HEADERS, panelFormAction, requireStaff } from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { Panel, PanelFormNotice, PanelPage, panelMeta, RoleSelect } from "../../features/panel/ui";
import type { Route } from "./+types/staff-member";

export function meta({ loaderData }: Route.MetaArgs) {
  return panelMeta(`Panel: ${loaderData?.member.name ?? "pracownik"}`);
}

const memberId = (id: string) => {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0)
    throw data("Nie ma takiego pracownika.", { status: 404, headers: PANEL_HEADERS });
  return n;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireStaff(request, context, "staff");
  const member = await context.services.staff.members.get(memberId(params.id));
  if (!member) throw data("Nie ma takiego pracownika.", { status: 404, headers: PANEL_HEADERS });
  const { entries } = await context.services.staff.audit({ entity: "staff", entityId: String(member.id) });
  return { member, audit: entries, self: admin.id === member.id };
}

const changeSchema = uncheckedIsFalse(staffChangeSchema);

/** A new role or blocked ('change'); a new set-password link and second factor ('reset'). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireStaff(request, context, "staff");
  const id = memberId(params.id);
  const formData = await request.formData();
  const { members } = context.services.staff;
  if (formData.get("intent") === "reset") {
    return panelFormAction(formData, "reset", buttonOnly, async () => {
      const { member } = await members.resetAccess(id, admin);
      return {
        notice: `Dostęp zresetowany. Wysłaliśmy nowy link do ustawienia hasła na adres ${member.email}.`,
      };
    });
  }
  return panelFormAction(formData, "change", changeSchema, async (v) => {
    await members.change(id, v, admin);
    return { notice: "Zapisano zmiany." };
  });
}

export default function PanelStaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member, audit, self } = loaderData;
  const [params] = useSearchParams();
  const change = usePanelForm(changeSchema, {
    intent: "change",
    answer: actionData,
    defaultValue: { Role: member.role, Active: member.active ? "on" : undefined },
  });
  const reset = usePanelForm(buttonOnly, { intent: "reset", answer: actionData });
  return (
    <PanelPage title={member.name}>
      {params.get("dodano") ? (
        <Notice kind="success">
          Dodano pracownika. Wysłaliśmy e-mail z linkiem do ustawienia hasła na adres {member.email}.
        </Notice>
      ) : null}
      <Panel title="Dane">
        <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-600">E-mail</dt>
          <dd>{member.email}</dd>
          <dt className="text-slate-600">Rola</dt>
          <dd>{ROLE_NAMES[member.role]}</dd>
          <dt className="text-slate-600">Stan</dt>
          <dd>
            {!member.active ? "zablokowany" : member.ready ? "aktywny" : "czeka na ustawienie hasła i kodu"}
          </dd>
        </dl>
      </Panel>
      <Panel title="Rola i dostęp">
        <Form {...change.formProps} className="flex flex-col gap-4" aria-label="Rola i dostęp">
          <input type="hidden" name="intent" value="change" />
          <PanelFormNotice form={change} />
          {self ? (
            <p className="text-sm text-slate-700">
              Własnej roli i dostępu nie zmienisz; może to zrobić inny administrator.
            </p>
          ) : null}
          <RoleSelect field={change.fields.Role} />
          <CheckboxField field={change.fields.Active}>
            Aktywny (odznacz, aby zablokować: wszystkie sesje zakończą się od razu)
          </CheckboxField>
          <div>
            <SubmitButton sending={change.sending} whileSending={null}>
              Zapisz zmiany
            </SubmitButton>
          </div>
        </Form>
      </Panel>
      <Panel title="Zgubiony telefon lub hasło">
        <Form {...reset.formProps} className="flex flex-col gap-4" aria-label="Reset dostępu">
          <input type="hidden" name="intent" value="reset" />
          <PanelFormNotice form={reset} />
          <p className="text-sm text-slate-700">
            Pracownik dostanie e-mailem nowy link do ustawienia hasła i przy logowaniu ponownie doda aplikację
            uwierzytelniającą. Obecne hasło, kody zapasowe i sesje przestaną działać.
          </p>
          <div>
            <SubmitButton sending={reset.sending} whileSending={null}>
              Zresetuj dostęp
            </SubmitButton>
          </div>
        </Form>
      </Panel>
      <Panel title="Historia zmian">
        <AuditTable entries={audit} showRecord={false} />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
