import { MESSAGE_MAX } from "../../../domain/lead-forms";
import { CaptchaField } from "./captcha-field";
import { CheckboxField, TextArea, TextField } from "./fields";

type Values = Record<string, unknown>;
interface Props {
  id: (name: string) => string;
  values: Values;
  errors: Record<string, string>;
  set: (key: never, value: never) => void;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** Name, surname, e-mail, phone and message: the fields every lead form shares. */
export function PersonFields({ id, values, errors, set }: Props) {
  const put = (k: string) => (x: string) => set(k as never, x as never);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("name")}
          label="Imię"
          required
          autoComplete="given-name"
          value={str(values.Name)}
          error={errors.Name}
          onValue={put("Name")}
        />
        <TextField
          id={id("surname")}
          label="Nazwisko"
          required
          autoComplete="family-name"
          value={str(values.Surname)}
          error={errors.Surname}
          onValue={put("Surname")}
        />
        <TextField
          id={id("email")}
          label="E-mail"
          required
          type="email"
          autoComplete="email"
          value={str(values.Email)}
          error={errors.Email}
          onValue={put("Email")}
        />
        <TextField
          id={id("phone")}
          label="Telefon"
          required
          type="tel"
          autoComplete="tel"
          value={str(values.PhoneNumber)}
          error={errors.PhoneNumber}
          onValue={put("PhoneNumber")}
        />
      </div>
      <TextArea
        id={id("message")}
        label="Wiadomość"
        value={str(values.MessageBody)}
        error={errors.MessageBody}
        onValue={put("MessageBody")}
        maxLength={MESSAGE_MAX + 100}
      />
    </>
  );
}

/** The two required consents and the captcha. */
export function ConsentsAndCaptcha({
  id,
  values,
  errors,
  set,
  captchaReset,
}: Props & { captchaReset: number }) {
  return (
    <>
      <CheckboxField
        id={id("terms")}
        required
        checked={values.TermsConsent === true}
        error={errors.TermsConsent}
        onValue={(x) => set("TermsConsent" as never, x as never)}
      >
        Akceptuję regulamin serwisu i zapoznałem(-am) się z informacją o przetwarzaniu danych osobowych.
      </CheckboxField>
      <CheckboxField
        id={id("marketing")}
        required
        checked={values.MarketingConsent === true}
        error={errors.MarketingConsent}
        onValue={(x) => set("MarketingConsent" as never, x as never)}
      >
        Zgadzam się na kontakt telefoniczny lub e-mailowy w sprawie mojego zapytania i ofert finansowania.
      </CheckboxField>
      <CaptchaField
        id={id("captcha")}
        error={errors.Captcha}
        resetKey={captchaReset}
        onPayload={(p) => set("Captcha" as never, p as never)}
      />
    </>
  );
}
