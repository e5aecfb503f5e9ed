import { Link } from "react-router";
import { CONSENT_CATEGORIES } from "../../../domain/consent";
import {
  CONSENT_ITEM_KIND_NAMES,
  COOKIE_POLICY_PATH,
  COOKIE_POLICY_VERSION,
  PRIVACY_POLICY_PATH,
} from "../../../domain/privacy";
import { Container, PageHero } from "../../components/content/layout";
import { PolicySection, PolicyTable, PolicyVersionNote } from "../../components/content/policy";
import { openConsentSettings } from "../../features/consent/consent-store";
import { publicPageLoader, publicPageMeta } from "../../seo";

export const meta = publicPageMeta({
  title: "Polityka cookies",
  description:
    "Jakich plików cookie, pamięci przeglądarki i znaczników reklamowych (Meta, LinkedIn) używamy, w jakim celu i jak długo, oraz jak zmienić swój wybór.",
  path: COOKIE_POLICY_PATH,
});

export const loader = publicPageLoader();

const link = "font-semibold text-brand-700 underline";

/**
 * The cookie policy: its table is the consent categories of the cookie notice with every item they
 * cover (domain/consent.ts), so what the notice asks and what this page lists cannot differ.
 */
export default function CookiePolicy() {
  return (
    <main>
      <PageHero
        title="Polityka cookies"
        lead={
          <p>
            Jakich plików cookie i podobnych technologii używamy, w jakim celu i jak długo, oraz jak zmienić
            swój wybór.
          </p>
        }
      />
      <Container narrow className="py-10">
        <PolicyVersionNote version={COOKIE_POLICY_VERSION} />

        <PolicySection id="czym-sa" title="Czym są pliki cookie i podobne technologie">
          <p>
            Pliki cookie to małe pliki tekstowe, które strona zapisuje w Twojej przeglądarce. Podobnie działa
            pamięć przeglądarki (localStorage i sessionStorage) oraz znaczniki, czyli skrypty dostawców
            reklamowych, które przekazują im informacje o wizycie.
          </p>
          <p>
            Niezbędnych plików cookie i danych w pamięci przeglądarki używamy bez pytania o zgodę, bo bez nich
            serwis nie działa (art. 399 ust. 2 ustawy – Prawo komunikacji elektronicznej). Pozostałych – tylko
            po Twojej zgodzie, wyrażonej na pasku plików cookie albo w ustawieniach. Znaczniki Meta i LinkedIn
            nie są ładowane na stronach panelu pracowników ani w konsoli konsultanta.
          </p>
        </PolicySection>

        <PolicySection id="zmiana-wyboru" title="Jak zmienić swój wybór">
          <p>
            Zgodę możesz w każdej chwili zmienić lub wycofać w ustawieniach plików cookie, dostępnych także
            przez „Ustawienia cookie” w stopce strony. Po wycofaniu zgody usuwamy znaczniki ze strony i pliki
            cookie, które zapisały w naszej domenie. Pliki cookie możesz też usunąć w ustawieniach
            przeglądarki.
          </p>
          <button
            type="button"
            className="min-h-11 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
            onClick={openConsentSettings}
          >
            Ustawienia plików cookie
          </button>
        </PolicySection>

        {CONSENT_CATEGORIES.map((c) => (
          <PolicySection key={c.key} id={`kategoria-${c.key}`} title={`${c.name} pliki cookie i technologie`}>
            <p>
              {c.text}{" "}
              {c.always
                ? "Zawsze włączone."
                : "Tylko po Twojej zgodzie (art. 6 ust. 1 lit. a RODO i art. 399 ust. 1 ustawy – Prawo komunikacji elektronicznej)."}
            </p>
            {c.items.length ? (
              <PolicyTable
                caption={`${c.name} pliki cookie i technologie`}
                columns={["Nazwa", "Rodzaj", "Dostawca", "Cel", "Okres przechowywania"]}
                rows={c.items.map((i) => ({
                  key: i.name,
                  cells: [
                    <code key="name" className="break-words">
                      {i.name}
                    </code>,
                    CONSENT_ITEM_KIND_NAMES[i.kind],
                    i.provider,
                    i.purpose,
                    i.lifetime,
                  ],
                }))}
              />
            ) : (
              <p>Obecnie nie używamy żadnych narzędzi z tej kategorii.</p>
            )}
          </PolicySection>
        ))}

        <PolicySection id="dostawcy" title="Zasady dostawców znaczników">
          <p>
            Jak Meta i LinkedIn przetwarzają dane ze swoich znaczników, opisują ich zasady:{" "}
            <a
              className={link}
              href="https://www.facebook.com/privacy/policy/"
              target="_blank"
              rel="noopener noreferrer"
            >
              polityka prywatności Meta
            </a>{" "}
            i{" "}
            <a
              className={link}
              href="https://www.linkedin.com/legal/privacy-policy"
              target="_blank"
              rel="noopener noreferrer"
            >
              polityka prywatności LinkedIn
            </a>
            . Więcej o tym, jak przetwarzamy Twoje dane, przeczytasz w naszej{" "}
            <Link className={link} to={PRIVACY_POLICY_PATH}>
              polityce prywatności
            </Link>
            .
          </p>
        </PolicySection>
      </Container>
    </main>
  );
}
