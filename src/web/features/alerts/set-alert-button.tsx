import { Link } from "react-router";
import { alertHrefFromListQuery } from "../../../domain/alerts/prefill";
import { BellIcon } from "../../components/shell/icons";

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
      <BellIcon className="h-5 w-5" />
      Ustaw alert dla tego wyszukiwania
    </Link>
  );
}
