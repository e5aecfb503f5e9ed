import { staffChangeSchema } from "../../../domain/staff/forms";
import { ROLE_NAMES } from "../../../domain/staff/roles";
import { reasonSchema } from "../../../domain/staff/table";
import { CheckboxField, TextArea } from "../../components/form/fields";
import { uncheckedIsFalse } from "../../components/form/use-schema-form";
import { panelIntent, panelRecordAction, panelRecordLoader } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { ReasonDialog } from "../../features/panel/panel-table";
import { PanelForm, RecordPage } from "../../features/panel/record-page";
import { Panel, PanelFormNotice, panelMeta, RoleSelect } from "../../features/panel/ui";
import type { Route } from "./+types/staff-member";

export function meta({ loaderData }: Route.MetaArgs) {
  return panelMeta(`Panel: ${loaderData?.member.name ?? "pracownik"}`);
}

const NOT_FOUND = "Nie ma takiego pracownika.";

export async function loader(args: Route.LoaderArgs) {
  const {
    record: member,
    audit,
    member: admin,
  } = await panelRecordLoader(args, "staff", {
    notFound: NOT_FOUND,
    get: (id) => args.context.services.staff.members.get(id),
    history: ["staff"],
  });
  return { member, audit, self: admin.id === member.id };
}

const changeSchema = uncheckedIsFalse(staffChangeSchema);

/** A new role or blocked ('change'); a new set-password link and second factor ('reset'). */
export const action = (args: Route.ActionArgs) =>
  panelRecordAction(args, "staff", { notFound: NOT_FOUND, otherwise: "change" }, (id, admin) => {
    const { members } = args.context.services.staff;
    // Taking a member's password and second factor away is confirmed with its reason, kept in the log.
    const reset = panelIntent(reasonSchema, async (v) => {
      const { member } = await members.resetAccess(id, admin, v.Reason);
      return {
        notice: `Dostęp zresetowany. Wysłaliśmy nowy link do ustawienia hasła na adres ${member.email}.`,
      };
    });
    const change = panelIntent(changeSchema, async (v) => {
      await members.change(id, v, admin);
      return { notice: "Zapisano zmiany." };
    });
    return { reset, change };
  });

export default function PanelStaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member, audit, self } = loaderData;
  const change = usePanelForm(changeSchema, {
    intent: "change",
    answer: actionData,
    defaultValue: { Role: member.role, Active: member.active ? "on" : undefined },
  });
  const reset = usePanelForm(reasonSchema, { intent: "reset", answer: actionData });
  return (
    <RecordPage
      title={member.name}
      added={`Dodano pracownika. Wysłaliśmy e-mail z linkiem do ustawienia hasła na adres ${member.email}.`}
      audit={audit}
    >
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
        <PanelForm form={change} label="Rola i dostęp" submit="Zapisz zmiany">
          {self ? (
            <p className="text-sm text-slate-700">
              Własnej roli i dostępu nie zmienisz; może to zrobić inny administrator.
            </p>
          ) : null}
          <RoleSelect field={change.fields.Role} />
          <CheckboxField field={change.fields.Active}>
            Aktywny (odznacz, aby zablokować: wszystkie sesje zakończą się od razu)
          </CheckboxField>
          {member.active ? (
            <TextArea
              field={change.fields.Reason}
              label="Powód blokady (wymagany, gdy blokujesz dostęp)"
              maxLength={500}
            />
          ) : null}
        </PanelForm>
      </Panel>
      <Panel title="Zgubiony telefon lub hasło">
        <PanelFormNotice form={reset} />
        <p className="mb-3 text-sm text-slate-700">
          Pracownik dostanie e-mailem nowy link do ustawienia hasła i przy logowaniu ponownie doda aplikację
          uwierzytelniającą. Obecne hasło, kody zapasowe i sesje przestaną działać.
        </p>
        <ReasonDialog
          intent="reset"
          button="Zresetuj dostęp"
          title={`Zresetować hasło i drugi składnik: ${member.name}?`}
          reasonLabel="Powód resetu"
          confirm="Zresetuj dostęp"
        >
          <p className="mt-2 text-sm text-slate-700">
            Obecne hasło, kody zapasowe i wszystkie sesje przestaną działać od razu. Powód trafi do dziennika
            zmian.
          </p>
        </ReasonDialog>
      </Panel>
    </RecordPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
