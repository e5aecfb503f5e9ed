import { Link } from "react-router";
import { BRAND } from "../../../domain/brand";
import { CtaLink, FeatureGrid, PageHero, Section } from "../../components/content/layout";
import { publicPageMeta } from "../../seo";

/** The promotion landing links to the list of company offers (spec section 2). */
export const PROMOTION_LIST_URL = "/lista-pojazdow?isCompany=true&financialMethod=all&selectedSortingValue=0";

export const meta = publicPageMeta({
  title: "Leasing bez obaw – samochód dla firmy bez ryzyka",
  description:
    "Leasing bez obaw: 7 dni na zwrot samochodu poleasingowego, certyfikat stanu technicznego, bezpłatna dostawa pod drzwi i stała rata. Sprawdź oferty dla firm.",
  path: "/leasing-BEZ-OBAW",
});

export default function LeasingBezObaw() {
  return (
    <main>
      <PageHero
        eyebrow="Promocja dla firm"
        title="Leasing bez obaw"
        lead={
          <p>
            Wybierz samochód dla firmy i zyskaj pewność: sprawdzony stan, 7 dni na zwrot, dostawę pod drzwi i
            ratę, która nie zaskoczy.
          </p>
        }
        primary={{ to: PROMOTION_LIST_URL, label: "Zobacz oferty dla firm" }}
        secondary={{ to: "/formularz-kontaktowy", label: "Porozmawiaj z doradcą" }}
      />
      <Section id="dlaczego-bez-obaw" title="Dlaczego bez obaw?">
        <FeatureGrid
          items={[
            {
              title: "7 dni na zwrot",
              text: "Samochód poleasingowy możesz oddać w ciągu 7 dni, jeśli przejechał nie więcej niż 300 km i wraca nieuszkodzony. Opłata za używanie to 50% pierwszej raty netto, nie mniej niż 500 zł netto.",
            },
            {
              title: `Certyfikat ${BRAND.name}`,
              text: (
                <>
                  Ponad 200 sprawdzonych parametrów i pełny raport.{" "}
                  <Link className="text-brand-700 underline" to={`/certyfikat-${BRAND.slug}`}>
                    Dowiedz się więcej
                  </Link>
                  .
                </>
              ),
            },
            {
              title: "Dostawa gratis",
              text: "Samochód w leasingu lub najmie dowieziemy bezpłatnie pod wskazany adres.",
            },
            {
              title: "Stała rata",
              text: "Znasz koszt od pierwszego do ostatniego miesiąca; ubezpieczenie możesz wliczyć w ratę.",
            },
            {
              title: "Szybka decyzja",
              text: "Doradca skontaktuje się z Tobą w ciągu 4 godzin od wysłania zapytania.",
            },
            {
              title: "Pakiety w racie",
              text: "Serwis, opony i assistance w jednej racie – bez dodatkowych rachunków.",
            },
          ]}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          <CtaLink cta={{ to: PROMOTION_LIST_URL, label: "Przeglądaj samochody dla firm" }} variant="brand" />
        </div>
      </Section>
      <Section id="regulaminy-promocji" title="Regulaminy promocji" tone="muted">
        <ul className="list-disc space-y-2 pl-6 text-slate-700">
          <li>
            <Link className="text-brand-700 underline" to={`/regulamin-promocji-${BRAND.slug}-z-prezentem`}>
              Regulamin promocji „{BRAND.name} z prezentem”
            </Link>
          </li>
          <li>
            <Link className="text-brand-700 underline" to={`/regulamin-promocji-majowka-z-${BRAND.slug}`}>
              Regulamin promocji „Majówka z {BRAND.name}”
            </Link>
          </li>
        </ul>
      </Section>
    </main>
  );
}
