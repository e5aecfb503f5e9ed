import { useId } from "react";
import { useNavigate } from "react-router";
import { SELF_FINANCING_FORM_TYPE, selfFinancingFormSchema } from "../../../domain/lead-forms";
import { postJson } from "./api";
import { currentCampaignIds, recordFormSent } from "./campaign-tracking";
import { SENT_PATH } from "./contact-form";
import { Disclaimer } from "./disclaimer";
import { FormSummary, Spinner } from "./fields";
import { ConsentsAndCaptcha, PersonFields } from "./person-fields";
import { fireLeadComplete } from "./types";
import { useLeadForm } from "./use-lead-form";

/** Self-financing form: POST /api/Contact/SendMarketingMail with FormType 2, always ends on /wyslano-pomyslnie. */
export function SelfFinancingForm({ disclaimer }: { disclaimer: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const navigate = useNavigate();
  const form = useLeadForm(selfFinancingFormSchema, {
    Name: "",
    Surname: "",
    Email: "",
    PhoneNumber: "",
    MessageBody: "",
    TermsConsent: false,
    MarketingConsent: false,
    Captcha: "",
  });
  const { values, errors, status, serverError, captchaReset } = form;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    form.setStatus("sending");
    try {
      const { LeadId } = await postJson<{ LeadId: number }>("/api/Contact/SendMarketingMail", {
        ...parsed,
        ...currentCampaignIds(),
        FormType: SELF_FINANCING_FORM_TYPE,
      });
      form.setStatus("done");
      fireLeadComplete({ LeadId, AuctionId: null, form: "selfFinancing" });
      recordFormSent(null);
      navigate(SENT_PATH);
    } catch (err) {
      form.failed(err);
    }
  }

  const sending = status === "sending" || status === "done";
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={id("heading")}
      className="space-y-4"
    >
      <h2 id={id("heading")} className="text-xl font-bold">
        Zostaw kontakt, przygotujemy propozycję
      </h2>
      <PersonFields id={id} values={values} errors={errors} set={form.set as never} />
      <ConsentsAndCaptcha
        id={id}
        values={values}
        errors={errors}
        set={form.set as never}
        captchaReset={captchaReset}
      />
      <FormSummary show={Object.keys(errors).length > 0 && !serverError} extra={serverError} />
      <button
        type="submit"
        disabled={sending}
        aria-busy={sending}
        className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        {sending && <Spinner />}
        {sending ? "Wysyłanie…" : "Wyślij zgłoszenie"}
      </button>
      <Disclaimer text={disclaimer} />
    </form>
  );
}
