import { useCallback, useEffect, useRef, useState } from "react";
import { data, redirect, useNavigate, useNavigation } from "react-router";
import {
  activeFilterCount,
  filterFromQuery,
  filterToQuery,
  type OfferFilter,
  SORTING_OPTIONS,
  type SortingValue,
} from "../../../domain/catalogue/filters";
import {
  type ListPage,
  makeListPage,
  STATIC_LIST_PAGES,
  variantListPage,
  variantPath,
} from "../../../domain/catalogue/list-pages";
import { makePathSegment } from "../../../domain/catalogue/offer-url";
import { countOffers } from "../../../domain/format";
import { headlineTerms } from "../../../domain/headline-price";
import type { ShellHandle } from "../../components/shell/handle";
import { useOpenFiltersRequest } from "../../components/shell/mobile-filters";
import { useScrollLock } from "../../components/shell/scroll-lock";
import { SetAlertButton } from "../../features/alerts/set-alert-button";
import { FilterPanel } from "../../features/catalogue/filter-panel";
import { OfferTile } from "../../features/catalogue/offer-tile";
import { Pagination } from "../../features/catalogue/pagination";
import { InstalmentTermsNote } from "../../features/catalogue/prices";
import {
  EmptyList,
  filterWithSearchFilters,
  SearchSummary,
} from "../../features/catalogue/search-understood";
import { pageMeta } from "../../features/catalogue/seo";
import { livePageHeaders } from "../../lib/cache-headers";
import { StorageKeys, writeItem } from "../../lib/storage";
import { useTypedBeforeHydration } from "../../lib/typed-before-hydration";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/vehicle-list";

/**
 * A tile's width in the list's grid (max-w-7xl, a 17rem filter column from lg, 2 columns from sm,
 * 3 from xl): the browser picks the photo width from this before any CSS is loaded.
 */
const LIST_TILE_SIZES =
  "(min-width: 1280px) 22rem, (min-width: 1024px) calc((100vw - 23rem) / 2), (min-width: 640px) calc(50vw - 2.5rem), calc(100vw - 2rem)";

/** Cars of the nearest search (or the list's recommended ones) shown under an empty result. */
const NEAREST_CARS = 3;

/** The phone's navigation bar shows the filter button with the count (spec section 2). */
export const handle: ShellHandle = { filterButton: true };

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const offers = context.services.offers;
  let page: ListPage | undefined = STATIC_LIST_PAGES.find((p) => p.path === url.pathname.replace(/\/$/, ""));
  if (!page && params.make !== undefined) {
    const { MakesAndModels } = await offers.filterData();
    const wanted = params.make;
    const make = MakesAndModels.find((m) => makePathSegment(m.Make.Name) === wanted.toLowerCase());
    if (!make) throw data(null, { status: 404 });
    // /marki/AUDI and other spellings answer with the lower-case form (spec section 2).
    if (makePathSegment(make.Make.Name) !== wanted)
      throw redirect(`/marki/${makePathSegment(make.Make.Name)}${url.search}`, 301);
    page = makeListPage(make.Make.Name);
  }
  if (!page && params.makeModel !== undefined) {
    const variants = await offers.multipleVariants();
    const v = variants.find((x) => variantPath(x.Make, x.Model) === `/${params.makeModel}`);
    if (!v) throw data(null, { status: 404 });
    page = variantListPage(v.Make, v.Model);
  }
  if (!page) throw data(null, { status: 404 });
  const filter = filterFromQuery(url.searchParams, page.base);
  const [list, options] = await Promise.all([offers.list(filter), offers.filterData()]);
  // A search that found nothing shows the first cars of the nearest search that finds some; with no
  // search near it (a make never stocked) the list's recommended cars, its other filters kept.
  const nearest =
    filter.Search && list.Count === 0
      ? (
          await offers.list({
            ...filter,
            Search: list.DidYouMean?.Search,
            Page: 1,
            ResultsPerPage: NEAREST_CARS,
          })
        ).Tails
      : [];
  const pages = Math.max(1, Math.ceil(list.Count / filter.ResultsPerPage));
  // The tiles' "od" instalments are stated with their parameters (ADR 020).
  const instalmentTerms = headlineTerms(await context.services.calculatorProperties());
  // A page past the end (an old link, ?page=999) goes to the last page instead of saying "389 ofert"
  // over an empty list.
  if (filter.Page > pages) {
    const q = filterToQuery({ ...filter, Page: pages }, page.base).toString();
    throw redirect(`${page.path}${q ? `?${q}` : ""}`);
  }
  const origin = context.services.config.publicUrl.replace(/\/$/, "");
  const canonical = `${origin}${page.path}${filter.Page > 1 ? `?page=${filter.Page}` : ""}`;
  return {
    page,
    filter,
    list,
    nearest,
    pages,
    options: {
      BodyTypes: options.BodyTypes,
      FuelTypes: options.FuelTypes,
      GearBoxTypes: options.GearBoxTypes,
      MakesAndModels: options.MakesAndModels,
    },
    canonical,
    activeFilters: activeFilterCount(filter, page.base),
    // A filtered or searched list is a variation of the page: search engines should index the page itself.
    filtered:
      activeFilterCount(filter, page.base) > 0 ||
      filter.SelectedSortingValue !== 0 ||
      filter.Search !== undefined,
    serverNow: context.services.clock.now().toISOString(),
    instalmentTerms,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Wystąpił błąd" }];
  const { page, filter, canonical, filtered } = loaderData;
  const suffix = filter.Page > 1 ? ` – strona ${filter.Page}` : "";
  return pageMeta({
    title: pageTitle(`${page.title}${suffix}`),
    description: page.description,
    canonical,
    noindex: filtered,
  });
}

export default function VehicleList({ loaderData }: Route.ComponentProps) {
  const { page, list, pages, options, serverNow } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While the next list loads, the controls already show the filter being applied (optimistic UI).
  const pending = navigation.state === "loading" && navigation.location.pathname === page.path;
  const [chosen, setChosen] = useState<OfferFilter | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new loader data ends the optimistic state
  useEffect(() => setChosen(null), [loaderData]);
  const filter =
    chosen ??
    (pending
      ? filterFromQuery(new URLSearchParams(navigation.location.search), page.base)
      : loaderData.filter);
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const count = activeFilterCount(filter, page.base);
  const now = new Date(serverNow);

  const go = useCallback(
    (f: OfferFilter) => {
      setChosen(f);
      const q = filterToQuery(f, page.base).toString();
      navigate(`${page.path}${q ? `?${q}` : ""}`, { preventScrollReset: true });
    },
    [navigate, page],
  );

  // The phone's navigation bar shows this number on its filter button (shared storage key).
  useEffect(() => {
    writeItem(StorageKeys.activeFiltersCount, String(count));
  }, [count]);
  useEffect(() => () => writeItem(StorageKeys.activeFiltersCount, null), []);

  useOpenFiltersRequest(useCallback(() => setOpen(true), []));

  // The panel over the page locks the page's scrolling (spec section 4; counted with the phone menu's
  // lock) and closes with Escape.
  useScrollLock(open);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const hrefOf = (f: OfferFilter) => {
    const q = filterToQuery(f, page.base).toString();
    return `${page.path}${q ? `?${q}` : ""}`;
  };
  const hrefFor = (p: number) => hrefOf({ ...filter, Page: p });
  // The alert has no text search: it gets the conditions the search's words mean.
  const alertQuery = filterToQuery(filterWithSearchFilters(filter, list.SearchFilters));
  const sortBy = (value: string) =>
    go({ ...filter, SelectedSortingValue: Number(value) as SortingValue, Page: 1 });
  // A sort chosen before the scripts arrived (a slow phone) is applied once they have.
  const sortRef = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(sortRef, String(filter.SelectedSortingValue), sortBy);

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl font-bold lg:text-3xl">{page.heading}</h1>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-slate-700 wrap-anywhere" role="status" aria-live="polite">
          Znaleziono <strong data-testid="result-count">{countOffers(list.Count)}</strong>
          {filter.Search && <> dla „{filter.Search}”</>}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {/* The alert gets every filter, also those the path implies (/suv, /marki/audi). */}
          <SetAlertButton search={alertQuery} className="text-sm" />
          <label className="flex items-center gap-2 text-sm">
            <span>Sortuj:</span>
            <select
              ref={sortRef}
              value={filter.SelectedSortingValue}
              onChange={(e) => sortBy(e.target.value)}
              className="rounded-md border border-slate-300 bg-white px-2 py-2"
            >
              {SORTING_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[17rem_1fr]">
        <aside
          aria-label="Filtry"
          className={
            open
              ? "fixed inset-0 z-50 flex flex-col bg-white lg:static lg:z-auto lg:block"
              : "hidden lg:block"
          }
          {...(open ? { role: "dialog", "aria-modal": true } : {})}
        >
          <div className="flex items-center justify-between border-b border-slate-200 p-4 lg:hidden">
            <h2 className="text-lg font-bold">Filtry</h2>
            <button
              ref={closeRef}
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-md px-3 py-2 text-sm font-semibold"
              aria-label="Zamknij filtry"
            >
              ✕
            </button>
          </div>
          <div className="flex-1 overflow-y-auto p-4 lg:p-0">
            <FilterPanel filter={filter} base={page.base} options={options} onChange={go} />
            {count > 0 && (
              <button
                type="button"
                onClick={() =>
                  go({
                    ...filterFromQuery(new URLSearchParams(), page.base),
                    IsCompany: filter.IsCompany,
                    Search: filter.Search,
                  })
                }
                className="mt-2 text-sm font-semibold text-brand-700 underline"
              >
                Wyczyść filtry
              </button>
            )}
          </div>
          <div className="border-t border-slate-200 p-4 lg:hidden">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="w-full rounded-md bg-brand-600 py-3 font-semibold text-white"
            >
              Pokaż {countOffers(list.Count)}
            </button>
          </div>
        </aside>

        <section
          aria-label="Wyniki"
          className={pending ? "opacity-60 transition-opacity" : ""}
          aria-busy={pending}
        >
          <SearchSummary
            search={filter.Search}
            filters={list.SearchFilters ?? []}
            onSearch={(search) => go({ ...filter, Search: search, Page: 1 })}
          />
          {list.Tails.length === 0 ? (
            <EmptyList
              filter={filter}
              emptyText={page.emptyText}
              list={list}
              nearest={loaderData.nearest}
              hrefOf={hrefOf}
              now={now}
            />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {list.Tails.map((o, i) => (
                <li key={o.AuctionId}>
                  <OfferTile
                    offer={o}
                    isCompany={filter.IsCompany}
                    now={now}
                    priority={i === 0}
                    sizes={LIST_TILE_SIZES}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={filter.Page} pages={pages} hrefFor={hrefFor} />
          {list.Tails.length > 0 && filter.IsCompany && (
            <InstalmentTermsNote terms={loaderData.instalmentTerms} />
          )}
        </section>
      </div>
    </main>
  );
}

export const headers = livePageHeaders;
