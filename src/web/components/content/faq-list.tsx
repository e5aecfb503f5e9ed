import { useId, useMemo, useState } from "react";
import { FAQ_SECTIONS, type FaqEntry } from "../../../domain/faq";
import { pluralPl } from "../../../domain/format";
import { matchesQuery } from "../../../domain/search-text";
import { Paragraphs } from "./layout";

/**
 * The FAQ: questions grouped in sections, each answer with its own anchor (#slug) and a link to it,
 * and a search box that filters questions and answers as the visitor types (diacritics optional).
 */
export function FaqList({
  entries,
  searchable = true,
  grouped = true,
  initialQuery = "",
}: {
  entries: readonly FaqEntry[];
  searchable?: boolean;
  grouped?: boolean;
  initialQuery?: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const inputId = useId();
  const visible = useMemo(
    () => entries.filter((e) => matchesQuery(`${e.question} ${e.answer}`, query)),
    [entries, query],
  );
  const groups = grouped
    ? FAQ_SECTIONS.map((s) => ({ ...s, entries: visible.filter((e) => e.section === s.key) })).filter(
        (g) => g.entries.length > 0,
      )
    : [{ key: "wszystkie", title: "", entries: visible }];

  return (
    <div>
      {searchable && (
        <search className="mb-8 block">
          {/* A plain GET form, so the search also works before (or without) JavaScript: the server
              filters by ?q=. With JavaScript the list filters as the visitor types. */}
          <form method="get" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor={inputId} className="block font-semibold text-slate-900">
              Szukaj w pytaniach i odpowiedziach
            </label>
            <div className="mt-2 flex max-w-xl gap-2">
              <input
                id={inputId}
                name="q"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="np. zwrot, dopłata, aukcja"
                className="min-w-0 flex-1 rounded-lg border border-slate-400 px-4 py-3 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
              />
              <button
                type="submit"
                className="min-h-11 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Szukaj
              </button>
            </div>
          </form>
          <p className="mt-2 text-sm text-slate-600" aria-live="polite">
            {query.trim()
              ? visible.length
                ? `Znaleziono ${visible.length} ${pluralPl(visible.length, ["odpowiedź", "odpowiedzi", "odpowiedzi"])}.`
                : `Brak odpowiedzi pasujących do „${query.trim()}”. Zadaj nam pytanie – chętnie pomożemy.`
              : `${entries.length} ${pluralPl(entries.length, ["pytanie", "pytania", "pytań"])} w ${groups.length} ${pluralPl(groups.length, ["dziale", "działach", "działach"])}.`}
          </p>
        </search>
      )}
      {grouped && !query.trim() && (
        <nav aria-label="Działy pytań" className="mb-10">
          <ul className="flex flex-wrap gap-2">
            {groups.map((g) => (
              <li key={g.key}>
                <a
                  href={`#dzial-${g.key}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:border-brand-600"
                >
                  {g.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map((group) => (
        <div key={group.key} className="mb-10 last:mb-0">
          {grouped && (
            <h2 id={`dzial-${group.key}`} className="mb-4 scroll-mt-20 text-2xl font-bold text-slate-900">
              {group.title}
            </h2>
          )}
          <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {group.entries.map((entry) => (
              <article
                key={entry.slug}
                id={entry.slug}
                className="scroll-mt-20 p-5 target:bg-brand-50 sm:p-6"
              >
                <h3 className="text-lg font-semibold text-slate-900">{entry.question}</h3>
                <div className="mt-2 text-slate-700">
                  <Paragraphs text={entry.answer} />
                </div>
                <a
                  href={`#${entry.slug}`}
                  className="mt-3 inline-block text-sm text-brand-700 underline underline-offset-2"
                  aria-label={`Link do odpowiedzi: ${entry.question}`}
                >
                  Link do odpowiedzi
                </a>
              </article>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** schema.org FAQPage for search engines, built from the same entries as the page. */
export function faqJsonLd(entries: readonly FaqEntry[], pageUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: pageUrl,
    inLanguage: "pl-PL",
    mainEntity: entries.map((e) => ({
      "@type": "Question",
      name: e.question,
      url: `${pageUrl}#${e.slug}`,
      acceptedAnswer: { "@type": "Answer", text: e.answer.replace(/\n\s*\n/g, " ") },
    })),
  };
}
