import { useId, useState } from "react";
import { PRIVACY_POLICY_PATH } from "../../../domain/privacy";
import {
  DELETE_CONFIRMATION,
  DELETION_KEEPS,
  DELETION_REMOVES,
  DELETION_RULE,
  deleteAccountSchema,
  type ExportFormat,
} from "../../../domain/privacy-rights";
import { api } from "../../api-client";
import { PasswordField, SubmitButton, TextField } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { saveFile } from "../../lib/save-file";
import { session } from "../../lib/storage";
import { accountRefusal, Card, FormNotice, linkClass, Notice } from "./ui";

/**
 * The person's rights on /ustawienia (RODO arts. 15, 17, 20; ADR 052): a copy of their data to
 * download, and the deletion of the account with what goes and what stays said before it.
 */

const buttonClass =
  "inline-flex items-center justify-center rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";

export function DataExportSection() {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    setFailed(false);
    try {
      const data = await api.get<unknown>("/api/Account/Export", { query: { format } });
      const name = `moje-dane.${format}`;
      if (format === "json")
        saveFile(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), name);
      else saveFile(new Blob([String(data)], { type: "text/csv;charset=utf-8" }), name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Twoje dane" id="my-data">
      <div className="flex flex-col gap-4 text-slate-800">
        <p>
          Pobierz kopię wszystkich danych, które przechowujemy o Tobie: dane konta i firmy, zgody i
          oświadczenia z datami i wersjami, ustawienia powiadomień, ulubione aukcje, złożone oferty i
          maksymalne oferty, wygrane aukcje, wnioski leasingowe z dołączonymi dokumentami oraz zapytania,
          alerty e-mail i rozmowy na czacie zapisane pod Twoim adresem e-mail. Plik JSON odczyta inny program,
          plik CSV otworzysz w arkuszu kalkulacyjnym.
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass}
            disabled={busy !== null}
            onClick={() => download("json")}
          >
            {busy === "json" ? "Przygotowujemy plik…" : "Pobierz dane (JSON)"}
          </button>
          <button
            type="button"
            className={buttonClass}
            disabled={busy !== null}
            onClick={() => download("csv")}
          >
            {busy === "csv" ? "Przygotowujemy plik…" : "Pobierz dane (CSV)"}
          </button>
        </div>
        {failed ? <Notice kind="error">Nie udało się pobrać danych. Spróbuj ponownie.</Notice> : null}
        <p className="text-sm">
          Więcej o tym, jak przetwarzamy dane, przeczytasz w{" "}
          <a href={PRIVACY_POLICY_PATH} className={linkClass}>
            polityce prywatności
          </a>
          .
        </p>
      </div>
    </Card>
  );
}

/** What the form of the deletion shows before it: what goes, what stays, and when it is refused. */
function DeletionWarning() {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">Usunięcia konta nie można cofnąć.</p>
      <div>
        <p>Usuniemy:</p>
        <ul className="mt-1 list-disc pl-5">
          {DELETION_REMOVES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div>
        <p>Zachowamy, bo wymaga tego prawo:</p>
        <ul className="mt-1 list-disc pl-5">
          {DELETION_KEEPS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <p>{DELETION_RULE}</p>
      <p>Zanim usuniesz konto, możesz pobrać kopię swoich danych powyżej.</p>
    </div>
  );
}

export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const form = useSchemaForm(deleteAccountSchema, {
    id: useId(),
    defaultValue: {},
    refusal: accountRefusal,
    async send(input) {
      await api.post("/api/Account/Delete", input, { alertOnBadRequest: false });
      session.clear();
      onDeleted();
    },
  });
  return (
    <Card title="Usunięcie konta" id="delete-account">
      <form {...form.formProps} className="flex flex-col gap-4" aria-label="Usunięcie konta">
        <DeletionWarning />
        <PasswordField field={form.fields.Password} label="Hasło" autoComplete="current-password" />
        <TextField
          field={form.fields.Confirmation}
          label={`Wpisz „${DELETE_CONFIRMATION}” wielkimi literami, aby potwierdzić`}
          autoComplete="off"
        />
        <FormNotice form={form} />
        <div>
          <SubmitButton sending={form.sending} whileSending="Usuwamy konto…" needsScripts look="danger">
            Usuń konto
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

/** After the deletion: the person is signed out everywhere. */
export function AccountDeleted() {
  return (
    <div className="flex flex-col gap-4">
      <Notice kind="success">
        Konto zostało usunięte. Wylogowaliśmy Cię na wszystkich urządzeniach. Oferty złożone w aukcjach
        pozostały bez Twoich danych.
      </Notice>
      <p>
        <a href="/" className={linkClass}>
          Przejdź na stronę główną
        </a>
      </p>
    </div>
  );
}
