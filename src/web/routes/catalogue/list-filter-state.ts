import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import {
  activeFilterCount,
  filterFromQuery,
  filterToQuery,
  forPrivateBuyer,
  type OfferFilter,
} from "../../../domain/catalogue/filters";
import type { ListPage } from "../../../domain/catalogue/list-pages";
import { rememberBuyer, useStoredBuyerInAddress } from "../../features/catalogue/private-buyer";
import { StorageKeys, writeItem } from "../../lib/storage";

/** The address of a list page under a filter: only what differs from the page's own filter is in it. */
export function listHref(page: ListPage, f: OfferFilter): string {
  const q = filterToQuery(f, page.base).toString();
  return `${page.path}${q ? `?${q}` : ""}`;
}

/** Whether a list has anything for a private buyer: not the auctions' own list (auctions are for companies). */
export const forPrivateBuyers = (page: ListPage): boolean =>
  !(page.base.SaleTypes?.length && page.base.SaleTypes.every((t) => t === "auction"));

/**
 * The filter a list page shows and how it changes: a change goes to the page's address, and while
 * that list loads the controls already show the filter being applied (optimistic UI); new loader
 * data ends it. The count of active filters goes to the phone's navigation bar. The buyer chosen
 * (company or private person) is kept for the visit (features/catalogue/private-buyer).
 */
export function useListFilter(loaderData: { page: ListPage; filter: OfferFilter }) {
  const { page } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state === "loading" && navigation.location.pathname === page.path;
  const [chosen, setChosen] = useState<OfferFilter | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new loader data ends the optimistic state
  useEffect(() => setChosen(null), [loaderData]);
  const filter =
    chosen ??
    (pending
      ? filterFromQuery(new URLSearchParams(navigation.location.search), page.base)
      : loaderData.filter);
  const count = activeFilterCount(filter, page.base);

  const go = useCallback(
    (f: OfferFilter, opts: { replace?: boolean } = {}) => {
      setChosen(f);
      // Before the navigation: the next list's clientLoader reads the choice ("na firmę" clears it).
      if (f.IsCompany !== filter.IsCompany) rememberBuyer(f.IsCompany);
      navigate(listHref(page, f), { preventScrollReset: true, replace: opts.replace });
    },
    [navigate, page, filter.IsCompany],
  );

  // A list loaded whole for a visitor who chose to buy privately: their filter, in place of this entry.
  useStoredBuyerInAddress(location.search, () => {
    if (forPrivateBuyers(page))
      go({ ...loaderData.filter, ...forPrivateBuyer(loaderData.filter), Page: 1 }, { replace: true });
  });

  // The phone's navigation bar shows this number on its filter button (shared storage key).
  useEffect(() => {
    writeItem(StorageKeys.activeFiltersCount, String(count));
  }, [count]);
  useEffect(() => () => writeItem(StorageKeys.activeFiltersCount, null), []);

  return { filter, pending, count, go };
}
