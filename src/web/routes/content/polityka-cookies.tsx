import type { MetaDescriptor } from "react-router";
import { OFFERED_CATEGORIES } from "../../../domain/consent";
import { POLICIES } from "../../../domain/policies";
import { CONSENT_ITEM_KIND_NAMES, COOKIE_POLICY_PATH } from "../../../domain/privacy";
import { Container, PageHero } from "../../components/content/layout";
import { PolicySection, PolicyTable, PolicyText, PolicyVersions } from "../../components/content/policy";
import { openConsentSettings } from "../../features/consent/consent-store";
import { loadPolicyPage } from "../../features/policies/policy-page.server";
import { publicPageMeta } from "../../seo";
import type { Route } from "./+types/polityka-cookies";

const DESCRIPTION =
  "Jakich plików cookie, pamięci przeglądarki i znaczników reklamowych (Meta, LinkedIn) używamy, w jakim celu i jak długo, oraz jak zmienić swój wybór.";

/** The current version, or an older one at /polityka-cookies/wersja-N (not for search engines). */
export function meta({ loaderData, matches }: Route.MetaArgs): MetaDescriptor[] {
  const path = loaderData?.path;
  const seo = {
    title: path ? `Polityka cookies – wersja ${loaderData.shown.version}` : "Polityka cookies",
    description: DESCRIPTION,
    path: path ?? COOKIE_POLICY_PATH,
  };
  return publicPageMeta(seo, { noindex: Boolean(path) })({ loaderData, matches });
}

/** The texts are the version the panel saved; the tables are the consent categories. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPolicyPage(context, "cookies", "wersja" in params ? params.wersja : undefined);
}

const SECTION_TITLES = Object.fromEntries(POLICIES.cookies.sections.map((s) => [s.key, s.title]));

/**
 * The cookie policy: its texts are the version the panel saved, its tables the consent categories of
 * the cookie notice with every item they cover (domain/consent.ts), never edited as text, so what the
 * notice asks and what this page lists cannot differ.
 */
export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  const { sections, shown, versions } = loaderData;
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
        <PolicyVersions kind="cookies" shown={shown} versions={versions} />

        <PolicySection id="czym-sa" title={SECTION_TITLES["czym-sa"]}>
          <PolicyText text={sections["czym-sa"] ?? ""} caption={SECTION_TITLES["czym-sa"]} />
        </PolicySection>

        <PolicySection id="zmiana-wyboru" title={SECTION_TITLES["zmiana-wyboru"]}>
          <PolicyText text={sections["zmiana-wyboru"] ?? ""} caption={SECTION_TITLES["zmiana-wyboru"]} />
          <button
            type="button"
            className="min-h-11 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
            onClick={openConsentSettings}
          >
            Ustawienia plików cookie
          </button>
        </PolicySection>

        {OFFERED_CATEGORIES.map((c) => (
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

        <PolicySection id="dostawcy" title={SECTION_TITLES.dostawcy}>
          <PolicyText text={sections.dostawcy ?? ""} caption={SECTION_TITLES.dostawcy} />
        </PolicySection>
      </Container>
    </main>
  );
}
