import { Link, redirect } from "react-router";
import { staffTotpSetupSchema } from "../../../domain/staff/forms";
import { buttonLinkClass, Notice } from "../../features/accounts/ui";
import {
  PANEL_HEADERS,
  panelFormAction,
  panelReturnTo,
  panelSession,
  requirePendingSignIn,
} from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { RecoveryCodes } from "../../features/panel/recovery-codes";
import { AuthCard, AuthForm, CodeField, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/setup";

export const meta = () => panelMeta("Drugi składnik logowania");

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = panelReturnTo(request);
  const found = await panelSession(request, context);
  // Just confirmed (the page that answers the form shows the recovery codes), or signed in already.
  if (found?.session.stage === "signed-in") return { secret: null, qrSvg: null, returnTo };
  if (!found) throw redirect("/panel/logowanie", { headers: PANEL_HEADERS });
  const { secret, qrSvg } = await context.services.staff.sessions.totpSetup(found.token);
  return { secret, qrSvg, returnTo };
}

/** The first code confirms the app; the recovery codes are shown once, on the answer's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const pending = await requirePendingSignIn(request, context);
  return panelFormAction(await request.formData(), "setup", staffTotpSetupSchema, (v) =>
    context.services.staff.sessions.confirmTotp(pending.token, v.Code),
  );
}

export default function PanelTotpSetup({ loaderData, actionData }: Route.ComponentProps) {
  const form = usePanelForm(staffTotpSetupSchema, { intent: "setup", answer: actionData });
  const recoveryCodes = actionData?.recoveryCodes;
  if (recoveryCodes || !loaderData.secret) {
    return (
      <AuthCard title={recoveryCodes ? "Kody zapasowe" : "Drugi składnik"}>
        <div className="flex flex-col gap-4">
          <Notice kind="success">Drugi składnik jest włączony.</Notice>
          {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
          <Link className={buttonLinkClass} to={loaderData.returnTo}>
            Przejdź do panelu
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Włącz drugi składnik"
      intro="Do panelu logujesz się hasłem i kodem z telefonu. Zrób to raz, przed pierwszym logowaniem."
    >
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-slate-800">
        <li>
          Zainstaluj w telefonie aplikację uwierzytelniającą, np. Google Authenticator, Microsoft
          Authenticator albo Aegis.
        </li>
        <li>
          Zeskanuj w niej kod QR albo wpisz klucz ręcznie.
          <div
            role="img"
            aria-label="Kod QR do zeskanowania w aplikacji uwierzytelniającej"
            className="mt-3 w-48 max-w-full"
            // The SVG is made on the server from our own otpauth address (uqr), never from input.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made SVG of the QR code
            dangerouslySetInnerHTML={{ __html: loaderData.qrSvg ?? "" }}
          />
          <p className="mt-2 text-sm">
            Klucz:{" "}
            <code className="rounded bg-slate-100 px-1 font-mono break-all" data-testid="totp-secret">
              {loaderData.secret}
            </code>
          </p>
        </li>
        <li>Wpisz 6 cyfr, które pokaże aplikacja.</li>
      </ol>
      <AuthForm
        form={form}
        label="Potwierdzenie aplikacji"
        button="Włącz i zaloguj się"
        className="mt-4 flex flex-col gap-4"
      >
        <CodeField field={form.fields.Code} label="Kod z aplikacji" />
      </AuthForm>
    </AuthCard>
  );
}
