import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FORM_INVALID_MESSAGE, resetConfirmSchema, resetRequestSchema } from "../../../domain/account";
import { api } from "../../api-client";
import { EmailField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import {
  accountRefusal,
  FormNotice,
  linkClass,
  NewPasswordFields,
  Notice,
  PageShell,
  SignInButton,
} from "../../features/accounts/ui";

/**
 * /przypomnienie-hasla: asks for the e-mail and sends a one-time link; the link comes back here with
 * ?token= and the person sets a new password.
 */
export default function PasswordRecovery() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <SetNewPassword token={token} /> : <RequestLink />;
}

function RequestLink() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(resetRequestSchema, {
    id: useId(),
    refusal: accountRefusal,
    async send(input) {
      await api.post("/api/Account/ResetPassword", input, { alertOnBadRequest: false });
      setSentTo(input.Email);
    },
  });
  return (
    <PageShell
      title="Nie pamiętasz hasła?"
      intro="Podaj adres e-mail konta. Wyślemy na niego link do ustawienia nowego hasła."
    >
      {sentTo ? (
        <Notice kind="success">
          Jeżeli adres {sentTo} ma konto w naszym serwisie, wysłaliśmy na niego link do ustawienia nowego
          hasła. Link jest ważny przez 60 minut i można go użyć tylko raz.
        </Notice>
      ) : (
        <form {...form.formProps} className="flex flex-col gap-4" aria-label="Przypomnienie hasła">
          <FormNotice form={form} />
          <EmailField field={form.fields.Email} />
          <div>
            <SubmitButton sending={form.sending} whileSending={null} needsScripts>
              Wyślij link
            </SubmitButton>
          </div>
        </form>
      )}
      <p className="mt-8 text-slate-700">
        <Link to="/login" className={linkClass}>
          Wróć do logowania
        </Link>
      </p>
    </PageShell>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const form = useSchemaForm(resetConfirmSchema, {
    id: useId(),
    refusal: accountRefusal,
    async send(input) {
      await api.post("/api/Account/ResetPassword/Confirm", input, { alertOnBadRequest: false });
      setDone(true);
    },
  });
  if (done) {
    return (
      <PageShell title="Hasło zostało zmienione">
        <div className="flex flex-col gap-4">
          <Notice kind="success">
            Nowe hasło jest ustawione. Ze względów bezpieczeństwa wylogowaliśmy wszystkie urządzenia.
          </Notice>
          <SignInButton />
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell title="Ustaw nowe hasło">
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Ustawienie nowego hasła">
        {form.serverError || form.invalid ? (
          <Notice kind="error">
            {form.serverError ?? FORM_INVALID_MESSAGE}{" "}
            <Link to="/przypomnienie-hasla" className={linkClass}>
              Wyślij nowy link
            </Link>
          </Notice>
        ) : null}
        <input type="hidden" name="Token" value={token} />
        <NewPasswordFields fields={form.fields} />
        <div>
          <SubmitButton sending={form.sending} whileSending={null} needsScripts>
            Ustaw hasło
          </SubmitButton>
        </div>
      </form>
    </PageShell>
  );
}
