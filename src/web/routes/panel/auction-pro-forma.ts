import { data } from "react-router";
import { PANEL_HEADERS, recordParam, requireStaff } from "../../features/panel/panel.server";
import { attachmentHeader } from "../content/document-download";
import type { Route } from "./+types/auction-pro-forma";

/** The pro-forma invoice of a won auction as its winner downloads it, for the sales team. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "auctions");
  const missing = "Nie ma faktury pro forma tej aukcji.";
  const id = recordParam(params.id, missing);
  const pdf = await context.services.auctions.afterWin.proFormaPdfForStaff(id).catch(() => null);
  if (!pdf) throw data(missing, { status: 404, headers: PANEL_HEADERS });
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PANEL_HEADERS,
      "content-type": "application/pdf",
      "content-disposition": attachmentHeader(`pro-forma-aukcja-${id}.pdf`),
    },
  });
}
