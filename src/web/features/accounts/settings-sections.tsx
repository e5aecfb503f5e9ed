import { useEffect, useState } from "react";
import {
  type AccountView,
  type CompanyDetails,
  changePasswordSchema,
  contractorUpdateSchema,
  marketingSchema,
  NOTIFICATION_KINDS,
  type NotificationKind,
  notificationsSchema,
  personSchema,
  STATEMENT_TEXT,
  statementSchema,
} from "../../../domain/account";
import { formatNip } from "../../../domain/nip";
import { api } from "../../api-client";
import { Card, CheckboxField, NewPasswordFields, Notice, SubmitButton, TextField, useForm } from "./ui";

export type Setter = (a: AccountView) => void;

/** The sections of /ustawienia (spec section 4 "Account settings"), each a form of its own. */
function Saved({ show }: { show: boolean }) {
  return show ? <Notice kind="success">Zapisano zmiany.</Notice> : null;
}

/** A section's form: its own values, validation, call and "saved" notice. */
function useSection<T extends Record<string, unknown>>(initial: T) {
  const form = useForm(initial);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (form.busy) setSaved(false);
  }, [form.busy]);
  return { form, saved, setSaved };
}

export function PersonSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const { form, saved, setSaved } = useSection({
    FirstName: account.FirstName,
    LastName: account.LastName,
    PhoneNumber: account.PhoneNumber,
  });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(personSchema);
    if (!input) return;
    void form.submit(async () => {
      onSaved(await api.put<AccountView>("/api/Account/Update", input, { alertOnBadRequest: false }));
      setSaved(true);
    });
  };
  return (
    <Card title="Dane osoby" id="person">
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Dane osoby"
      >
        <PersonFields form={form} />
        {form.formError ? <Notice kind="error">{form.formError}</Notice> : null}
        <Saved show={saved} />
        <div>
          <SubmitButton busy={form.busy}>Zapisz dane osoby</SubmitButton>
        </div>
      </form>
    </Card>
  );
}

type PersonForm = ReturnType<typeof useForm<{ FirstName: string; LastName: string; PhoneNumber: string }>>;
export function PersonFields({ form }: { form: PersonForm }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...form.bind("FirstName")} label="Imię" autoComplete="given-name" />
      <TextField {...form.bind("LastName")} label="Nazwisko" autoComplete="family-name" />
      <TextField
        {...form.bind("PhoneNumber")}
        label="Numer telefonu"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="np. 600 700 800"
      />
    </div>
  );
}

type CompanyValues = CompanyDetails;
export const companyValues = (a: AccountView): CompanyValues => ({
  Nip: formatNip(a.Nip),
  CompanyName: a.CompanyName,
  Regon: a.Regon,
  Street: a.Street,
  PostalCode: a.PostalCode,
  City: a.City,
});

export function CompanyFields({
  form,
  reverification,
}: {
  form: ReturnType<typeof useForm<CompanyValues>>;
  reverification: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      {reverification ? (
        <Notice kind="info">
          Zmieniono NIP lub nazwę firmy: sprawdzamy dane ponownie. Do zakończenia weryfikacji nie można
          licytować. Poinformujemy Cię e-mailem, gdy konto znów będzie aktywne.
        </Notice>
      ) : (
        <p className="text-sm text-slate-700" id="company-reverification-hint">
          Zmiana NIP-u lub nazwy firmy wymaga ponownej weryfikacji konta: do jej zakończenia nie można
          licytować. Adres i REGON możesz zmieniać bez weryfikacji.
        </p>
      )}
      <TextField {...form.bind("Nip")} label="NIP" inputMode="numeric" autoComplete="off" />
      <TextField {...form.bind("CompanyName")} label="Nazwa firmy" autoComplete="organization" />
      <TextField {...form.bind("Regon")} label="REGON (opcjonalnie)" inputMode="numeric" />
      <TextField {...form.bind("Street")} label="Ulica i numer" autoComplete="address-line1" />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField {...form.bind("PostalCode")} label="Kod pocztowy" autoComplete="postal-code" />
        <TextField {...form.bind("City")} label="Miejscowość" autoComplete="address-level2" />
      </div>
    </div>
  );
}

export function CompanySection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const { form, saved, setSaved } = useSection(companyValues(account));
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(contractorUpdateSchema);
    if (!input) return;
    void form.submit(async () => {
      onSaved(
        await api.patch<AccountView>("/api/Account/UpdateContractor", input, { alertOnBadRequest: false }),
      );
      setSaved(true);
    });
  };
  return (
    <Card title="Dane firmy" id="company">
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Dane firmy"
      >
        <CompanyFields form={form} reverification={account.CompanyReverification} />
        {form.formError ? <Notice kind="error">{form.formError}</Notice> : null}
        <Saved show={saved} />
        <div>
          <SubmitButton busy={form.busy}>Zapisz dane firmy</SubmitButton>
        </div>
      </form>
    </Card>
  );
}

export function StatementSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const { form } = useSection({ Accepted: false });
  if (account.StatementAccepted) {
    return (
      <Card title="Oświadczenie przedsiębiorcy" id="statement">
        <p className="text-slate-800">Złożono oświadczenie: {STATEMENT_TEXT}</p>
      </Card>
    );
  }
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(statementSchema);
    if (!input) return;
    void form.submit(async () => {
      onSaved(
        await api.put<AccountView>("/api/Account/UpdateStatement", input, { alertOnBadRequest: false }),
      );
    });
  };
  return (
    <Card title="Oświadczenie przedsiębiorcy" id="statement">
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Oświadczenie przedsiębiorcy"
      >
        <CheckboxField
          name="Accepted"
          label={STATEMENT_TEXT}
          checked={form.values.Accepted}
          onChange={form.set("Accepted")}
          error={form.errors.Accepted}
        />
        <div>
          <SubmitButton busy={form.busy}>Złóż oświadczenie</SubmitButton>
        </div>
      </form>
    </Card>
  );
}

export function MarketingSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const { form, saved, setSaved } = useSection({
    MarketingEmail: account.MarketingEmail,
    MarketingPhone: account.MarketingPhone,
  });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(marketingSchema);
    if (!input) return;
    void form.submit(async () => {
      onSaved(
        await api.put<AccountView>("/api/Account/UpdateMarketing", input, { alertOnBadRequest: false }),
      );
      setSaved(true);
    });
  };
  return (
    <Card title="Zgody marketingowe" id="marketing">
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-3"
        aria-label="Zgody marketingowe"
      >
        <CheckboxField
          name="MarketingEmail"
          label="Zgadzam się na otrzymywanie informacji handlowych o ofertach i aukcjach na mój adres e-mail."
          checked={form.values.MarketingEmail}
          onChange={form.set("MarketingEmail")}
        />
        <CheckboxField
          name="MarketingPhone"
          label="Zgadzam się na kontakt telefoniczny w sprawie ofert i aukcji."
          checked={form.values.MarketingPhone}
          onChange={form.set("MarketingPhone")}
        />
        <p className="text-sm text-slate-600">
          Zgody możesz wycofać w każdej chwili; zapisujemy datę każdej zmiany.
        </p>
        <Saved show={saved} />
        <div>
          <SubmitButton busy={form.busy}>Zapisz zgody</SubmitButton>
        </div>
      </form>
    </Card>
  );
}

export function NotificationsSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const { form, saved, setSaved } = useSection({ ...account.Notifications });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(notificationsSchema);
    if (!input) return;
    void form.submit(async () => {
      onSaved(
        await api.put<AccountView>("/api/Account/UpdateNotifications", input, { alertOnBadRequest: false }),
      );
      setSaved(true);
    });
  };
  return (
    <Card title="Powiadomienia e-mail" id="notifications">
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-3"
        aria-label="Powiadomienia e-mail"
      >
        <p className="text-slate-800">Wyślij mi e-mail:</p>
        {(Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((kind) => (
          <CheckboxField
            key={kind}
            name={kind}
            label={NOTIFICATION_KINDS[kind]}
            checked={form.values[kind]}
            onChange={form.set(kind)}
          />
        ))}
        <Saved show={saved} />
        <div>
          <SubmitButton busy={form.busy}>Zapisz powiadomienia</SubmitButton>
        </div>
      </form>
    </Card>
  );
}

export function PasswordSection() {
  const { form, saved, setSaved } = useSection({ CurrentPassword: "", NewPassword: "", RepeatPassword: "" });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = form.validate(changePasswordSchema);
    if (!input) return;
    void form.submit(async () => {
      await api.post("/api/Account/ChangePassword", input, { alertOnBadRequest: false });
      form.setValues({ CurrentPassword: "", NewPassword: "", RepeatPassword: "" });
      setSaved(true);
    });
  };
  return (
    <Card title="Zmiana hasła" id="password">
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Zmiana hasła"
      >
        <TextField
          {...form.bind("CurrentPassword")}
          label="Obecne hasło"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} />
        {form.formError ? <Notice kind="error">{form.formError}</Notice> : null}
        {saved ? (
          <Notice kind="success">Hasło zostało zmienione. Pozostałe urządzenia zostały wylogowane.</Notice>
        ) : null}
        <div>
          <SubmitButton busy={form.busy}>Zmień hasło</SubmitButton>
        </div>
      </form>
    </Card>
  );
}
