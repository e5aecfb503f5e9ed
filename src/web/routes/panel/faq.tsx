import { Link } from "react-router";
import { FAQ_SECTIONS, type FaqSectionKey } from "../../../domain/faq";
import { matchesQuery } from "../../../domain/search-text";
import { ChoiceTabs, choice, panelList } from "../../features/panel/list-page";
import { requireStaff } from "../../features/panel/panel.server";
import { cellClass, DataTable, ListSearch, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/faq";

export function meta() {
  return panelMeta("Panel: pytania i odpowiedzi");
}

const SECTION_TITLES = Object.fromEntries(FAQ_SECTIONS.map((s) => [s.key, s.title])) as Record<
  FaqSectionKey,
  string
>;
const isSection = (v: unknown): v is FaqSectionKey => Object.hasOwn(SECTION_TITLES, String(v));

/** `?dzial=` picks a section, `?q=` searches; every question fits on one page. */
const faqList = panelList("/panel/faq", { section: choice("dzial", isSection, null) });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const { section, search: q } = faqList.read(new URL(request.url));
  const rows = (await context.services.staff.faq.list()).filter(
    (r) => (!section || r.section === section) && matchesQuery(`${r.question} ${r.answer} ${r.slug}`, q),
  );
  return {
    q,
    section,
    entries: rows.map((r) => ({
      id: r.id,
      section: r.section,
      position: r.position,
      slug: r.slug,
      question: r.question,
    })),
  };
}

/** The questions of /faq by section, in page order, found by their words. */
export default function PanelFaq({ loaderData }: Route.ComponentProps) {
  const { q, section, entries } = loaderData;
  const sections = FAQ_SECTIONS.filter((s) => !section || s.key === section);
  return (
    <PanelPage
      title="Pytania i odpowiedzi (FAQ)"
      actions={
        <Link
          to="/panel/faq/nowe"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Dodaj pytanie
        </Link>
      }
    >
      <ChoiceTabs
        label="Działy"
        names={SECTION_TITLES}
        all="Wszystkie"
        current={section}
        to={(s) => faqList.href({ section: s, search: q })}
      />
      <ListSearch id="faq-q" label="Szukaj w pytaniach i odpowiedziach" value={q} keep={{ dzial: section }} />
      {entries.length === 0 ? <p className="text-slate-700">Nie znaleziono pytań.</p> : null}
      {sections.map((s) => {
        const rows = entries.filter((e) => e.section === s.key);
        if (rows.length === 0) return null;
        return (
          <Panel key={s.key} title={s.title}>
            <DataTable
              label={s.title}
              columns={["Kolejność", "Pytanie", "Adres na stronie"]}
              rows={rows}
              row={(e) => (
                <tr key={e.id}>
                  <td className={cellClass}>{e.position}</td>
                  <td className={cellClass}>
                    <Link className="font-semibold text-brand-700 underline" to={`/panel/faq/${e.id}`}>
                      {e.question}
                    </Link>
                  </td>
                  <td className={`${cellClass} break-all`}>/faq#{e.slug}</td>
                </tr>
              )}
            />
          </Panel>
        );
      })}
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
