import { type ReactNode, useId } from "react";
import type { z } from "zod";
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
  WON_MAIL_ALWAYS,
} from "../../../domain/account";
import { formatNip } from "../../../domain/nip";
import { api } from "../../api-client";
import {
  CheckboxField,
  type Field,
  PasswordField,
  SubmitButton,
  TextField,
} from "../../components/form/fields";
import { uncheckedIsFalse, useSchemaForm } from "../../components/form/use-schema-form";
import { accountRefusal, Card, FormNotice, NewPasswordFields, Notice } from "./ui";

export type Setter = (a: AccountView) => void;

/** The sections of /ustawienia (spec section 4 "Account settings"), each a form of its own. */

/** A section's form: its schema, its values at first, and its call. */
function useSection<S extends z.ZodObject>(
  schema: S,
  defaultValue: Record<string, unknown>,
  save: (input: z.output<S>) => Promise<void>,
) {
  return useSchemaForm(schema, { id: useId(), defaultValue, refusal: accountRefusal, send: save });
}

/** A section's card and form: its fields, the notices, and the save button. */
function SectionForm({
  title,
  id,
  form,
  saved = "Zapisano zmiany.",
  button,
  children,
}: {
  title: string;
  id: string;
  form: ReturnType<typeof useSection>;
  saved?: string;
  button: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} id={id}>
      <form {...form.formProps} className="flex flex-col gap-4" aria-label={title}>
        {children}
        <FormNotice form={form} />
        {form.sent ? <Notice kind="success">{saved}</Notice> : null}
        <div>
          <SubmitButton sending={form.sending} whileSending={null} needsScripts>
            {button}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

const put = (path: string) => (input: unknown) =>
  api.put<AccountView>(path, input, { alertOnBadRequest: false });

export const personValues = (a: AccountView) => ({
  FirstName: a.FirstName,
  LastName: a.LastName,
  PhoneNumber: a.PhoneNumber,
});

export function PersonSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const form = useSection(personSchema, personValues(account), async (input) =>
    onSaved(await put("/api/Account/Update")(input)),
  );
  return (
    <SectionForm title="Dane osoby" id="person" form={form} button="Zapisz dane osoby">
      <PersonFields fields={form.fields} />
    </SectionForm>
  );
}

export function PersonFields({
  fields,
}: {
  fields: Record<"FirstName" | "LastName" | "PhoneNumber", Field>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField field={fields.FirstName} label="Imię" autoComplete="given-name" />
      <TextField field={fields.LastName} label="Nazwisko" autoComplete="family-name" />
      <TextField
        field={fields.PhoneNumber}
        label="Numer telefonu"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="np. 600 700 800"
      />
    </div>
  );
}

export const companyValues = (a: AccountView): CompanyDetails => ({
  Nip: formatNip(a.Nip),
  CompanyName: a.CompanyName,
  Regon: a.Regon,
  Street: a.Street,
  PostalCode: a.PostalCode,
  City: a.City,
});

type CompanyFieldNames = "Nip" | "CompanyName" | "Regon" | "Street" | "PostalCode" | "City";

export function CompanyFields({
  fields,
  reverification,
}: {
  fields: Record<CompanyFieldNames, Field>;
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
      <TextField field={fields.Nip} label="NIP" inputMode="numeric" autoComplete="off" />
      <CompanyDetailsFields fields={fields} />
    </div>
  );
}

/** A company's name, REGON and address, under its NIP (registration, the account's settings). */
export function CompanyDetailsFields({
  fields,
}: {
  fields: Record<Exclude<CompanyFieldNames, "Nip">, Field>;
}) {
  return (
    <>
      <TextField field={fields.CompanyName} label="Nazwa firmy" autoComplete="organization" />
      <TextField field={fields.Regon} label="REGON (opcjonalnie)" inputMode="numeric" />
      <TextField field={fields.Street} label="Ulica i numer" autoComplete="address-line1" />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          field={fields.PostalCode}
          label="Kod pocztowy"
          autoComplete="postal-code"
          hint="np. 00-950"
        />
        <TextField field={fields.City} label="Miejscowość" autoComplete="address-level2" />
      </div>
    </>
  );
}

export function CompanySection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const form = useSection(contractorUpdateSchema, companyValues(account), async (input) =>
    onSaved(
      await api.patch<AccountView>("/api/Account/UpdateContractor", input, { alertOnBadRequest: false }),
    ),
  );
  return (
    <SectionForm title="Dane firmy" id="company" form={form} button="Zapisz dane firmy">
      <CompanyFields fields={form.fields} reverification={account.CompanyReverification} />
    </SectionForm>
  );
}

export function StatementSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const form = useSection(statementSchema, {}, async (input) =>
    onSaved(await put("/api/Account/UpdateStatement")(input)),
  );
  if (account.StatementAccepted) {
    return (
      <Card title="Oświadczenie przedsiębiorcy" id="statement">
        <p className="text-slate-800">Złożono oświadczenie: {STATEMENT_TEXT}</p>
      </Card>
    );
  }
  return (
    <SectionForm title="Oświadczenie przedsiębiorcy" id="statement" form={form} button="Złóż oświadczenie">
      <CheckboxField field={form.fields.Accepted}>{STATEMENT_TEXT}</CheckboxField>
    </SectionForm>
  );
}

const marketingFormSchema = uncheckedIsFalse(marketingSchema);

export function MarketingSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const form = useSection(
    marketingFormSchema,
    { MarketingEmail: account.MarketingEmail, MarketingPhone: account.MarketingPhone },
    async (input) => onSaved(await put("/api/Account/UpdateMarketing")(input)),
  );
  return (
    <SectionForm title="Zgody marketingowe" id="marketing" form={form} button="Zapisz zgody">
      <CheckboxField field={form.fields.MarketingEmail}>
        Zgadzam się na otrzymywanie informacji handlowych o ofertach i aukcjach na mój adres e-mail.
      </CheckboxField>
      <CheckboxField field={form.fields.MarketingPhone}>
        Zgadzam się na kontakt telefoniczny w sprawie ofert i aukcji.
      </CheckboxField>
      <p className="text-sm text-slate-600">
        Zgody możesz wycofać w każdej chwili; zapisujemy datę każdej zmiany.
      </p>
    </SectionForm>
  );
}

// The won auction's e-mail always goes (WON_MAIL_ALWAYS): no box, and the API is told so.
const notificationsFormSchema = uncheckedIsFalse(notificationsSchema.omit({ AuctionWon: true }));

export function NotificationsSection({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const form = useSection(notificationsFormSchema, { ...account.Notifications }, async (input) =>
    onSaved(await put("/api/Account/UpdateNotifications")({ ...input, AuctionWon: true })),
  );
  return (
    <SectionForm title="Powiadomienia e-mail" id="notifications" form={form} button="Zapisz powiadomienia">
      <p className="text-slate-800">Wyślij mi e-mail:</p>
      {(Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((kind) => (
        <CheckboxField key={kind} field={form.fields[kind]}>
          {NOTIFICATION_KINDS[kind]}
        </CheckboxField>
      ))}
      <p className="text-sm text-slate-600">{WON_MAIL_ALWAYS}</p>
    </SectionForm>
  );
}

export function PasswordSection() {
  const form = useSection(changePasswordSchema, {}, async (input) => {
    await api.post("/api/Account/ChangePassword", input, { alertOnBadRequest: false });
    form.form.reset();
  });
  return (
    <SectionForm
      title="Zmiana hasła"
      id="password"
      form={form}
      button="Zmień hasło"
      saved="Hasło zostało zmienione. Pozostałe urządzenia zostały wylogowane."
    >
      <PasswordField field={form.fields.CurrentPassword} label="Obecne hasło" />
      <NewPasswordFields fields={form.fields} />
    </SectionForm>
  );
}
