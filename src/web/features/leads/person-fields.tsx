import { MESSAGE_MAX } from "../../../domain/lead-forms";
import { CheckboxField, EmailField, type Field, TextArea, TextField } from "../../components/form/fields";
import { CaptchaField } from "./captcha-field";

type PersonFieldNames = "Name" | "Surname" | "Email" | "PhoneNumber" | "MessageBody";
type ConsentFieldNames = "TermsConsent" | "MarketingConsent" | "Captcha";

/** Name, surname, e-mail, phone and message: the fields every lead form shares. */
export function PersonFields({ fields }: { fields: Record<PersonFieldNames, Field> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.Name} label="Imię" required autoComplete="given-name" />
        <TextField field={fields.Surname} label="Nazwisko" required autoComplete="family-name" />
        <EmailField field={fields.Email} label="E-mail" required />
        <TextField field={fields.PhoneNumber} label="Telefon" required type="tel" autoComplete="tel" />
      </div>
      <TextArea field={fields.MessageBody} label="Wiadomość" maxLength={MESSAGE_MAX + 100} />
    </>
  );
}

/** The two required consents and the captcha. */
export function ConsentsAndCaptcha({
  fields,
  captchaReset,
}: {
  fields: Record<ConsentFieldNames, Field>;
  captchaReset: number;
}) {
  return (
    <>
      <CheckboxField field={fields.TermsConsent} required>
        Akceptuję regulamin serwisu i zapoznałem(-am) się z informacją o przetwarzaniu danych osobowych.
      </CheckboxField>
      <CheckboxField field={fields.MarketingConsent} required>
        Zgadzam się na kontakt telefoniczny lub e-mailowy w sprawie mojego zapytania i ofert finansowania.
      </CheckboxField>
      <CaptchaField field={fields.Captcha} resetKey={captchaReset} />
    </>
  );
}
