import { useEffect } from "react";

/**
 * The list screen's side of the mobile filter button. The button (shell) shows the count stored under
 * "activeFiltersCount" and asks the list to open its filters; the list screen, whose route sets
 * `handle = { filterButton: true }`, stores the count and listens for the request.
 */
const OPEN_FILTERS = "marketplace:open-filters";

export function parseActiveFiltersCount(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function requestOpenFilters(): void {
  window.dispatchEvent(new Event(OPEN_FILTERS));
}

/** Calls `open` whenever the shell's filter button is pressed. */
export function useOpenFiltersRequest(open: () => void): void {
  useEffect(() => {
    window.addEventListener(OPEN_FILTERS, open);
    return () => window.removeEventListener(OPEN_FILTERS, open);
  }, [open]);
}
