import type { UIMatch } from "react-router";

/**
 * What a route tells the shell through its `handle` export:
 * - hideShell: hide navigation, footer and chat (the /lp-q7 landing page);
 * - filterButton: show the mobile filter button with the active-filter count (the list screens);
 * - staff: the back-office (/panel): bare, and nothing of the public site's visitors' side either (no
 *   cookie notice, advertising tags or lead dialogs; the panel sets only its own necessary cookie).
 */
export interface ShellHandle {
  hideShell?: boolean;
  staff?: boolean;
  filterButton?: boolean;
}

export interface ShellOptions {
  bare: boolean;
  staff: boolean;
  filterButton: boolean;
  /**
   * The active-filter count of the route that shows the filter button, from its loader data
   * (`activeFilters`): the server-rendered button shows it before the list stores its own.
   */
  filterCount: number;
}

/** The deepest route that says something wins, so a child can override its parent. */
export function shellOptions(
  matches: readonly (Pick<UIMatch, "handle"> & { loaderData?: unknown })[],
): ShellOptions {
  const options: ShellOptions = { bare: false, staff: false, filterButton: false, filterCount: 0 };
  for (const match of matches) {
    const handle = match.handle as ShellHandle | undefined;
    if (handle?.hideShell !== undefined) options.bare = handle.hideShell;
    if (handle?.staff) options.bare = options.staff = true;
    if (handle?.filterButton !== undefined) {
      options.filterButton = handle.filterButton;
      const count = (match.loaderData as { activeFilters?: unknown } | undefined)?.activeFilters;
      options.filterCount = typeof count === "number" ? count : 0;
    }
  }
  return options;
}

/** The mobile search button shows on home and on new and ex-lease detail addresses (spec section 2). */
export function showsMobileSearch(pathname: string): boolean {
  return pathname === "/" || /^\/(samochody-poleasingowe|nowe-samochody)\/[^/]+/i.test(pathname);
}
