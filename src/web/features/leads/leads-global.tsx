import { useMatches } from "react-router";
import { CampaignTracker } from "./campaign-tracking";
import { ExitPopup } from "./exit-popup";

/**
 * The site-wide parts of the lead area, mounted once in the shell: campaign tracking on every page,
 * and the exit popup except on pages that hide the shell (landing pages: `handle.hideShell`).
 */
export function LeadsGlobal() {
  const matches = useMatches();
  const hideShell = matches.some((m) => (m.handle as { hideShell?: boolean } | undefined)?.hideShell);
  return (
    <>
      <CampaignTracker />
      {!hideShell && <ExitPopup />}
    </>
  );
}
