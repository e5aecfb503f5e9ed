import { Link } from "react-router";
import type { SearchFilter } from "../../../domain/catalogue/dto";
import { filterToQuery, type OfferFilter } from "../../../domain/catalogue/filters";
import type { OfferList, OfferTile as Tile } from "../../../domain/catalogue/offer";
import { searchTokens } from "../../../domain/catalogue/query-understanding";
import { FILLER_WORDS } from "../../../domain/catalogue/vocabulary";
import { countOffers } from "../../../domain/format";
import { compactWord } from "../../../domain/search-text";
import { SearchBox } from "../../components/shell/search-box";
import { SetAlertButton } from "../alerts/set-alert-button";
import { OfferTile } from "./offer-tile";
import { rememberBuyer } from "./private-buyer";

/**
 * What the list understood of a search: its recognised filters as removable chips, and the way on
 * when it found nothing (the nearest search, its first cars and an alert for the search).
 */

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * The filter with the search's recognised conditions written out (for the alert wizard, which has no
 * text search): "vw suv do 150 tys" is the make, the body and the price bound.
 */
export function filterWithSearchFilters(filter: OfferFilter, found: SearchFilter[] = []): OfferFilter {
  const values = (kind: SearchFilter["Kind"]) =>
    found.filter((f) => f.Kind === kind).flatMap((f) => f.Values);
  const amount = (kind: SearchFilter["Kind"]) => found.find((f) => f.Kind === kind)?.Amount;
  return {
    ...filter,
    Makes: union(filter.Makes, values("make")),
    Models: union(filter.Models, values("model")),
    FuelTypes: union(filter.FuelTypes, values("fuel")),
    GearBoxTypes: union(filter.GearBoxTypes, values("gearbox")),
    BodyTypes: union(filter.BodyTypes, values("body")),
    PriceTo: filter.PriceTo ?? amount("priceTo"),
    PriceFrom: filter.PriceFrom ?? amount("priceFrom"),
    YearFrom: filter.YearFrom ?? amount("yearFrom"),
    YearTo: filter.YearTo ?? amount("yearTo"),
    MileageTo: filter.MileageTo ?? amount("mileageTo"),
    MileageFrom: filter.MileageFrom ?? amount("mileageFrom"),
    // Instalments are for companies only (forPrivateBuyer): a private buyer's alert keeps none.
    ...(filter.IsCompany
      ? {
          InstallmentTo: filter.InstallmentTo ?? amount("installmentTo"),
          InstallmentFrom: filter.InstallmentFrom ?? amount("installmentFrom"),
        }
      : {}),
  };
}

/**
 * Over the results: the search box (on a phone the header's is behind a button, so the query is
 * edited here), the search being shown with its clearing, and its recognised filters as chips.
 */
export function SearchSummary({
  search,
  filters,
  onSearch,
}: {
  search: string | undefined;
  filters: SearchFilter[];
  onSearch: (search: string | undefined) => void;
}) {
  return (
    <>
      <SearchBox id="szukaj-na-liscie" className="mb-4 lg:hidden" />
      {search && (
        <div className="mb-4 flex flex-col gap-2">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 wrap-anywhere">
              Wyszukiwanie: <strong>„{search}”</strong>
            </span>
            <button
              type="button"
              onClick={() => onSearch(undefined)}
              className="rounded-md border border-slate-300 px-2 py-1 font-semibold text-brand-700 hover:bg-slate-100"
            >
              Wyczyść wyszukiwanie
            </button>
          </p>
          <SearchChips filters={filters} onRemove={(f) => onSearch(f.SearchWithout || undefined)} />
        </div>
      )}
    </>
  );
}

/** The recognised filters of the search, each removable (its words leave the search). */
function SearchChips({
  filters,
  onRemove,
}: {
  filters: SearchFilter[];
  onRemove: (f: SearchFilter) => void;
}) {
  if (!filters.length) return null;
  return (
    <ul aria-label="Rozpoznane w wyszukiwaniu" className="flex flex-wrap gap-2">
      {filters.map((f) => (
        <li key={`${f.Kind}-${f.Text}`}>
          <span className="inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900">
            {f.Label}
            <button
              type="button"
              onClick={() => onRemove(f)}
              aria-label={`Usuń filtr: ${f.Text}`}
              title={`Usuń filtr: ${f.Text}`}
              className="inline-flex size-7 items-center justify-center rounded-full font-bold text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span aria-hidden="true">×</span>
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** An empty list: the page's own text, or for a search the way on. */
export function EmptyList({
  filter,
  emptyText,
  list,
  nearest,
  hrefOf,
  now,
}: {
  filter: OfferFilter;
  emptyText: string;
  list: OfferList;
  nearest: Tile[];
  hrefOf: (f: OfferFilter) => string;
  now: Date;
}) {
  if (!filter.Search && !filter.IsCompany)
    // A private buyer's list holds cars sold for cash only: a brand sold only in leasing, rent or at
    // auction is empty for them although its page exists. Say so, and the way to the company's view.
    return (
      <div
        className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700"
        data-testid="private-buyer-empty"
      >
        <p>
          Nie mamy teraz samochodów za gotówkę spełniających wybrane kryteria. Część samochodów oferujemy
          tylko firmom: w leasingu, najmie lub na aukcjach.
        </p>
        <Link
          to={hrefOf({ ...filter, IsCompany: true, Page: 1 })}
          // The buyer chosen for the visit becomes a company, as the offer page's link does.
          onClick={() => rememberBuyer(true)}
          className="mt-3 inline-block text-brand-700 underline"
        >
          Kupujesz na firmę? Zobacz oferty dla firm
        </Link>
      </div>
    );
  if (!filter.Search)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-lg text-slate-700">
        {emptyText}
      </p>
    );
  return (
    <EmptySearch
      search={filter.Search}
      list={list}
      nearest={nearest}
      hrefForSearch={(search) => hrefOf({ ...filter, Search: search, Page: 1 })}
      alertQuery={filterToQuery(filterWithSearchFilters(filter, list.SearchFilters))}
      isCompany={filter.IsCompany}
      now={now}
    />
  );
}

/**
 * Whether the list understood every word of a search: each is a chip's word (a make, a colour, a
 * price, equipment…) or a word that carries no condition ("samochód", "z"). Such a search found
 * nothing because no car meets all its conditions, not because of its spelling.
 */
export function everyWordUnderstood(search: string, chips: readonly Pick<SearchFilter, "Text">[]): boolean {
  const understood = new Set(chips.flatMap((c) => searchTokens(c.Text)));
  return searchTokens(search).every((t) => understood.has(t) || FILLER_WORDS.has(compactWord(t)));
}

/** A search typed in quotes is shown in one pair of them: „bmw”, not „„bmw””. */
const unquoted = (search: string) => search.replace(/^["'„“”«»]+|["'„“”«»]+$/g, "").trim() || search;

/**
 * A search that found nothing: the nearest search that does and its first cars (or, with none near, the
 * list's recommended cars), and an alert.
 */
function EmptySearch({
  search,
  list,
  nearest,
  hrefForSearch,
  alertQuery,
  isCompany,
  now,
}: {
  search: string;
  list: OfferList;
  nearest: Tile[];
  hrefForSearch: (search: string) => string;
  alertQuery: URLSearchParams;
  isCompany: boolean;
  now: Date;
}) {
  const way = list.DidYouMean;
  // Every word understood: the conditions are too many, which no spelling question would help with.
  const understood = everyWordUnderstood(search, list.SearchFilters ?? []);
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-4 text-slate-700 sm:p-6 lg:p-10">
      <p className="text-center text-lg wrap-anywhere">Nie znaleźliśmy ofert dla „{unquoted(search)}”.</p>
      {understood ? (
        <p className="mt-3 text-center text-lg wrap-anywhere">
          Nie mamy teraz samochodu, który spełnia wszystkie te warunki.
          {way && (
            <>
              {" "}
              Najbliższe wyszukiwanie z ofertami:{" "}
              <Link to={hrefForSearch(way.Search)} className="font-semibold text-brand-700 underline">
                „{way.Search}”
              </Link>{" "}
              <span className="text-base text-slate-600">({countOffers(way.Count)})</span>
            </>
          )}
        </p>
      ) : way ? (
        <p className="mt-3 text-center text-lg wrap-anywhere">
          Czy chodziło Ci o{" "}
          <Link to={hrefForSearch(way.Search)} className="font-semibold text-brand-700 underline">
            „{way.Search}”
          </Link>
          ? <span className="text-base text-slate-600">({countOffers(way.Count)})</span>
        </p>
      ) : (
        <p className="mt-2 text-center">Sprawdź pisownię albo wyczyść wyszukiwanie lub filtry.</p>
      )}
      {nearest.length > 0 && (
        <section aria-labelledby="najblizsze-oferty" className="mt-6">
          <h2 id="najblizsze-oferty" className="text-lg font-bold text-slate-900">
            {way ? "Najbliższe oferty" : "Polecane oferty"}
          </h2>
          <p className="text-sm text-slate-600 wrap-anywhere">
            {way ? (
              `Różnią się od szukanych: ${way.Differs.join(", ")}.`
            ) : (
              <>
                Nie mamy samochodów pasujących do „{unquoted(search)}”, ale te mogą Cię zainteresować.{" "}
                <Link to={hrefForSearch("")} className="font-semibold text-brand-700 underline">
                  Zobacz wszystkie oferty
                </Link>
              </>
            )}
          </p>
          <ul className="mt-3 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {nearest.map((o) => (
              <li key={o.AuctionId}>
                <OfferTile offer={o} isCompany={isCompany} now={now} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-6 flex flex-col items-center gap-2 text-center">
        <p>Powiadomimy Cię, gdy pojawi się taki samochód.</p>
        <SetAlertButton search={alertQuery} />
      </div>
    </div>
  );
}
