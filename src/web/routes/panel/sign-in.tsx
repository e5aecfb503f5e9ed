import { redirect } from "react-router";
import { staffSignInSchema, TOO_MANY_CODES } from "../../../domain/staff/forms";
import { StaffError } from "../../../server/staff/staff-error";
import { EmailField, PasswordField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import {
  limitSignIn,
  PANEL_HEADERS,
  panelCookie,
  panelFormAction,
  panelReturnTo,
  panelSession,
  signInSucceeded,
} from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { AuthCard, AuthForm, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/sign-in";

export const meta = () => panelMeta("Logowanie do panelu");

export async function loader({ request, context }: Route.LoaderArgs) {
  if ((await panelSession(request, context))?.session.stage === "signed-in")
    throw redirect(panelReturnTo(request));
  const params = new URL(request.url).searchParams;
  return { passwordSet: params.get("haslo") === "ustawione", tooManyCodes: params.get("kody") === "za-duzo" };
}

/** Step one: e-mail and password; then the code (or, the first time, setting up the app). */
export async function action({ request, url, context }: Route.ActionArgs) {
  return panelFormAction(await request.formData(), "sign-in", staffSignInSchema, async (v) => {
    const attempt = await limitSignIn(context);
    if (attempt.refused) throw new StaffError(429, attempt.refused);
    const { token, setup } = await context.services.staff.sessions.signIn(v.Email, v.Password, {
      ip: context.clientIp,
      userAgent: request.headers.get("user-agent"),
    });
    await signInSucceeded(context, attempt.at);
    const search = url.search;
    return redirect(`/panel/logowanie/${setup ? "konfiguracja" : "kod"}${search}`, {
      headers: { ...PANEL_HEADERS, "Set-Cookie": panelCookie(context, token) },
    });
  });
}

export default function PanelSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(staffSignInSchema, { intent: "sign-in", answer: actionData });
  return (
    <AuthCard
      title="Logowanie"
      intro="Panel jest przeznaczony dla pracowników. Po haśle poprosimy o kod z telefonu."
    >
      <AuthForm
        form={form}
        label="Logowanie do panelu"
        button="Dalej"
        notices={
          <>
            {loaderData.passwordSet ? (
              <Notice kind="success">Hasło zostało ustawione. Zaloguj się.</Notice>
            ) : null}
            {loaderData.tooManyCodes ? <Notice kind="error">{TOO_MANY_CODES}</Notice> : null}
          </>
        }
      >
        <EmailField field={form.fields.Email} autoComplete="username" />
        <PasswordField field={form.fields.Password} label="Hasło" />
      </AuthForm>
    </AuthCard>
  );
}
