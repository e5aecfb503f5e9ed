import { Link } from "react-router";

/** Numbered pages as real links (shareable, crawlable); the current page is marked for screen readers. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (p: number) => string;
}) {
  if (pages <= 1) return null;
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const list = [...shown].sort((a, b) => a - b);
  const cell = "grid h-10 min-w-10 place-items-center rounded-md border px-3 text-sm font-semibold";
  return (
    <nav aria-label="Strony wyników" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link to={hrefFor(page - 1)} className={`${cell} border-slate-300`} preventScrollReset={false}>
          Poprzednia
        </Link>
      )}
      {list.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - list[i - 1] > 1 && <span aria-hidden="true">…</span>}
          {p === page ? (
            <span aria-current="page" className={`${cell} border-brand-600 bg-brand-600 text-white`}>
              {p}
            </span>
          ) : (
            <Link to={hrefFor(p)} className={`${cell} border-slate-300`} aria-label={`Strona ${p}`}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pages && (
        <Link to={hrefFor(page + 1)} className={`${cell} border-slate-300`}>
          Następna
        </Link>
      )}
    </nav>
  );
}
