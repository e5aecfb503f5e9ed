import { todayInPoland } from "../../../domain/polish-time";
import { leadList } from "../../features/panel/lead-query";
import { PANEL_HEADERS, requireStaff } from "../../features/panel/panel.server";
import type { Route } from "./+types/leads-csv";

/** GET /panel/zgloszenia.csv: the inbox with the page's filters (all pages), for a spreadsheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, "leads");
  const csv = await context.services.staff.leads.csv(leadList.read(new URL(request.url)), member);
  const day = todayInPoland(context.services.clock.now());
  return new Response(csv, {
    headers: {
      ...PANEL_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="zgloszenia-${day}.csv"`,
    },
  });
}
