import { ConsultantConsole } from "../../features/chat/consultant-console";
import { panelHeaders, requireStaff } from "../../features/panel/panel.server";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/consultant";

export function meta() {
  return [{ title: pageTitle("Konsola konsultanta") }, { name: "robots", content: "noindex, nofollow" }];
}

export const headers = panelHeaders;

/**
 * Consultants are staff members: the console opens for a member signed in to the panel
 * whose role has the chat (consultant, admin); anyone else goes to the panel's sign-in and back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "chat");
  return null;
}

export default function ConsultantPage() {
  return <ConsultantConsole />;
}
