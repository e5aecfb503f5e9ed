import { Outlet } from "react-router";
import { panelHeaders } from "../../features/panel/panel.server";

/**
 * Every staff page (the back-office /panel and the way into it: signing in, its code, setting up the
 * app, setting a password; the consultants' console /konsultant) stands alone: no site navigation,
 * footer, chat, cookie notice or advertising tag, whatever the visitor accepted on the public site
 * (customers' data is on these pages; the server leaves the tags' hosts out of their CSP too); and
 * answers with the panel's headers, unless a page gives its own. A new staff page goes under this
 * layout in routes.ts and inherits all of it.
 */
export const handle = { staff: true };

export const headers = panelHeaders;

export default function BackOffice() {
  return <Outlet />;
}
