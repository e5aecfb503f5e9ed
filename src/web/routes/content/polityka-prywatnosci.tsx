import type { MetaDescriptor } from "react-router";
import { POLICIES } from "../../../domain/policies";
import { PRIVACY_POLICY_PATH, RETENTION } from "../../../domain/privacy";
import { Container, PageHero } from "../../components/content/layout";
import { PolicySection, PolicyTable, PolicyText, PolicyVersions } from "../../components/content/policy";
import { loadPolicyPage } from "../../features/policies/policy-page.server";
import { publicPageMeta } from "../../seo";
import type { Route } from "./+types/polityka-prywatnosci";

const DESCRIPTION =
  "Kto jest administratorem Twoich danych, w jakich celach i na jakiej podstawie je przetwarzamy, komu je przekazujemy, jak długo przechowujemy i jakie masz prawa.";

/** The current version, or an older one at /polityka-prywatnosci/wersja-N (not for search engines). */
export function meta({ loaderData, matches }: Route.MetaArgs): MetaDescriptor[] {
  const path = loaderData?.path;
  const seo = {
    title: path ? `Polityka prywatności – wersja ${loaderData.shown.version}` : "Polityka prywatności",
    description: DESCRIPTION,
    path: path ?? PRIVACY_POLICY_PATH,
  };
  return publicPageMeta(seo, { noindex: Boolean(path) })({ loaderData, matches });
}

/** The texts are the version the panel saved; the administrator's data come from the literals. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPolicyPage(context, "privacy", "wersja" in params ? params.wersja : undefined);
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { sections, shown, versions } = loaderData;
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
        <PolicyVersions kind="privacy" shown={shown} versions={versions} />
        {POLICIES.privacy.sections.map((s, i) => {
          const title = `${i + 1}. ${s.title}`;
          return (
            <PolicySection key={s.key} id={s.key} title={title}>
              {s.key === "okres" ? <AutomaticRetention /> : null}
              <PolicyText text={sections[s.key] ?? ""} caption={title} />
            </PolicySection>
          );
        })}
      </Container>
    </main>
  );
}

/**
 * The periods the retention job applies, from the code (RETENTION_PERIODS): no edit of the
 * section's text can promise another.
 */
function AutomaticRetention() {
  return (
    <>
      <p>Te dane usuwamy automatycznie po upływie podanego okresu:</p>
      <PolicyTable
        caption="Dane usuwane automatycznie i okresy ich przechowywania"
        columns={["Dane", "Okres przechowywania"]}
        rows={RETENTION.map((r) => ({ key: r.data, cells: [r.data, r.period] }))}
      />
    </>
  );
}
