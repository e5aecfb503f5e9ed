import { Outlet } from "react-router";
import { publicPageHeaders } from "../../lib/cache-headers";
import { publicPageLoader } from "../../seo";

/**
 * The content pages and the lead forms' confirmations: the same page for every visitor, so each
 * answers with the public page's Cache-Control (a shared cache keeps it briefly); and the site's
 * address for their canonical links (publicPageMeta), so a page that shows only its own texts loads
 * nothing itself.
 */
export const headers = publicPageHeaders;

export const loader = publicPageLoader();

export default function ContentPages() {
  return <Outlet />;
}
