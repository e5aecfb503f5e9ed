import type { SiteDocument } from "../../../domain/documents";

/** Download links of PDF documents, each announced as a PDF file. */
export function DocumentList({ documents }: { documents: readonly SiteDocument[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {documents.map((d) => (
        <li key={d.kind}>
          <a
            href={d.url}
            download=""
            className="flex min-h-16 items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 font-semibold text-brand-700 shadow-sm hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-50 text-xs font-bold text-red-700"
            >
              PDF
            </span>
            <span>
              {d.title}
              <span className="block text-sm font-normal text-slate-600">Pobierz plik PDF</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
