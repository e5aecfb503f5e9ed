import { useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  type AccountView,
  contractorUpdateSchema,
  personSchema,
  STATEMENT_TEXT,
  statementSchema,
} from "../../../domain/account";
import { DOCUMENTS } from "../../../domain/documents";
import { api, logout } from "../../api-client";
import { CheckboxField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { safeReturnTo } from "../../features/accounts/paths";
import {
  AccountDeleted,
  DataExportSection,
  DeleteAccountSection,
} from "../../features/accounts/privacy-sections";
import {
  CompanyFields,
  CompanySection,
  companyValues,
  MarketingSection,
  NotificationsSection,
  PasswordSection,
  PersonFields,
  PersonSection,
  personValues,
  type Setter,
  StatementSection,
} from "../../features/accounts/settings-sections";
import { signedInLoader, useEditable } from "../../features/accounts/signed-in";
import { accountRefusal, Card, FormNotice, linkClass, Notice, PageShell } from "../../features/accounts/ui";
import { session } from "../../lib/storage";
import type { Route } from "./+types/settings";

export const clientLoader = signedInLoader<AccountView>("/api/Account");

const isEditMode = (params: URLSearchParams) => params.get("editmode") === "true";
const titleOf = (editMode: boolean) => (editMode ? "Uzupełnij dane konta" : "Ustawienia konta");

export function HydrateFallback() {
  const [params] = useSearchParams();
  return (
    <PageShell title={titleOf(isEditMode(params))}>
      <p role="status" className="text-slate-700">
        Wczytywanie danych konta…
      </p>
    </PageShell>
  );
}

/**
 * /ustawienia: the account's settings, one section per API call. With ?editmode=true it is the
 * "complete your profile" form that error 101 leads to: person, company and the statement at once.
 */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const [account, setAccount] = useEditable(loaderData.data);
  const editMode = isEditMode(params);
  const [deleted, setDeleted] = useState(false);
  const update: Setter = (a) => {
    setAccount(a);
    // The user menu shows the stored name: keep it in step with the profile.
    if (session.isLoggedIn()) session.save({ ...session.tokens()!, userName: a.UserName });
  };

  if (!account) {
    return (
      <PageShell title={titleOf(editMode)}>
        <Notice kind="error">Nie udało się wczytać danych konta. Odśwież stronę.</Notice>
      </PageShell>
    );
  }
  if (deleted) {
    return (
      <PageShell title="Konto zostało usunięte">
        <AccountDeleted />
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
        <DataExportSection />
        <DeleteAccountSection onDeleted={() => setDeleted(true)} />
      </div>
    </PageShell>
  );
}

/** The person, the company and (until it is made) the statement: one form, three API calls. */
const completeProfileSchema = personSchema.extend(contractorUpdateSchema.shape);
const completeProfileWithStatementSchema = completeProfileSchema.extend(statementSchema.shape);

/** ?editmode=true: what bidding still needs, in one form (error 101 leads here). */
function CompleteProfile({ account, onSaved }: { account: AccountView; onSaved: Setter }) {
  const navigate = useNavigate();
  const returnTo = useSearchParams()[0].get("returnTo");
  const form = useSchemaForm(
    account.StatementAccepted
      ? completeProfileSchema
      : (completeProfileWithStatementSchema as unknown as typeof completeProfileSchema),
    {
      id: useId(),
      defaultValue: { ...personValues(account), ...companyValues(account) },
      refusal: accountRefusal,
      async send(input) {
        // The statement's tick is its own call (below), not company data.
        const {
          FirstName,
          LastName,
          PhoneNumber,
          Accepted: _statement,
          ...company
        } = input as typeof input & {
          Accepted?: true;
        };
        await api.put(
          "/api/Account/Update",
          { FirstName, LastName, PhoneNumber },
          { alertOnBadRequest: false },
        );
        let latest = await api.patch<AccountView>("/api/Account/UpdateContractor", company, {
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
        // Sent here by an auction's bid box (?returnTo=): back to that auction once bidding is possible.
        if (returnTo && latest.ProfileComplete) navigate(safeReturnTo(returnTo));
        else navigate("/ustawienia?zapisano=profil");
      },
    },
  );
  const fields = form.fields as typeof form.fields & Record<"Accepted", (typeof form.fields)["Nip"]>;

  return (
    <PageShell
      title="Uzupełnij dane konta"
      intro="Zanim zaczniesz licytować, potrzebujemy danych osoby korzystającej z konta, aktualnych danych firmy i oświadczenia przedsiębiorcy."
    >
      <form {...form.formProps} className="flex flex-col gap-6" aria-label="Uzupełnienie danych konta">
        <Card title="Dane osoby" id="person">
          <PersonFields fields={fields} />
        </Card>
        <Card title="Dane firmy" id="company">
          <CompanyFields fields={fields} reverification={account.CompanyReverification} />
        </Card>
        {!account.StatementAccepted ? (
          <Card title="Oświadczenie przedsiębiorcy" id="statement">
            <CheckboxField field={fields.Accepted}>{STATEMENT_TEXT}</CheckboxField>
          </Card>
        ) : null}
        <FormNotice form={form} />
        <div>
          <SubmitButton sending={form.sending} whileSending={null} needsScripts>
            Zapisz dane
          </SubmitButton>
        </div>
      </form>
    </PageShell>
  );
}
