import type { SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import { useNavigate } from "react-router";
import { SELF_FINANCING_FORM_TYPE, selfFinancingFormSchema } from "../../../domain/lead-forms";
import { FormSummary, SubmitButton } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";
import { postJson } from "./api";
import { currentCampaignIds, recordFormSent } from "./campaign-tracking";
import { SENT_PATH } from "./contact-form";
import { Disclaimer } from "./disclaimer";
import { ConsentsAndCaptcha, PersonFields } from "./person-fields";
import { fireLeadComplete } from "./types";

/** Self-financing form: POST /api/Contact/SendMarketingMail with FormType 2, always ends on /wyslano-pomyslnie. */
export function SelfFinancingForm({
  disclaimer,
  lastResult,
}: {
  disclaimer: string;
  /** The route action's answer when the form was posted before the page hydrated. */
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const uid = useId();
  const navigate = useNavigate();
  const { fields, formProps, sending, sent, serverError, invalid, captchaReset } = useSchemaForm(
    selfFinancingFormSchema,
    {
      id: `${uid}-self-financing`,
      lastResult,
      async send(value) {
        const { LeadId } = await postJson<{ LeadId: number }>("/api/Contact/SendMarketingMail", {
          ...value,
          ...currentCampaignIds(),
          FormType: SELF_FINANCING_FORM_TYPE,
        });
        fireLeadComplete({ LeadId, AuctionId: null, form: "selfFinancing" });
        recordFormSent(null);
        navigate(SENT_PATH);
      },
    },
  );

  return (
    <form {...formProps} aria-labelledby={`${uid}-heading`} className="space-y-4">
      <h2 id={`${uid}-heading`} className="text-xl font-bold">
        Zostaw kontakt, przygotujemy propozycję
      </h2>
      <PersonFields fields={fields} />
      <ConsentsAndCaptcha fields={fields} captchaReset={captchaReset} />
      <FormSummary show={invalid && !serverError} extra={serverError} />
      <SubmitButton sending={sending || sent}>Wyślij zgłoszenie</SubmitButton>
      <Disclaimer text={disclaimer} />
    </form>
  );
}
