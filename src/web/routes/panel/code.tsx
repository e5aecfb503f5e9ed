import { Link, redirect } from "react-router";
import { staffCodeSchema } from "../../../domain/staff/forms";
import { linkClass } from "../../features/accounts/ui";
import {
  PANEL_HEADERS,
  panelFormAction,
  panelReturnTo,
  requirePendingSignIn,
} from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { AuthCard, AuthForm, CodeField, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/code";

export const meta = () => panelMeta("Kod logowania");

export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = await requirePendingSignIn(request, context);
  return { name: pending.member.name };
}

/** Step two: the app's code, or a recovery code (spent). */
export async function action({ request, context }: Route.ActionArgs) {
  const pending = await requirePendingSignIn(request, context);
  return panelFormAction(await request.formData(), "code", staffCodeSchema, async (v) => {
    const { recoveryCodesLeft } = await context.services.staff.sessions
      .secondFactor(pending.token, v.Code)
      .catch((err) => {
        // Too many wrong codes ended this sign-in: back to its first step, which says why.
        if ((err as { status?: number }).status === 401)
          throw redirect("/panel/logowanie?kody=za-duzo", { headers: PANEL_HEADERS });
        throw err;
      });
    const to = panelReturnTo(request);
    // Few recovery codes left: the account page, where new ones are made, says so.
    return redirect(recoveryCodesLeft !== null && recoveryCodesLeft <= 3 ? "/panel/konto?kody=malo" : to, {
      headers: PANEL_HEADERS,
    });
  });
}

export default function PanelCode({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(staffCodeSchema, { intent: "code", answer: actionData });
  return (
    <AuthCard
      title="Kod z aplikacji"
      intro={`${loaderData.name}, wpisz 6 cyfr, które pokazuje aplikacja uwierzytelniająca w Twoim telefonie.`}
    >
      <AuthForm
        form={form}
        label="Kod logowania"
        button="Zaloguj się"
        after={
          <p className="text-sm text-slate-600">
            Zgubiony telefon i brak kodów zapasowych? Poproś administratora o zresetowanie dostępu.{" "}
            <Link className={linkClass} to="/panel/logowanie">
              Wróć do logowania
            </Link>
          </p>
        }
      >
        <CodeField field={form.fields.Code} label="Kod" recovery />
      </AuthForm>
    </AuthCard>
  );
}
