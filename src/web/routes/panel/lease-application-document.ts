import { data } from "react-router";
import { PANEL_HEADERS, recordParam, requireStaff } from "../../features/panel/panel.server";
import { attachmentHeader } from "../content/document-download";
import type { Route } from "./+types/lease-application-document";

/** A document the applicant sent, opened by staff who read the application. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "applications");
  const missing = "Nie ma takiego dokumentu.";
  const doc = await context.services.staff.leaseApplications.document(
    recordParam(params.id, missing),
    recordParam(params.doc, missing),
  );
  if (!doc) throw data(missing, { status: 404, headers: PANEL_HEADERS });
  return new Response(new Uint8Array(doc.data), {
    headers: {
      ...PANEL_HEADERS,
      "content-type": doc.contentType,
      "content-disposition": attachmentHeader(doc.fileName),
    },
  });
}
