import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
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
import { DOCUMENTS } from "../../../domain/documents";
import { formatNip } from "../../../domain/nip";
import { api, logout } from "../../api-client";
import {
  Card,
  CheckboxField,
  linkClass,
  NewPasswordFields,
  Notice,
  PageShell,
  SubmitButton,
  TextField,
  useForm,
} from "../../features/accounts/ui";
import { useAccount } from "../../features/accounts/use-account";
import { session } from "../../lib/storage";

type Setter = (a: AccountView) => void;

/**
 * /ustawienia: the account's settings, one section per API call. With ?editmode=true it is the
 * "complete your profile" form that error 101 leads to: person, company and the statement at once.
 */
export default function Settings() {
  const [params] = useSearchParams();
  const { account, setAccount, failed } = useAccount();
  const editMode = params.get("editmode") === "true";
  const update: Setter = (a) => {
    setAccount(a);
    // The user menu shows the stored name: keep it in step with the profile.
    if (session.isLoggedIn()) session.save({ ...session.tokens()!, userName: a.UserName });
  };

  if (!account) {
    return (
      <PageShell title={editMode ? "Uzupełnij dane konta" : "Ustawienia konta"}>
        {failed ? (
          <Notice kind="error">Nie udało się wczytać danych konta. Odśwież stronę.</Notice>
        ) : (
          <p role="status" className="text-slate-700">
            Wczytywanie danych konta…
          </p>
        )}
      </PageShell>
    );
  }
  if (editMode) return <CompleteProfile account={account} onSaved={update} />;
  return (
    <PageShell
      title="Ustawienia konta"
      intro={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>Zalogowano jako {account.Email}.</p>
          <button type="button" onClick={() => void logout()} className={linkClass}>
            Wyloguj się
          </button>
        </div>
      }
    >
      <div className="flex flex-col gap-6">
        {params.get("zapisano") === "profil" && account.ProfileComplete ? (
          <Notice kind="success">Dane konta są uzupełnione. Możesz licytować na aukcjach.</Notice>
        ) : null}
        {!account.ProfileComplete ? (
          <Notice kind="info">
            Aby licytować, uzupełnij dane osoby i firmy oraz złóż oświadczenie przedsiębiorcy.{" "}
            <a href="/ustawienia?editmode=true" className={linkClass}>
              Uzupełnij dane
            </a>
          </Notice>
        ) : null}
        <PersonSection account={account} onSaved={update} />
        <CompanySection account={account} onSaved={update} />
        <StatementSection account={account} onSaved={update} />
        <MarketingSection account={account} onSaved={update} />
        <NotificationsSection account={account} onSaved={update} />
        <PasswordSection />
        <Card title="Regulamin aukcji" id="rules">
          <p className="text-slate-800">
            {account.RulesAccepted
              ? `Zaakceptowano obowiązującą wersję regulaminu aukcji (wersja ${account.AcceptedRulesVersion}).`
              : "Obowiązuje nowa wersja regulaminu aukcji, której jeszcze nie zaakceptowano."}{" "}
            {account.RulesAccepted ? (
              <a href={DOCUMENTS.auctionRules.url} className={linkClass} download>
                Pobierz regulamin
              </a>
            ) : (
              <a href="/zaakceptuj-regulamin" className={linkClass}>
                Przejdź do akceptacji
              </a>
            )}
          </p>
        </Card>
      </div>
    </PageShell>
  );
}

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

function PersonSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
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
function PersonFields({ form }: { form: PersonForm }) {
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
const companyValues = (a: AccountView): CompanyValues => ({
  Nip: formatNip(a.Nip),
  CompanyName: a.CompanyName,
  Regon: a.Regon,
  Street: a.Street,
  PostalCode: a.PostalCode,
  City: a.City,
});

function CompanyFields({
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

function CompanySection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
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

function StatementSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
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

function MarketingSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
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

function NotificationsSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
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

function PasswordSection() {
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

/** ?editmode=true: what bidding still needs, in one form (error 101 leads here). */
function CompleteProfile({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const navigate = useNavigate();
  const person = useForm({
    FirstName: account.FirstName,
    LastName: account.LastName,
    PhoneNumber: account.PhoneNumber,
  });
  const company = useForm(companyValues(account));
  const statement = useForm({ Accepted: account.StatementAccepted });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const p = person.validate(personSchema);
    const c = company.validate(contractorUpdateSchema);
    const s = account.StatementAccepted ? true : statement.validate(statementSchema);
    if (!p || !c || !s) {
      setError("Formularz został źle wypełniony, prosimy o poprawienie pól zaznaczonych kolorem czerwonym.");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await api.put("/api/Account/Update", p, { alertOnBadRequest: false });
      let latest = await api.patch<AccountView>("/api/Account/UpdateContractor", c, {
        alertOnBadRequest: false,
      });
      if (!account.StatementAccepted) {
        latest = await api.put<AccountView>(
          "/api/Account/UpdateStatement",
          { Accepted: true },
          { alertOnBadRequest: false },
        );
      }
      onSaved(latest);
      navigate("/ustawienia?zapisano=profil");
    } catch (err) {
      setError((err as Error).message.replace(/^Pole [\w.]+: /, ""));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell
      title="Uzupełnij dane konta"
      intro="Zanim zaczniesz licytować, potrzebujemy danych osoby korzystającej z konta, aktualnych danych firmy i oświadczenia przedsiębiorcy."
    >
      <form
        noValidate
        method="post"
        onSubmit={onSubmit}
        className="flex flex-col gap-6"
        aria-label="Uzupełnienie danych konta"
      >
        <Card title="Dane osoby" id="person">
          <PersonFields form={person} />
        </Card>
        <Card title="Dane firmy" id="company">
          <CompanyFields form={company} reverification={account.CompanyReverification} />
        </Card>
        {!account.StatementAccepted ? (
          <Card title="Oświadczenie przedsiębiorcy" id="statement">
            <CheckboxField
              name="Accepted"
              label={STATEMENT_TEXT}
              checked={statement.values.Accepted}
              onChange={statement.set("Accepted")}
              error={statement.errors.Accepted}
            />
          </Card>
        ) : null}
        {error ? <Notice kind="error">{error}</Notice> : null}
        <div>
          <SubmitButton busy={busy}>Zapisz dane</SubmitButton>
        </div>
      </form>
    </PageShell>
  );
}
