import { Link } from "react-router";
import { FAQ_SECTIONS } from "../../../domain/faq";
import { matchesQuery } from "../../../domain/search-text";
import { requireStaff } from "../../features/panel/panel.server";
import {
  cellClass,
  FilterTabs,
  ListSearch,
  listHref,
  Panel,
  PanelPage,
  panelMeta,
  TableHead,
  TableScroll,
  tableClass,
} from "../../features/panel/ui";
import type { Route } from "./+types/faq";

export function meta() {
  return panelMeta("Panel: pytania i odpowiedzi");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const section = FAQ_SECTIONS.find((s) => s.key === url.searchParams.get("dzial"))?.key ?? null;
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
      <FilterTabs
        label="Działy"
        tabs={[
          { key: "all", label: "Wszystkie", to: listHref("/panel/faq", { q }), current: !section },
          ...FAQ_SECTIONS.map((s) => ({
            key: s.key,
            label: s.title,
            to: listHref("/panel/faq", { dzial: s.key, q }),
            current: section === s.key,
          })),
        ]}
      />
      <ListSearch id="faq-q" label="Szukaj w pytaniach i odpowiedziach" value={q} keep={{ dzial: section }} />
      {entries.length === 0 ? <p className="text-slate-700">Nie znaleziono pytań.</p> : null}
      {sections.map((s) => {
        const rows = entries.filter((e) => e.section === s.key);
        if (rows.length === 0) return null;
        return (
          <Panel key={s.key} title={s.title}>
            <TableScroll label={s.title}>
              <table className={tableClass}>
                <TableHead columns={["Kolejność", "Pytanie", "Adres na stronie"]} />
                <tbody>
                  {rows.map((e) => (
                    <tr key={e.id}>
                      <td className={cellClass}>{e.position}</td>
                      <td className={cellClass}>
                        <Link className="font-semibold text-brand-700 underline" to={`/panel/faq/${e.id}`}>
                          {e.question}
                        </Link>
                      </td>
                      <td className={`${cellClass} break-all`}>/faq#{e.slug}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </Panel>
        );
      })}
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
