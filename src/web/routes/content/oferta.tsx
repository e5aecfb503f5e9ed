import { Link } from "react-router";
import { BRAND } from "../../../domain/brand";
import { PageHero, Section } from "../../components/content/layout";
import { publicPageMeta } from "../../seo";

export const meta = publicPageMeta({
  title: "Oferta: samochody nowe, poleasingowe, elektryczne i aukcje",
  description: `Co oferuje ${BRAND.name}: nowe samochody od ręki, sprawdzone samochody poleasingowe, elektryki z dopłatą i aukcje dla przedsiębiorców – w leasingu, najmie lub za gotówkę.`,
  path: "/oferta",
});

const LINES = [
  {
    to: "/nowe-samochody",
    title: "Samochody nowe",
    text: "Fabrycznie nowe samochody dostępne od ręki, w leasingu, najmie długoterminowym lub za gotówkę.",
  },
  {
    to: "/samochody-poleasingowe",
    title: "Samochody poleasingowe",
    text: `Samochody ze znaną historią, wiele z certyfikatem ${BRAND.name} i z możliwością zwrotu w ciągu 7 dni.`,
  },
  {
    to: "/samochody-elektryczne",
    title: "Samochody elektryczne",
    text: "Nowe elektryki w leasingu i najmie, z dopłatą z programu „Mój elektryk”.",
  },
  {
    to: "/aukcje-samochodowe",
    title: "Aukcje samochodowe",
    text: "Licytacje online dla przedsiębiorców; ceny zwykle o 5–10% niższe od rynkowych, płatność gotówką.",
  },
  {
    to: "/finansowanie",
    title: "Finansowanie",
    text: "Leasing operacyjny i najem długoterminowy dla firm, kredyt gotówkowy w banku dla osób prywatnych.",
  },
  {
    to: "/uslugi-dodatkowe",
    title: "Usługi dodatkowe",
    text: "Ubezpieczenie w racie, pakiet serwisowy, opony, assistance, samochód zastępczy i karta paliwowa.",
  },
];

export default function Oferta() {
  return (
    <main>
      <PageHero
        eyebrow="Oferta"
        title="Samochód dla firmy i dla Ciebie – w jednym miejscu"
        lead={
          <p>Wybierz rodzaj samochodu i formę finansowania. Przy każdej ofercie pokazujemy ratę lub cenę.</p>
        }
        primary={{ to: "/lista-pojazdow", label: "Przeglądaj wszystkie oferty" }}
      />
      <Section id="linie-produktow" title="Co oferujemy">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {LINES.map((line) => (
            <li key={line.to}>
              <Link
                to={line.to}
                className="block h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <h3 className="text-lg font-semibold text-brand-700">{line.title}</h3>
                <p className="mt-2 text-slate-700">{line.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="typy-nadwozia" title="Szukasz konkretnego nadwozia?" tone="muted">
        <ul className="flex flex-wrap gap-3">
          {[
            ["/sedan", "Sedan"],
            ["/hatchback", "Hatchback"],
            ["/kombi", "Kombi"],
            ["/suv", "SUV"],
            ["/bus", "Bus"],
            ["/van", "Van"],
          ].map(([to, label]) => (
            <li key={to}>
              <Link
                to={to}
                className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:border-brand-600"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </main>
  );
}
