import { redirect } from "react-router";
import { PANEL_HEADERS, panelCookie, panelToken } from "../../features/panel/panel.server";
import type { Route } from "./+types/sign-out";

/** POST /panel/wyloguj: the session ends on the server and its cookie in the browser. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = panelToken(request);
  if (token) await context.services.staff.sessions.signOut(token);
  return redirect("/panel/logowanie", {
    headers: { ...PANEL_HEADERS, "Set-Cookie": panelCookie(context, null) },
  });
}

export async function loader() {
  return redirect("/panel");
}
