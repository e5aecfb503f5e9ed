import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { FieldError, Spinner } from "../../components/form/messages";
import { PrivacyNote } from "../../components/privacy-note";
import { useTypedBeforeHydration } from "../../lib/typed-before-hydration";
import { LeadApiError, postJson } from "./api";
import { currentCampaignIds } from "./campaign-tracking";
import { fireLeadComplete } from "./types";

/**
 * The form sits in the shell's offer menu on every page: its zod schema is loaded when it is first
 * validated (after the debounce), not with the page.
 */
const loadSchemas = () => import("../../../domain/lead-forms");

/** Spec section 9: validation debounced 700 ms; call-back hours Mon-Fri 9:00-19:00. */
export const CALL_BACK_DEBOUNCE_MS = 700;
export const CALL_BACK_HOURS = "pon. – pt., 9:00 – 19:00";
export const CALL_BACK_SENT_PATH = "/przeslano-numer";

/**
 * The call-back form's state: the two values (typed before hydration too), their messages found 700 ms
 * after the last change, and the send to /api/FastCall/Post that ends on the confirmation page.
 */
function useCallBackForm() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState("");
  const [agreement, setAgreement] = useState(false);
  const [touched, setTouched] = useState({ phone: false, agreement: false });
  const changePhone = (value: string) => {
    setPhone(value);
    setTouched((t) => ({ ...t, phone: true }));
  };
  const changeAgreement = (value: boolean) => {
    setAgreement(value);
    setTouched((t) => ({ ...t, agreement: true }));
  };
  const phoneRef = useRef<HTMLInputElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);
  // What was typed before hydration counts as typed: touched, so its message shows as for a key.
  useTypedBeforeHydration(phoneRef, phone, changePhone);
  useTypedBeforeHydration(agreementRef, agreement, changeAgreement);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [valid, setValid] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const t = setTimeout(async () => {
      const { callBackFormSchema, fieldErrors } = await loadSchemas();
      if (!current) return;
      const r = callBackFormSchema.safeParse({ PhoneNumber: phone, Agreement: agreement });
      setValid(r.success);
      setErrors(r.success ? {} : fieldErrors(r.error));
    }, CALL_BACK_DEBOUNCE_MS);
    setValid(false);
    // A message belongs to the value it was found for: the last check's go with a change, so the
    // first key does not show what the empty field got; the new ones come after the pause.
    setErrors({});
    return () => {
      current = false;
      clearTimeout(t);
    };
  }, [phone, agreement]);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const { callBackFormSchema } = await loadSchemas();
    const r = callBackFormSchema.safeParse({ PhoneNumber: phone, Agreement: agreement });
    if (!r.success) return;
    setSending(true);
    setServerError(null);
    try {
      const { LeadId } = await postJson<{ LeadId: number }>("/api/FastCall/Post", {
        PhoneNumber: r.data.PhoneNumber,
        ConversationTopic: null,
        ...currentCampaignIds(),
      });
      fireLeadComplete({ LeadId, AuctionId: null, form: "callBack" });
      navigate(CALL_BACK_SENT_PATH);
    } catch (err) {
      setSending(false);
      setServerError(err instanceof LeadApiError ? err.summary : "Nie udało się wysłać numeru.");
    }
  }

  return {
    phone: {
      value: phone,
      ref: phoneRef,
      error: touched.phone ? errors.PhoneNumber : undefined,
      change: changePhone,
    },
    agreement: {
      value: agreement,
      ref: agreementRef,
      error: touched.agreement ? errors.Agreement : undefined,
      change: changeAgreement,
    },
    valid,
    sending,
    serverError,
    onSubmit,
  };
}

/**
 * Call-back request (banner in the offer menu and on pages): a phone number and the agreement. The
 * button stays disabled until both are valid; messages appear 700 ms after the person stops typing.
 */
export function CallBackForm({ variant = "banner" }: { variant?: "banner" | "menu" }) {
  const uid = useId();
  const { phone, agreement, valid, sending, serverError, onSubmit } = useCallBackForm();
  const dark = variant === "banner";
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${uid}-title`}
      className={`rounded-lg p-4 ${dark ? "bg-brand-900 text-white" : "bg-brand-50 text-slate-900"}`}
    >
      <p id={`${uid}-title`} className="text-lg font-bold">
        Zadzwonimy do Ciebie
      </p>
      <p className={`text-sm ${dark ? "text-brand-100" : "text-slate-700"}`}>
        Oddzwonimy w ciągu kilku minut w godzinach pracy: {CALL_BACK_HOURS}.
      </p>
      <div className={`mt-3 flex flex-col gap-2 ${variant === "menu" ? "sm:flex-row sm:items-start" : ""}`}>
        <div className="flex-1">
          <label htmlFor={`${uid}-phone`} className="sr-only">
            Twój numer telefonu
          </label>
          <input
            ref={phone.ref}
            id={`${uid}-phone`}
            type="tel"
            autoComplete="tel"
            placeholder="Twój numer telefonu"
            value={phone.value}
            onChange={(e) => phone.change(e.target.value)}
            aria-invalid={phone.error ? true : undefined}
            aria-describedby={phone.error ? `${uid}-phone-error` : undefined}
            className={`w-full rounded-md border px-3 py-2 text-slate-900 ${phone.error ? "border-red-500 bg-red-50" : "border-slate-300 bg-white"}`}
          />
          <div className={dark ? "[&_p]:text-red-200" : ""}>
            <FieldError id={`${uid}-phone-error`} message={phone.error} />
          </div>
        </div>
        <button
          type="submit"
          disabled={!valid || sending}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-accent-500 px-5 py-2 font-semibold text-slate-900 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending && <Spinner />}
          Zadzwońcie do mnie
        </button>
      </div>
      <div className="mt-2 flex items-start gap-2">
        <input
          ref={agreement.ref}
          id={`${uid}-agreement`}
          type="checkbox"
          checked={agreement.value}
          onChange={(e) => agreement.change(e.target.checked)}
          aria-invalid={agreement.error ? true : undefined}
          aria-describedby={agreement.error ? `${uid}-agreement-error` : undefined}
          className="mt-1 h-4 w-4"
        />
        <label htmlFor={`${uid}-agreement`} className="text-xs">
          Zgadzam się na kontakt telefoniczny w sprawie ofert finansowania samochodu.
        </label>
      </div>
      <div className="mt-1 pl-6">
        <PrivacyNote dark={dark} />
      </div>
      <div className={dark ? "[&_p]:text-red-200" : ""}>
        <FieldError id={`${uid}-agreement-error`} message={agreement.error} />
      </div>
      {serverError && (
        <p role="alert" className={`mt-2 text-sm ${dark ? "text-red-200" : "text-red-700"}`}>
          {serverError}
        </p>
      )}
    </form>
  );
}
