import { data } from "react-router";
import { todayInPoland } from "../../../domain/polish-time";
import { chartTable, dashboardRange, isChartId } from "../../../domain/staff/dashboard";
import { spreadsheetCsv } from "../../../server/spreadsheet-csv";
import { PANEL_HEADERS, requireStaff } from "../../features/panel/panel.server";
import type { Route } from "./+types/dashboard-csv";

/** GET /panel/statystyki.csv?wykres=…&od=…&do=…: one chart's table of the dashboard, for a spreadsheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "stats");
  const params = new URL(request.url).searchParams;
  const chart = params.get("wykres") ?? "";
  if (!isChartId(chart)) throw data("Nie ma takiego wykresu.", { status: 404, headers: PANEL_HEADERS });
  const range = dashboardRange(params, todayInPoland(context.services.clock.now()));
  const table = chartTable(await context.services.staff.dashboard(range), chart);
  return new Response(spreadsheetCsv(table.columns, table.rows), {
    headers: {
      ...PANEL_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statystyki-${chart}-${range.from}-${range.to}.csv"`,
    },
  });
}
