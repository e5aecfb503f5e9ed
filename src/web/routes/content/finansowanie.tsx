import { Link } from "react-router";
import { FeatureGrid, PageHero, Section, Steps } from "../../components/content/layout";
import { publicPageMeta } from "../../seo";

export const meta = publicPageMeta({
  title: "Finansowanie samochodu: leasing i najem długoterminowy",
  description:
    "Leasing operacyjny i najem długoterminowy samochodów dla firm, zakup za gotówkę dla wszystkich. Porównaj formy finansowania i oblicz ratę.",
  path: "/finansowanie",
});

const FORMS = [
  {
    title: "Leasing operacyjny",
    text: (
      <>
        <p>
          Płacisz opłatę wstępną i stałe raty miesięczne netto, a po zakończeniu umowy możesz wykupić samochód
          za ustaloną wartość wykupu. Raty są kosztem firmy.
        </p>
        <p className="mt-2 text-sm text-slate-600">Dla przedsiębiorców.</p>
      </>
    ),
  },
  {
    title: "Najem długoterminowy",
    text: (
      <>
        <p>
          Płacisz stały czynsz za korzystanie z samochodu z rocznym limitem kilometrów. Po zakończeniu umowy
          oddajesz samochód i możesz od razu wziąć nowy – bez martwienia się o jego sprzedaż.
        </p>
        <p className="mt-2 text-sm text-slate-600">Dla przedsiębiorców.</p>
      </>
    ),
  },
  {
    title: "Zakup za gotówkę",
    text: (
      <>
        <p>
          Kupujesz samochód na własność. Firmom podajemy cenę netto, osobom prywatnym – brutto. Osobom
          prywatnym, które potrzebują finansowania, wskazujemy kredyt gotówkowy w banku.
        </p>
        <p className="mt-2 text-sm text-slate-600">Dla firm i osób prywatnych.</p>
      </>
    ),
  },
];

export default function Finansowanie() {
  return (
    <main>
      <PageHero
        eyebrow="Finansowanie"
        title="Leasing, najem czy gotówka – wybierz, co pasuje do Twojej firmy"
        lead={
          <p>
            Ratę obliczysz przy każdej ofercie. Doradca pomoże dobrać okres umowy, wpłatę własną i pakiety.
          </p>
        }
        primary={{
          to: "/lista-pojazdow?isCompany=true&financialMethod=all&selectedSortingValue=0",
          label: "Przeglądaj oferty dla firm",
        }}
        secondary={{ to: "/formularz-kontaktowy", label: "Zapytaj doradcę" }}
      />
      <Section id="formy-finansowania" title="Formy finansowania">
        <FeatureGrid items={FORMS} />
      </Section>
      <Section id="co-zyskujesz" title="Co zyskujesz" tone="muted">
        <FeatureGrid
          items={[
            {
              title: "Dostawa pod drzwi gratis",
              text: "Samochód w leasingu i najmie dostarczamy bezpłatnie pod wskazany adres.",
            },
            { title: "Ubezpieczenie w racie", text: "Koszt finansowania ubezpieczenia to 1% w skali roku." },
            {
              title: "Okres do 80 miesięcy",
              text: "W kalkulatorze wybierzesz okres umowy do 80 miesięcy w leasingu i w najmie.",
            },
            {
              title: "Pakiety dodatkowe",
              text: (
                <>
                  Serwis, opony, assistance i karta paliwowa – zobacz{" "}
                  <Link className="text-brand-700 underline" to="/uslugi-dodatkowe">
                    usługi dodatkowe
                  </Link>
                  .
                </>
              ),
            },
            {
              title: "Samochody z dopłatą",
              text: (
                <>
                  Do elektryków dopłacisz mniej dzięki programowi{" "}
                  <Link className="text-brand-700 underline" to="/moj-elektryk">
                    „Mój elektryk”
                  </Link>
                  .
                </>
              ),
            },
            {
              title: "Decyzja bez wychodzenia z biura",
              text: "Wniosek złożysz online, a umowę podpiszesz przy odbiorze samochodu.",
            },
          ]}
        />
      </Section>
      <Section
        id="jak-to-dziala"
        title="Jak to działa"
        more={{ to: "/faq#leasing-czy-najem", label: "Więcej o leasingu i najmie w FAQ" }}
      >
        <Steps
          steps={[
            {
              title: "Wybierz samochód",
              text: "Znajdź samochód w ofercie i ustaw w kalkulatorze okres, wpłatę i limit kilometrów.",
            },
            {
              title: "Wyślij zapytanie",
              text: "Doradca skontaktuje się z Tobą w ciągu 4 godzin i przygotuje wniosek.",
            },
            {
              title: "Odbierz samochód",
              text: "Po decyzji podpisujesz umowę, a samochód przyjeżdża pod Twój adres.",
            },
          ]}
        />
        <div className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-800">
          <h3 className="font-semibold">Zabezpieczenia w leasingu</h3>
          <p className="mt-1">
            Samochód w leasingu musi mieć dwa niezależne zabezpieczenia przed kradzieżą, w tym system
            lokalizacji i powiadamiania działający co najmniej na terytorium objętym ubezpieczeniem. Ich koszt
            nie jest wliczony w ofertę.
          </p>
        </div>
      </Section>
    </main>
  );
}
