import { Link } from "react-router";
import { alertHrefFromListQuery } from "../../../domain/alerts/prefill";

/**
 * "Set an alert for this search" on the vehicle list: opens the alert wizard pre-filled with the
 * list's current filters (its URL query).
 */
export function SetAlertButton({
  search,
  className = "",
}: {
  search: string | URLSearchParams;
  className?: string;
}) {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return (
    <Link
      to={alertHrefFromListQuery(params)}
      className={`inline-flex items-center gap-2 rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      Ustaw alert dla tego wyszukiwania
    </Link>
  );
}
