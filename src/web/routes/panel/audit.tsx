import { AUDIT_PAGE_SIZE } from "../../../server/staff/audit";
import { AuditTable } from "../../features/panel/audit-table";
import { requireStaff } from "../../features/panel/panel.server";
import { Pager, Panel, PanelPage, pageParam, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/audit";

export function meta() {
  return panelMeta("Panel: dziennik zmian");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "audit");
  const page = pageParam(new URL(request.url));
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
        <Pager
          page={page}
          pages={pages}
          href={pageLink}
          label="Strony dziennika"
          previous="Nowsze"
          next="Starsze"
        />
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
