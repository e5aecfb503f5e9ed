import { contactFormSchemaFor, sendQuestionSchema } from "../../../domain/lead-forms";
import { CallBackForm } from "../../features/leads/call-back";
import { ContactForm, SENT_PATH } from "../../features/leads/contact-form";
import { leadFormAction } from "../../features/leads/lead-action.server";
import { publicPageMeta } from "../../seo";
import type { Route } from "./+types/contact-form-page";

// The canonical address is the form's own, also when it is opened about an offer (?auctionId=N).
export const meta = publicPageMeta({
  title: "Formularz kontaktowy",
  description: "Zapytaj o samochód z naszej oferty lub spoza niej. Doradca oddzwoni w ciągu 4 godzin.",
  path: "/formularz-kontaktowy",
});

const auctionIdOf = (request: Request) => {
  const auctionId = Number(new URL(request.url).searchParams.get("auctionId"));
  return Number.isInteger(auctionId) && auctionId > 0 ? auctionId : null;
};

/**
 * The contact form sent before its page hydrated (ADR 024), from this page or from an offer's page
 * (?auctionId=N): as POST /api/Contact/SendQuestion.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return leadFormAction({
    request,
    context,
    schema: contactFormSchemaFor,
    endpoint: "SendQuestion",
    sentPath: SENT_PATH,
    store: (value, ip) =>
      context.services.leads.sendQuestion(
        sendQuestionSchema.parse({ ...value, AuctionId: auctionIdOf(request) }),
        ip,
      ),
  });
}

/** ?auctionId=N asks about that offer; ?spoza-oferty=1 opens the fields of a car from outside the offer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const auctionId = auctionIdOf(request);
  const offer = auctionId ? await context.services.leads.offerSummary(auctionId) : null;
  const literals = await context.services.leadLiterals();
  return {
    publicUrl: context.services.config.publicUrl,
    offer,
    carOpen: url.searchParams.get("spoza-oferty") === "1",
    disclaimer: literals.formDisclaimer,
  };
}

export default function ContactFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, carOpen, disclaimer } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Formularz kontaktowy</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Napisz, jakiego samochodu szukasz i jak chcesz go sfinansować. Doradca skontaktuje się z Tobą w ciągu
        4 godzin w dni robocze.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <ContactForm
            offer={offer}
            allowCarDetails={!offer}
            carOpen={carOpen}
            disclaimer={disclaimer}
            heading={offer ? "Zapytaj o ofertę" : "Twoje zapytanie"}
            lastResult={actionData}
          />
        </div>
        <aside aria-label="Szybki kontakt">
          <CallBackForm variant="banner" />
        </aside>
      </div>
    </main>
  );
}
