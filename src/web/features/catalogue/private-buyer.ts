import { useEffect, useState, useSyncExternalStore } from "react";
import { redirect } from "react-router";
import { QueryKeys } from "../../../domain/catalogue/filters";

/**
 * A visitor's choice to buy as a private person (the list's "prywatnie", `isCompany=false` in the
 * address), kept for the visit: the offer page, the other lists and the home page then show what a
 * private person can buy (brutto cash prices, no instalments, no bidding) instead of a company's.
 *
 * In localStorage for 12 hours from its last use, so that a tab opened by hand (a typed address, a
 * bookmark, a link opened in a new tab, which gets no copy of the tab's sessionStorage) shows the same
 * view as the tab where it was chosen, and every open tab follows a change. Not for longer: companies
 * are most buyers and the spec's default view; a later visit (the same person back for their company,
 * another person at the same computer) starts from it rather than from a choice nobody remembers
 * making, which would hide leasing, rent and auctions without a word (ADR 047).
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
/** How long the choice lasts after its last use (a page opened as a private buyer renews it). */
export const PRIVATE_BUYER_FOR_MS = 12 * 60 * 60 * 1000;

/**
 * For the page's head, before the body is parsed: marks the document (`<html data-buyer="private">`)
 * when the kept choice is a private person's, so the first paint of a page loaded whole can show what
 * is meant for them (the home page's banners: `data-for-buyer` in app.css) although the server, whose
 * pages are cached by address, rendered for every visitor. The same rule as `storedPrivateBuyer`.
 */
export const PRIVATE_BUYER_MARK_SCRIPT = `try{var t=Number(localStorage.getItem(${JSON.stringify(KEY)}));if(t>0&&Date.now()-t<${PRIVATE_BUYER_FOR_MS})document.documentElement.dataset.buyer="private"}catch(e){}`;

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the address alone says who buys
  }
}

/** Whether the visitor chose to buy as a private person within the last 12 hours of use. */
export function storedPrivateBuyer(): boolean {
  try {
    const usedAt = Number(store()?.getItem(KEY));
    return usedAt > 0 && Date.now() - usedAt < PRIVATE_BUYER_FOR_MS;
  } catch {
    return false;
  }
}

/**
 * Keeps the buyer chosen: a private person's choice is stored (or renewed: its 12 hours count from
 * the last page opened as one), a company's clears it.
 */
export function rememberBuyer(isCompany: boolean): void {
  const s = store();
  if (!s) return;
  const changed = storedPrivateBuyer() === isCompany;
  try {
    if (isCompany) s.removeItem(KEY);
    else s.setItem(KEY, String(Date.now()));
  } catch {
    return; // storage full or refused: the address still says who buys
  }
  if (changed) window.dispatchEvent(new Event(CHANGE_EVENT));
}

// A change in this tab, or in another tab of the site (the browser's "storage" event).
const subscribe = (listener: () => void) => {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener("storage", listener);
  };
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
