import { Link } from "react-router";
import {
  COOKIE_POLICY_PATH,
  PRIVACY_EMAIL,
  PRIVACY_POLICY_PATH,
  PRIVACY_POLICY_VERSION,
  PURPOSES,
  RECIPIENTS,
  RETENTION,
  RIGHTS,
  SUPERVISORY_AUTHORITY,
} from "../../../domain/privacy";
import { MY_DATA_PATH } from "../../../domain/privacy-rights";
import { Container, PageHero } from "../../components/content/layout";
import { PolicySection, PolicyTable, PolicyVersionNote } from "../../components/content/policy";
import { publicPageLoader, publicPageMeta } from "../../seo";
import type { Route } from "./+types/polityka-prywatnosci";

export const meta = publicPageMeta({
  title: "Polityka prywatności",
  description:
    "Kto jest administratorem Twoich danych, w jakich celach i na jakiej podstawie je przetwarzamy, komu je przekazujemy, jak długo przechowujemy i jakie masz prawa.",
  path: PRIVACY_POLICY_PATH,
});

/** The administrator's data are the literals the panel edits (the footer and /kontakt show them too). */
export const loader = publicPageLoader(async ({ content }) => {
  const literals = await content.literals();
  return {
    company: {
      name: literals.CompanyName,
      address: literals.CompanyAddress,
      registry: literals.CompanyRegistry,
      email: literals.ContactEmail,
      phone: literals.ContactPhone,
    },
  };
});

const link = "font-semibold text-brand-700 underline";

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { company } = loaderData;
  return (
    <main>
      <PageHero
        title="Polityka prywatności"
        lead={
          <p>
            Jak przetwarzamy Twoje dane osobowe, gdy korzystasz z serwisu: formularzy, alertów, czatu i konta
            uczestnika aukcji.
          </p>
        }
      />
      <Container narrow className="py-10">
        <PolicyVersionNote version={PRIVACY_POLICY_VERSION} />

        <PolicySection id="administrator" title="1. Administrator danych">
          <p>
            Administratorem Twoich danych osobowych jest <strong>{company.name}</strong>, {company.address},{" "}
            {company.registry}.
          </p>
          <p>
            W sprawach danych osobowych napisz na adres{" "}
            <a className={link} href={`mailto:${PRIVACY_EMAIL}`}>
              {PRIVACY_EMAIL}
            </a>{" "}
            albo listownie na adres siedziby. W innych sprawach: {company.email}, tel.{" "}
            <span className="whitespace-nowrap">{company.phone}</span>.
          </p>
        </PolicySection>

        <PolicySection id="cele" title="2. Cele, zakres danych i podstawy prawne">
          <PolicyTable
            caption="Cele przetwarzania danych, zakres danych i podstawy prawne"
            columns={["Cel", "Dane", "Podstawa prawna"]}
            rows={PURPOSES.map((p) => ({ key: p.purpose, cells: [p.purpose, p.data, p.basis] }))}
          />
        </PolicySection>

        <PolicySection id="odbiorcy" title="3. Odbiorcy danych">
          <ul className="list-disc space-y-2 pl-5">
            {RECIPIENTS.map((r) => (
              <li key={r.name}>
                <strong className="text-slate-900">{r.name}</strong> – {r.what}
              </li>
            ))}
          </ul>
        </PolicySection>

        <PolicySection id="poza-eog" title="4. Przekazywanie danych poza Europejski Obszar Gospodarczy">
          <p>
            Sami nie przekazujemy danych poza Europejski Obszar Gospodarczy. Meta i LinkedIn mogą przekazywać
            dane zebrane przez swoje znaczniki do spółek w USA; podstawą jest decyzja Komisji Europejskiej o
            odpowiednim stopniu ochrony (EU-US Data Privacy Framework) albo standardowe klauzule umowne.
          </p>
        </PolicySection>

        <PolicySection id="okres" title="5. Jak długo przechowujemy dane">
          <PolicyTable
            caption="Okresy przechowywania danych"
            columns={["Dane", "Okres przechowywania"]}
            rows={RETENTION.map((r) => ({ key: r.data, cells: [r.data, r.period] }))}
          />
          <p>Po upływie tych okresów dane usuwamy albo anonimizujemy.</p>
        </PolicySection>

        <RightsSection />

        <PolicySection id="skarga" title="7. Skarga do organu nadzorczego">
          <p>
            Jeśli uważasz, że przetwarzamy Twoje dane niezgodnie z prawem, możesz wnieść skargę do organu
            nadzorczego: {SUPERVISORY_AUTHORITY.name}, {SUPERVISORY_AUTHORITY.address},{" "}
            <a className={link} href={SUPERVISORY_AUTHORITY.url} target="_blank" rel="noopener noreferrer">
              uodo.gov.pl
            </a>
            .
          </p>
        </PolicySection>

        <PolicySection id="dobrowolnosc" title="8. Czy musisz podać dane">
          <p>
            Podanie danych jest dobrowolne, ale bez danych oznaczonych w formularzu jako wymagane nie możemy
            odpowiedzieć na zapytanie, ustawić alertu, założyć konta ani przeprowadzić rozmowy na czacie. Nie
            podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu, w tym
            profilowaniu, które wywoływałyby skutki prawne lub w podobny sposób istotnie na Ciebie wpływały.
          </p>
        </PolicySection>

        <PolicySection id="cookies" title="9. Pliki cookie i znaczniki reklamowe">
          <p>
            Jakich plików cookie, pamięci przeglądarki i znaczników używamy oraz jak zmienić swój wybór,
            opisuje{" "}
            <Link className={link} to={COOKIE_POLICY_PATH}>
              polityka cookies
            </Link>
            .
          </p>
        </PolicySection>

        <PolicySection id="zmiany" title="10. Zmiany polityki">
          <p>Gdy zmienimy tę politykę, opublikujemy tu jej nową wersję z datą, od której obowiązuje.</p>
        </PolicySection>
      </Container>
    </main>
  );
}

/** The person's rights and how to use them (RODO arts. 12, 15-21 and 7(3)). */
function RightsSection() {
  return (
    <PolicySection id="prawa" title="6. Twoje prawa i jak z nich skorzystać">
      <p>Masz prawo:</p>
      <ul className="list-disc space-y-1 pl-5">
        {RIGHTS.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <p>
        Aby skorzystać z tych praw, napisz na adres{" "}
        <a className={link} href={`mailto:${PRIVACY_EMAIL}`}>
          {PRIVACY_EMAIL}
        </a>{" "}
        z adresu e-mail, którego dotyczy sprawa, albo listownie na adres siedziby. Odpowiemy bez zbędnej
        zwłoki, najpóźniej w ciągu miesiąca; w sprawach złożonych termin możemy przedłużyć o dwa miesiące, o
        czym Cię uprzedzimy. Jeśli nie będziemy pewni, że wniosek pochodzi od Ciebie, poprosimy o
        potwierdzenie tożsamości.
      </p>
      <p>
        Kopię swoich danych i ich usunięcie możesz też załatwić sam. Uczestnik aukcji pobierze dane konta
        (JSON lub CSV) i usunie konto w{" "}
        <a className={link} href="/ustawienia">
          ustawieniach konta
        </a>
        . Dane zapisane pod adresem e-mail – zapytania z formularzy, alerty i rozmowy na czacie – sprawdzisz,
        pobierzesz albo poprosisz o ich usunięcie na stronie{" "}
        <a className={link} href={MY_DATA_PATH}>
          Moje dane
        </a>
        , gdzie wyślemy link na Twój adres.
      </p>
      <p>
        Zgodę możesz też wycofać sam: zgodę na pliki cookie w „Ustawieniach cookie” w stopce strony, alert –
        linkiem „Wyłącz alert” w każdej wiadomości, a zgody marketingowe konta – w ustawieniach konta.
      </p>
    </PolicySection>
  );
}
