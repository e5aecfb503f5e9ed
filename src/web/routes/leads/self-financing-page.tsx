import {
  SELF_FINANCING_FORM_TYPE,
  selfFinancingFormSchema,
  sendMarketingMailSchema,
} from "../../../domain/lead-forms";
import { SENT_PATH } from "../../features/leads/contact-form";
import { leadFormAction } from "../../features/leads/lead-action.server";
import { SelfFinancingForm } from "../../features/leads/self-financing-form";
import { publicPageMeta } from "../../seo";
import type { Route } from "./+types/self-financing-page";

export const meta = publicPageMeta({
  title: "Samofinansowanie samochodu",
  description: "Zostaw kontakt, a doradca przygotuje propozycję samofinansowania.",
  path: "/formularz-samofinansowanie",
});

export async function loader({ context }: Route.LoaderArgs) {
  return {
    publicUrl: context.services.config.publicUrl,
    disclaimer: (await context.services.leadLiterals()).formDisclaimer,
  };
}

/** The form sent before the page hydrated (ADR 024): as POST /api/Contact/SendMarketingMail. */
export async function action({ request, context }: Route.ActionArgs) {
  return leadFormAction({
    request,
    context,
    schema: selfFinancingFormSchema,
    endpoint: "SendMarketingMail",
    sentPath: SENT_PATH,
    store: (value, ip) =>
      context.services.leads.sendMarketingMail(
        sendMarketingMailSchema.parse({ ...value, FormType: SELF_FINANCING_FORM_TYPE }),
        ip,
      ),
  });
}

export default function SelfFinancingPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Samofinansowanie</h1>
      <p className="mt-2 text-slate-700">
        Chcesz sfinansować samochód ze środków własnych firmy i rozłożyć koszt w czasie? Zostaw dane
        kontaktowe – doradca oddzwoni w ciągu 4 godzin w dni robocze i dobierze rozwiązanie.
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <SelfFinancingForm disclaimer={loaderData.disclaimer} lastResult={actionData} />
      </div>
    </main>
  );
}
