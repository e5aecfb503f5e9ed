import { type RefObject, useRef } from "react";
import { data, redirect } from "react-router";
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
import type { OfferList } from "../../../domain/catalogue/offer";
import { makePathSegment } from "../../../domain/catalogue/offer-url";
import { MAKE_NICKNAMES } from "../../../domain/catalogue/vocabulary";
import { countOffers } from "../../../domain/format";
import { headlineTerms } from "../../../domain/headline-price";
import type { ShellHandle } from "../../components/shell/handle";
import { SetAlertButton } from "../../features/alerts/set-alert-button";
import { OfferTile } from "../../features/catalogue/offer-tile";
import { Pagination } from "../../features/catalogue/pagination";
import { InstalmentTermsNote } from "../../features/catalogue/prices";
import { privateBuyerRedirect } from "../../features/catalogue/private-buyer";
import {
  EmptyList,
  filterWithSearchFilters,
  SearchSummary,
} from "../../features/catalogue/search-understood";
import { pageMeta } from "../../features/catalogue/seo";
import { livePageHeaders } from "../../lib/cache-headers";
import { useTypedBeforeHydration } from "../../lib/typed-before-hydration";
import { pageTitle } from "../../seo";
import type { Route } from "./+types/vehicle-list";
import { forPrivateBuyers, listHref, useListFilter } from "./list-filter-state";
import { ListFilters } from "./list-filters";

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
    // A make's own path, or a name people use for it (/marki/vw, /marki/mercedes), which moves to it.
    const nickname = MAKE_NICKNAMES[wanted.toLowerCase()];
    const make = MakesAndModels.find(
      (m) => makePathSegment(m.Make.Name) === wanted.toLowerCase() || m.Make.Name === nickname,
    );
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
    throw redirect(listHref(page, { ...filter, Page: pages }));
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

/**
 * A visitor who chose to buy privately reaches every list as one (features/catalogue/private-buyer),
 * but the auctions' own list: a private buyer's filter holds no auction, and the list would say there
 * were none. It shows the auctions as they are; their pages say they are for entrepreneurs.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const page = STATIC_LIST_PAGES.find((p) => p.path === new URL(request.url).pathname.replace(/\/$/, ""));
  const toPrivate = page && !forPrivateBuyers(page) ? null : privateBuyerRedirect(request);
  if (toPrivate) throw toPrivate;
  return await serverLoader();
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
  const { filter, pending, count, go } = useListFilter(loaderData);
  const now = new Date(serverNow);
  const hrefOf = (f: OfferFilter) => listHref(page, f);
  const sortBy = (value: string) =>
    go({ ...filter, SelectedSortingValue: Number(value) as SortingValue, Page: 1 });
  // A sort chosen before the scripts arrived (a slow phone) is applied once they have. Here rather
  // than in the toolbar: a parent's effects run after its children's, so the sort goes after the
  // filter panel's ticks from before the scripts (of two navigations the last one counts).
  const sortRef = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(sortRef, String(filter.SelectedSortingValue), sortBy);
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl font-bold lg:text-3xl">{page.heading}</h1>
      <ListToolbar filter={filter} list={list} sortRef={sortRef} onSort={sortBy} />

      <div className="mt-6 grid gap-8 lg:grid-cols-[17rem_1fr]">
        <ListFilters
          filter={filter}
          base={page.base}
          options={options}
          count={count}
          found={list.Count}
          onChange={go}
        />

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
          <Pagination page={filter.Page} pages={pages} hrefFor={(p) => hrefOf({ ...filter, Page: p })} />
          {list.Tails.length > 0 && filter.IsCompany && (
            <InstalmentTermsNote terms={loaderData.instalmentTerms} />
          )}
        </section>
      </div>
    </main>
  );
}

/** Above the results: how many cars were found, the alert for this search and the sort order. */
function ListToolbar({
  filter,
  list,
  sortRef,
  onSort,
}: {
  filter: OfferFilter;
  list: OfferList;
  sortRef: RefObject<HTMLSelectElement | null>;
  onSort: (value: string) => void;
}) {
  // The alert has no text search: it gets the conditions the search's words mean.
  const alertQuery = filterToQuery(filterWithSearchFilters(filter, list.SearchFilters));
  return (
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
            onChange={(e) => onSort(e.target.value)}
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
  );
}

export const headers = livePageHeaders;
