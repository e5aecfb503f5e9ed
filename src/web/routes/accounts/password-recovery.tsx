import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { resetConfirmSchema, resetRequestSchema } from "../../../domain/account";
import { api } from "../../api-client";
import {
  buttonLinkClass,
  linkClass,
  NewPasswordFields,
  Notice,
  PageShell,
  SubmitButton,
  TextField,
  useForm,
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
  const form = useForm({ Email: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(resetRequestSchema);
    if (!input) return;
    void form.submit(async () => {
      await api.post("/api/Account/ResetPassword", input, { alertOnBadRequest: false });
      setSentTo(input.Email);
    });
  };
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
        <form
          noValidate
          method="post"
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          aria-label="Przypomnienie hasła"
        >
          {form.formError ? <Notice kind="error">{form.formError}</Notice> : null}
          <TextField
            {...form.bind("Email")}
            label="Adres e-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
          />
          <div>
            <SubmitButton busy={form.busy}>Wyślij link</SubmitButton>
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
  const form = useForm({ Token: token, NewPassword: "", RepeatPassword: "" });
  const [done, setDone] = useState(false);
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(resetConfirmSchema);
    if (!input) return;
    void form.submit(async () => {
      await api.post("/api/Account/ResetPassword/Confirm", input, { alertOnBadRequest: false });
      setDone(true);
    });
  };
  if (done) {
    return (
      <PageShell title="Hasło zostało zmienione">
        <div className="flex flex-col gap-4">
          <Notice kind="success">
            Nowe hasło jest ustawione. Ze względów bezpieczeństwa wylogowaliśmy wszystkie urządzenia.
          </Notice>
          <div>
            <Link to="/login" className={buttonLinkClass}>
              Zaloguj się
            </Link>
          </div>
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell title="Ustaw nowe hasło">
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Ustawienie nowego hasła"
      >
        {form.formError ? (
          <Notice kind="error">
            {form.formError}{" "}
            <Link to="/przypomnienie-hasla" className={linkClass}>
              Wyślij nowy link
            </Link>
          </Notice>
        ) : null}
        <NewPasswordFields form={form} />
        <div>
          <SubmitButton busy={form.busy}>Ustaw hasło</SubmitButton>
        </div>
      </form>
    </PageShell>
  );
}
