import { Outlet } from "react-router";
import { panelHeaders } from "../../features/panel/panel.server";

/**
 * Everything of the back-office (/panel and the way into it: signing in, its code, setting up the
 * app, setting a password) stands alone: no site navigation, footer, chat or consent banner; and
 * answers with the panel's headers, unless a page gives its own.
 */
export const handle = { staff: true };

export const headers = panelHeaders;

export default function BackOffice() {
  return <Outlet />;
}
