import { useCallback, useEffect, useRef, useState } from "react";
import { filterFromQuery, type OfferFilter } from "../../../domain/catalogue/filters";
import { countOffers } from "../../../domain/format";
import { useOpenFiltersRequest } from "../../components/shell/mobile-filters";
import { useScrollLock } from "../../components/shell/scroll-lock";
import { type FilterOptions, FilterPanel } from "../../features/catalogue/filter-panel";

/**
 * The list's filters: a column beside the results from 1024 px; on a phone a dialog over the page,
 * opened by the navigation bar's filter button, with the number of cars found on its closing button.
 */
export function ListFilters({
  filter,
  base,
  options,
  count,
  found,
  onChange,
}: {
  filter: OfferFilter;
  /** The filter the page's path implies (/suv, /marki/audi). */
  base: Partial<OfferFilter>;
  options: FilterOptions;
  /** How many filters are active. */
  count: number;
  /** How many cars the filter finds. */
  found: number;
  onChange: (f: OfferFilter) => void;
}) {
  const { open, close, closeRef } = useFiltersDialog();
  return (
    <aside
      aria-label="Filtry"
      className={
        open ? "fixed inset-0 z-50 flex flex-col bg-white lg:static lg:z-auto lg:block" : "hidden lg:block"
      }
      {...(open ? { role: "dialog", "aria-modal": true } : {})}
    >
      <div className="flex items-center justify-between border-b border-slate-200 p-4 lg:hidden">
        <h2 className="text-lg font-bold">Filtry</h2>
        <button
          ref={closeRef}
          type="button"
          onClick={close}
          className="rounded-md px-3 py-2 text-sm font-semibold"
          aria-label="Zamknij filtry"
        >
          ✕
        </button>
      </div>
      <div className="flex-1 overflow-y-auto p-4 lg:p-0">
        <FilterPanel filter={filter} base={base} options={options} onChange={onChange} />
        {count > 0 && (
          <button
            type="button"
            onClick={() =>
              // Clearing keeps the buyer (company or private) and the searched words.
              onChange({
                ...filterFromQuery(new URLSearchParams(), base),
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
          onClick={close}
          className="w-full rounded-md bg-brand-600 py-3 font-semibold text-white"
        >
          Pokaż {countOffers(found)}
        </button>
      </div>
    </aside>
  );
}

/**
 * The phone's filter dialog: opened by the navigation bar's button, it takes the focus on its close
 * button, locks the page's scrolling (spec section 4; counted with the phone menu's lock) and closes
 * with Escape.
 */
function useFiltersDialog() {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  useOpenFiltersRequest(useCallback(() => setOpen(true), []));
  useScrollLock(open);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return { open, close: () => setOpen(false), closeRef };
}
