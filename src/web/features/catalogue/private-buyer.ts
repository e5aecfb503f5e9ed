import { useEffect, useState, useSyncExternalStore } from "react";
import { redirect } from "react-router";
import { QueryKeys } from "../../../domain/catalogue/filters";

/**
 * A visitor's choice to buy as a private person (the list's "prywatnie", `isCompany=false` in the
 * address), kept for the visit: the offer page, the other lists and the home page then show what a
 * private person can buy (brutto cash prices, no instalments, no bidding) instead of a company's.
 *
 * In sessionStorage, not localStorage: the choice belongs to this visit (the tab and the pages opened
 * from it). Companies are most buyers and the spec's default view; a later visit (the same person
 * back for their company, another person at the same computer) starts from it rather than from a
 * choice nobody remembers making, which would hide leasing, rent and auctions without a word.
 *
 * The server never sees the choice: pages are cached by their address (ADR 018) and render what the
 * address says. So the address carries it: a navigation inside the site to an address that does not
 * say who buys gets `isCompany=false` before anything is loaded (`privateBuyerRedirect`, in the
 * route's clientLoader), and a page loaded whole (a new tab, a reload, a typed address) shows what the
 * server rendered and takes the choice into its address as the scripts start
 * (`useStoredBuyerInAddress`): the list then shows its private buyer's filter being applied.
 */
const KEY = "privateBuyer";
const CHANGE_EVENT = "marketplace-private-buyer";

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the address alone says who buys
  }
}

/** Whether the visitor chose to buy as a private person during this visit. */
export function storedPrivateBuyer(): boolean {
  try {
    return store()?.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** Keeps the buyer chosen: a private person's choice is stored, a company's clears it. */
export function rememberBuyer(isCompany: boolean): void {
  const s = store();
  if (!s || storedPrivateBuyer() === !isCompany) return;
  try {
    if (isCompany) s.removeItem(KEY);
    else s.setItem(KEY, "1");
  } catch {
    return; // storage full or refused: the address still says who buys
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const subscribe = (listener: () => void) => {
  window.addEventListener(CHANGE_EVENT, listener);
  return () => window.removeEventListener(CHANGE_EVENT, listener);
};

/** The stored choice for a page whose address does not say (the home page): a company until hydrated. */
export function useStoredPrivateBuyer(): boolean {
  return useSyncExternalStore(subscribe, storedPrivateBuyer, () => false);
}

/** Who the address says buys: true a company, false a private person, undefined when it does not say. */
export function addressBuyer(search: string): boolean | undefined {
  const v = new URLSearchParams(search).get(QueryKeys.isCompany);
  return v === "false" ? false : v === "true" ? true : undefined;
}

/** The address with the private buyer in it (other parameters and the fragment kept). */
export function privateBuyerHref(url: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams(url.search);
  params.set(QueryKeys.isCompany, "false");
  return `${url.pathname}?${params}${url.hash}`;
}

/**
 * For a route's clientLoader: an address that says who buys is remembered; one that does not, for a
 * visitor who chose to buy privately, is sent to the same address with `isCompany=false` (a redirect
 * response), so the private page is the one loaded.
 */
export function privateBuyerRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  const said = addressBuyer(url.search);
  if (said !== undefined) {
    rememberBuyer(said);
    return null;
  }
  return storedPrivateBuyer() ? redirect(privateBuyerHref(url)) : null;
}

/**
 * Once a page loaded whole has hydrated: an address saying who buys is remembered; one that does not,
 * for a visitor who chose to buy privately, gets `isCompany=false` through `toPrivate` (which
 * replaces the history entry: Back leads where the visitor came from, not to a company's view).
 */
export function useStoredBuyerInAddress(search: string, toPrivate: () => void): void {
  // The choice as it stood when the page loaded, read as it hydrates: a choice made on this page since
  // (ticked before the scripts arrived, which the page applies itself in an effect of its own that may
  // run first) must not send the page back to a private buyer's filter without what was ticked.
  const [storedAtLoad] = useState(storedPrivateBuyer);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address as the page was loaded, once
  useEffect(() => {
    const said = addressBuyer(search);
    if (said !== undefined) rememberBuyer(said);
    else if (storedAtLoad) toPrivate();
  }, []);
}
