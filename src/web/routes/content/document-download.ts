import { data } from "react-router";
import { documentByFileName } from "../../../domain/documents";
import type { Route } from "./+types/document-download";

/** RFC 6266 header: an ASCII fallback name plus the exact UTF-8 name (Polish letters kept). */
export function attachmentHeader(name: string): string {
  const ascii = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * GET /dokumenty/{file}: the version in force of a published document, as a download with the
 * document's Name (footer links, subsidy documents, sample certificate). Unknown files: 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const published = documentByFileName(params.file);
  const doc = published && (await context.services.content.currentDocument(published.kind));
  if (!doc) throw data(null, { status: 404 });
  return new Response(new Uint8Array(doc.data), {
    headers: {
      "content-type": doc.contentType,
      "content-length": String(doc.data.length),
      "content-disposition": attachmentHeader(doc.name),
      // A new version can be published at any time: let browsers revalidate after an hour.
      "cache-control": "public, max-age=3600",
    },
  });
}
