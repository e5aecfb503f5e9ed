import { useId } from "react";
import { PRIVACY_POLICY_PATH } from "../../../domain/privacy";
import { MY_DATA_PATH, PRIVACY_LINK_DAYS, privacyRequestSchema } from "../../../domain/privacy-rights";
import { api } from "../../api-client";
import { Container, PageHero } from "../../components/content/layout";
import { EmailField, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { accountRefusal, FormNotice, linkClass, Notice } from "../../features/accounts/ui";
import { publicPageMeta } from "../../seo";

export const meta = publicPageMeta({
  title: "Moje dane",
  description:
    "Sprawdź, pobierz albo usuń dane zapisane pod Twoim adresem e-mail: zapytania z formularzy, alerty e-mail, rozmowy na czacie i wnioski leasingowe.",
  path: MY_DATA_PATH,
});

/**
 * /moje-dane: a person without an account asks for what the lead forms, alerts and chats keep under
 * an address; a link mailed to it proves the address (ADR 052). The answer never says whether we keep
 * anything under it.
 */
export default function MyData() {
  const form = useSchemaForm(privacyRequestSchema, {
    id: useId(),
    defaultValue: {},
    refusal: accountRefusal,
    async send(input) {
      await api.post("/api/Privacy/Request", input, { alertOnBadRequest: false });
    },
  });
  return (
    <main>
      <PageHero
        title="Moje dane"
        lead={
          <p>
            Sprawdź, jakie dane zapisaliśmy pod Twoim adresem e-mail – zapytania z formularzy, alerty e-mail,
            rozmowy na czacie i wnioski leasingowe – pobierz ich kopię albo poproś o ich usunięcie.
          </p>
        }
      />
      <Container narrow className="flex flex-col gap-6 py-10">
        <p>
          Podaj adres e-mail. Wyślemy na niego link ważny {PRIVACY_LINK_DAYS} dni: tylko osoba, która ma
          dostęp do skrzynki, zobaczy dane. Uczestnik aukcji pobierze dane konta i usunie konto w{" "}
          <a href="/ustawienia" className={linkClass}>
            ustawieniach konta
          </a>
          .
        </p>
        {form.sent ? (
          <Notice kind="success">
            Jeśli adres jest poprawny, za chwilę otrzymasz wiadomość z linkiem. Sprawdź też folder spam.
          </Notice>
        ) : (
          <form {...form.formProps} className="flex flex-col gap-4" aria-label="Prośba o dostęp do danych">
            <EmailField field={form.fields.Email} />
            <FormNotice form={form} />
            <div>
              <SubmitButton sending={form.sending} whileSending="Wysyłamy…" needsScripts>
                Wyślij link
              </SubmitButton>
            </div>
          </form>
        )}
        <p className="text-sm">
          Jak przetwarzamy dane i jakie masz prawa, opisaliśmy w{" "}
          <a href={PRIVACY_POLICY_PATH} className={linkClass}>
            polityce prywatności
          </a>
          .
        </p>
      </Container>
    </main>
  );
}
