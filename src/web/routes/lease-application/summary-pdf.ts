import { data } from "react-router";
import { applicationSummaryPdf } from "../../../server/lease-application/pdf";
import { applicationView } from "../../../server/lease-application/view";
import { attachmentHeader } from "../content/document-download";
import type { Route } from "./+types/summary-pdf";

/** GET /wniosek-leasingowy/{id}/podsumowanie.pdf?klucz=…: the application's summary as a PDF. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("klucz");
  const id = Number(params.id);
  if (!key || !Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  let found: Awaited<ReturnType<typeof context.services.leaseApplications.read>>;
  try {
    found = await context.services.leaseApplications.read(id, { key });
  } catch {
    throw data(null, { status: 404 });
  }
  const pdf = await applicationSummaryPdf(applicationView(found, context.services.clock.now()));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "content-disposition": attachmentHeader(`wniosek-leasingowy-${id}.pdf`),
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex, nofollow",
    },
  });
}
