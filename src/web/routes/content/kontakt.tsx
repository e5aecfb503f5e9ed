import { ContactBlock } from "../../components/content/contact-block";
import { Container, CtaLink, PageHero } from "../../components/content/layout";
import { publicPageLoader, publicPageMeta } from "../../seo";
import type { Route } from "./+types/kontakt";

export const meta = publicPageMeta({
  title: "Kontakt",
  description:
    "Zadzwoń lub napisz do nas: doradcy odpowiedzą na pytania o samochody, leasing, najem i aukcje. Pon. – pt., 9:00 – 19:00.",
  path: "/kontakt",
});

export const loader = publicPageLoader(async ({ content }) => ({ literals: await content.literals() }));

export default function Kontakt({ loaderData }: Route.ComponentProps) {
  const { literals } = loaderData;
  return (
    <main>
      <PageHero
        title="Kontakt"
        lead={
          <p>
            Doradcy odpowiedzą na Twoje pytania w godzinach pracy:{" "}
            <span className="whitespace-nowrap">{literals.ContactHours}</span>.
          </p>
        }
      />
      <Container className="py-10">
        <ContactBlock literals={literals} />
        <h2 className="mt-12 text-2xl font-bold text-slate-900">Pytania o aukcje</h2>
        <div className="mt-4">
          <ContactBlock literals={literals} auction headingLevel={3} />
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold text-slate-900">Wolisz, żebyśmy zadzwonili?</h2>
            <p className="mt-2 text-slate-700">
              Zostaw pytanie w formularzu. {literals.AdviserContactPromise}
            </p>
            <div className="mt-4">
              <CtaLink
                cta={{ to: "/formularz-kontaktowy", label: "Przejdź do formularza" }}
                variant="brand"
              />
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-900">Dane firmy</h2>
            <address className="mt-2 text-slate-700 not-italic">
              <strong className="block text-slate-900">{literals.CompanyName}</strong>
              {literals.CompanyAddress}
              <span className="mt-2 block text-sm text-slate-600">{literals.CompanyRegistry}</span>
            </address>
          </div>
        </div>
      </Container>
    </main>
  );
}
