import { Link } from "react-router";
import { AUDIT_PAGE_SIZE } from "../../../server/staff/audit";
import { AuditTable } from "../../features/panel/audit-table";
import { requireStaff } from "../../features/panel/panel.server";
import { Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/audit";

export function meta() {
  return panelMeta("Panel: dziennik zmian");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "audit");
  const raw = Number(new URL(request.url).searchParams.get("strona") ?? "1");
  const page = Number.isInteger(raw) && raw > 0 ? Math.min(raw, 100_000) : 1;
  const { entries, total } = await context.services.staff.audit({ page });
  return { entries, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

/** Every change made in the panel, newest first, a page at a time. */
export default function PanelAudit({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages } = loaderData;
  const pageLink = (n: number) => (n === 1 ? "/panel/dziennik" : `/panel/dziennik?strona=${n}`);
  return (
    <PanelPage title="Dziennik zmian">
      <Panel>
        <AuditTable entries={entries} />
        {pages > 1 ? (
          <nav aria-label="Strony dziennika" className="mt-4 flex items-center gap-4 text-sm">
            {page > 1 ? (
              <Link className="font-semibold text-brand-700 underline" to={pageLink(page - 1)}>
                Nowsze
              </Link>
            ) : null}
            <span>
              Strona {page} z {pages}
            </span>
            {page < pages ? (
              <Link className="font-semibold text-brand-700 underline" to={pageLink(page + 1)}>
                Starsze
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
