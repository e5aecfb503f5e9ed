import { Link } from "react-router";
import { SUBSIDY_DOCUMENTS } from "../../../domain/documents";
import { ContactBlock } from "../../components/content/contact-block";
import { DocumentList } from "../../components/content/document-list";
import { ElectricCarousel } from "../../components/content/electric-carousel";
import { FaqList } from "../../components/content/faq-list";
import { Container, CtaLink, FeatureGrid, Section, Steps } from "../../components/content/layout";
import { SubsidyCalculator } from "../../components/content/subsidy-calculator";
import { TextSlider } from "../../components/content/text-slider";
import { publicPageLoader, publicPageMeta } from "../../seo";
import type { Route } from "./+types/moj-elektryk";

export const meta = publicPageMeta({
  title: "Mój elektryk – dopłata do samochodu elektrycznego w leasingu",
  description:
    "Program „Mój elektryk”: 18 750 zł lub 27 000 zł dopłaty do samochodu osobowego, do 70 000 zł do dostawczego. Sprawdź warunki, oblicz dopłatę i wybierz elektryka.",
  path: "/moj-elektryk",
});

export const loader = publicPageLoader(async ({ content }) => {
  const [slides, faq, cars, literals] = await Promise.all([
    content.electricSlides(),
    content.faq("elektryk"),
    content.newElectricCars(12),
    content.literals(),
  ]);
  return { slides, faq, cars, literals };
});

const BENEFITS = [
  {
    title: "Niższa rata od pierwszego miesiąca",
    text: "Dopłata pomniejsza wpłatę własną albo sumę rat, więc od razu płacisz mniej za finansowanie.",
  },
  {
    title: "Tańsza jazda na co dzień",
    text: "Ładowanie kosztuje mniej niż tankowanie, a samochód elektryczny ma mniej części, które się zużywają.",
  },
  {
    title: "Formalności po naszej stronie",
    text: "Wniosek o dopłatę składasz razem z wnioskiem o leasing lub najem. Resztę załatwi Twój doradca.",
  },
  {
    title: "Wjazd do stref czystego transportu",
    text: "Pojazd zeroemisyjny wjedzie do stref czystego transportu, w których samochody spalinowe mają ograniczenia.",
  },
  {
    title: "Dostawa pod drzwi gratis",
    text: "Samochód w leasingu lub najmie dostarczamy bezpłatnie pod wskazany adres w całej Polsce.",
  },
  {
    title: "Dla firm i dla samochodów dostawczych",
    text: "Dopłata obejmuje samochody osobowe, dostawcze do 3,5 t oraz motocykle i czterokołowce kategorii L.",
  },
];

const STEPS = [
  {
    title: "Wybierz samochód",
    text: (
      <>
        Znajdź nowy samochód elektryczny w{" "}
        <Link className="text-brand-700 underline" to="/samochody-elektryczne">
          naszej ofercie
        </Link>{" "}
        i oblicz dopłatę w kalkulatorze poniżej.
      </>
    ),
  },
  {
    title: "Złóż wniosek",
    text: "Doradca przygotuje wniosek o finansowanie razem z wnioskiem o dopłatę i oświadczeniem o przebiegu.",
  },
  {
    title: "Odbierz i jeździj",
    text: "Po podpisaniu umowy dostarczymy samochód pod Twój adres. Odczyt licznika przekażesz w ciągu 2 lat.",
  },
];

/** How much the programme pays per vehicle category, and how much with the higher yearly mileage. */
function SubsidyTable() {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="overflow-x-auto" tabIndex={0} aria-label="Tabela dopłat">
      <table className="w-full min-w-[36rem] border-collapse text-left">
        <caption className="sr-only">Wysokość dopłaty według kategorii pojazdu</caption>
        <thead>
          <tr className="border-b-2 border-slate-300">
            <th scope="col" className="py-3 pr-4">
              Kategoria pojazdu
            </th>
            <th scope="col" className="py-3 pr-4">
              Dopłata
            </th>
            <th scope="col" className="py-3">
              Przy wyższym przebiegu
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          <tr>
            <th scope="row" className="py-3 pr-4 font-semibold">
              M1 – samochód osobowy
            </th>
            <td className="py-3 pr-4">18 750 zł</td>
            <td className="py-3">27 000 zł przy co najmniej 15 000 km rocznie</td>
          </tr>
          <tr>
            <th scope="row" className="py-3 pr-4 font-semibold">
              N1 – samochód dostawczy
            </th>
            <td className="py-3 pr-4">do 20% kosztów kwalifikowanych, maks. 50 000 zł</td>
            <td className="py-3">do 30%, maks. 70 000 zł przy co najmniej 20 000 km rocznie</td>
          </tr>
          <tr>
            <th scope="row" className="py-3 pr-4 font-semibold">
              L1e–L7e – motorower, motocykl, czterokołowiec
            </th>
            <td className="py-3 pr-4">do 30% kosztów kwalifikowanych, maks. 4 000 zł</td>
            <td className="py-3">–</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

export default function MojElektryk({ loaderData }: Route.ComponentProps) {
  const { slides, faq, cars, literals } = loaderData;
  return (
    <main>
      <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <Container className="py-12 sm:py-16">
          <h1 className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
            Program dopłat „Mój elektryk”
          </h1>
          <div className="mt-3">
            <TextSlider slides={slides} label="Najważniejsze informacje o programie" />
          </div>
        </Container>
      </div>

      <Section
        id="o-programie"
        title="O programie"
        intro={
          <p>
            „Mój elektryk” to program dopłat do leasingu i najmu pojazdów zeroemisyjnych. Dopłata obniża koszt
            finansowania, a my pomagamy ją uzyskać przy zawieraniu umowy. Wszystkie nowe samochody elektryczne
            z oferty znajdziesz na stronie{" "}
            <Link className="text-brand-700 underline" to="/samochody-elektryczne">
              samochody elektryczne
            </Link>
            .
          </p>
        }
      >
        <SubsidyTable />
        <p className="mt-6 max-w-3xl text-slate-700">
          Warunki: pojazd musi być zeroemisyjny, a jego przebieg w dniu zawarcia umowy nie może przekraczać
          50 km. Deklarowany roczny przebieg potwierdzasz odczytem licznika w ciągu 2 lat od zawarcia umowy.
        </p>
      </Section>

      <Section id="korzysci" title="Korzyści" tone="muted">
        <FeatureGrid items={BENEFITS} />
      </Section>

      <Section id="trzy-kroki" title="Trzy kroki do elektryka z dopłatą">
        <Steps steps={STEPS} />
      </Section>

      <Section
        id="kalkulator"
        title="Kalkulator dopłaty"
        tone="muted"
        intro={<p>Wynik jest szacunkowy; ostateczną kwotę potwierdza umowa o dopłatę.</p>}
      >
        <SubsidyCalculator />
      </Section>

      <Section
        id="samochody"
        title="Nowe samochody elektryczne"
        more={{ to: "/samochody-elektryczne", label: "Zobacz wszystkie samochody elektryczne" }}
      >
        <ElectricCarousel cars={cars} />
      </Section>

      <Section id="dokumenty" title="Dokumenty do pobrania" tone="muted">
        <DocumentList documents={SUBSIDY_DOCUMENTS} />
      </Section>

      <Section
        id="faq"
        title="Najczęstsze pytania o dopłatę"
        intro={
          <p>
            Więcej odpowiedzi znajdziesz w{" "}
            <Link className="text-brand-700 underline" to="/faq">
              pytaniach i odpowiedziach
            </Link>
            .
          </p>
        }
      >
        <FaqList entries={faq} searchable={false} grouped={false} />
      </Section>

      <Section
        id="pytania"
        title="Masz pytania?"
        tone="muted"
        intro={<p>Doradca pomoże wybrać samochód i policzy dopłatę dla Twojej firmy.</p>}
      >
        <ContactBlock literals={literals} headingLevel={3} />
        <div className="mt-6">
          <CtaLink cta={{ to: "/formularz-kontaktowy", label: "Napisz do doradcy" }} variant="brand" />
        </div>
      </Section>
    </main>
  );
}
