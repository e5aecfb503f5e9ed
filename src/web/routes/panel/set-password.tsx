import { data, redirect } from "react-router";
import { staffSetPasswordSchema } from "../../../domain/staff/forms";
import { NewPasswordFields, Notice } from "../../features/accounts/ui";
import { PANEL_HEADERS, panelFormAction } from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { AuthCard, AuthForm, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/set-password";

export function meta() {
  return panelMeta("Ustaw hasło do panelu");
}

export function headers() {
  // The link's token is in the address: no Referer carries it to another site.
  return { ...PANEL_HEADERS, "Referrer-Policy": "no-referrer" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await context.services.staff.members.invited(params.token);
  if (!member) return data({ member: null }, { status: 410, headers: PANEL_HEADERS });
  return { member: { name: member.name, email: member.email } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return panelFormAction(await request.formData(), "password", staffSetPasswordSchema, async (v) => {
    await context.services.staff.members.setPassword(params.token, v.NewPassword);
    return redirect("/panel/logowanie?haslo=ustawione", { headers: PANEL_HEADERS });
  });
}

export default function PanelSetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(staffSetPasswordSchema, { intent: "password", answer: actionData });
  const { member } = loaderData;
  if (!member) {
    return (
      <AuthCard title="Link jest nieważny">
        <Notice kind="error">
          Link do ustawienia hasła wygasł albo został już użyty. Poproś administratora panelu o nowy.
        </Notice>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Ustaw hasło"
      intro={`${member.name} (${member.email}): ustaw hasło do panelu pracowników.`}
    >
      <AuthForm
        form={form}
        label="Ustawienie hasła"
        button="Ustaw hasło"
        notices={<input type="hidden" value={member.email} autoComplete="username" />}
      >
        <NewPasswordFields fields={form.fields} />
      </AuthForm>
    </AuthCard>
  );
}
