import { redirect } from "react-router";
import { EXPORT_FORMATS, type ExportFormat, myDataLinkPath } from "../../../domain/privacy-rights";
import { serviceRefusal } from "../../lib/service-refusal.server";
import type { Route } from "./+types/my-data-download";

/** Opening the address changes nothing: back to the link's page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(myDataLinkPath(params.token));
}

/**
 * POST /moje-dane/{token}/pobierz (format json or csv), from the link page's buttons: the data kept
 * under the address as a file; the download is recorded in the audit log. An expired or used link
 * answers 400 with the reason.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const format = String((await request.formData()).get("format") ?? "json");
  if (!EXPORT_FORMATS.includes(format as ExportFormat))
    return new Response("Nieznany format pliku: dozwolone są json i csv.", { status: 400 });
  try {
    const file = await context.services.privacy.requests.download(params.token, format as ExportFormat);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.type,
        "Content-Disposition": `attachment; filename="${file.name}"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  } catch (err) {
    const refusal = serviceRefusal(err);
    if (!refusal) throw err;
    return new Response(refusal.message, {
      status: refusal.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
