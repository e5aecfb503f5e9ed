import type { UIMatch } from "react-router";

/**
 * What a route tells the shell through its `handle` export:
 * - hideShell: hide navigation, footer and chat (the /lp-q7 landing page);
 * - filterButton: show the mobile filter button with the active-filter count (the list screens).
 */
export interface ShellHandle {
  hideShell?: boolean;
  filterButton?: boolean;
}

export interface ShellOptions {
  bare: boolean;
  filterButton: boolean;
}

/** The deepest route that says something wins, so a child can override its parent. */
export function shellOptions(matches: readonly Pick<UIMatch, "handle">[]): ShellOptions {
  const options: ShellOptions = { bare: false, filterButton: false };
  for (const match of matches) {
    const handle = match.handle as ShellHandle | undefined;
    if (handle?.hideShell !== undefined) options.bare = handle.hideShell;
    if (handle?.filterButton !== undefined) options.filterButton = handle.filterButton;
  }
  return options;
}

/** The mobile search button shows on home and on new and ex-lease detail addresses (spec section 2). */
export function showsMobileSearch(pathname: string): boolean {
  return pathname === "/" || /^\/(samochody-poleasingowe|nowe-samochody)\/[^/]+/i.test(pathname);
}
