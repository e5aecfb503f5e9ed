import { AUDIT_PAGE_SIZE } from "../../../server/staff/audit";
import { AuditTable } from "../../features/panel/audit-table";
import { panelListLoader } from "../../features/panel/panel.server";
import { Pager, Panel, PanelPage, pageParam, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/audit";

export function meta() {
  return panelMeta("Panel: dziennik zmian");
}

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(
    args,
    "audit",
    (url) => ({ page: pageParam(url) }),
    AUDIT_PAGE_SIZE,
    (staff) => ({ list: ({ page }) => staff.audit({ page }) }),
  );

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
