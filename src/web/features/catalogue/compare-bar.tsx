import { Link, useLocation, useSearchParams } from "react-router";
import { COMPARISON_PATH, comparisonAddress, countCars } from "../../../domain/catalogue/comparison";
import { isPrivateBuyer } from "../../../domain/catalogue/filters";
import { useCompared, writeCompared } from "./comparison-store";

/**
 * CSS variable with the phone contact bar's height while it is shown (offer-actions.tsx): this bar and
 * the chat button rise above it. Defined here, in the site's shell, so that the shell need not load a
 * car page's actions (and their call-back form) to read one name.
 */
export const CONTACT_BAR_HEIGHT = "--contact-bar-height";

/**
 * The comparison bar: while offers are chosen, a strip at the bottom of the screen says how many and
 * leads to the comparison; a spacer in the page's flow keeps the footer from hiding under it. On an
 * offer page of a phone the page's own contact bar carries the link instead (app.css hides this bar
 * there): one bar at the bottom, not two stacked over the page. The comparison page needs no bar.
 */
export function CompareBar() {
  const ids = useCompared();
  const { pathname } = useLocation();
  // From a private buyer's list or offer page, the comparison shows a private buyer's prices too.
  const privateBuyer = isPrivateBuyer(useSearchParams()[0]);
  if (ids.length === 0 || pathname.toLowerCase() === COMPARISON_PATH) return null;
  return (
    <>
      <div aria-hidden="true" className="h-16" data-compare-bar />
      <section
        aria-label="Porównanie"
        data-testid="compare-bar"
        data-compare-bar
        style={{ bottom: `var(${CONTACT_BAR_HEIGHT}, 0px)` }}
        className="fixed inset-x-0 z-20 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur"
      >
        {/* Left-aligned, with room on the right for the chat button that floats there. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 py-2 pr-20 pl-4 sm:pr-64">
          {/* On a phone the bar stays one row over the offer page's contact bar: the count moves
              into the button there, and the sentence is kept for screen readers. */}
          <p className="text-sm text-slate-800 max-sm:sr-only" role="status">
            Do porównania: <strong>{countCars(ids.length)}</strong>
          </p>
          <div className="flex items-center gap-2">
            <Link
              to={comparisonAddress(ids, { privateBuyer })}
              className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Porównaj
              <span aria-hidden="true" className="sm:hidden">
                &nbsp;({ids.length})
              </span>
            </Link>
            <button
              type="button"
              onClick={() => writeCompared([])}
              className="min-h-11 rounded-md px-3 text-sm font-semibold text-slate-700 underline hover:text-slate-900"
            >
              Wyczyść
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
