import { MAX_COMPARED } from "../../../domain/catalogue/comparison";
import { toast } from "../../components/shell/toast";
import { toggleCompared, useCompared } from "./comparison-store";

/** The message of a refused fourth car: it says the limit and what to do. */
export const COMPARISON_FULL_MESSAGE = `Porównać można najwyżej ${MAX_COMPARED} samochody. Usuń jeden z porównania, aby dodać ten.`;

/**
 * "Porównaj" toggle of a tile or an offer page: adds the offer to the comparison or takes it out;
 * the comparison bar at the bottom of the screen follows it.
 */
export function CompareToggle({
  offer,
  compact = false,
  className = "",
}: {
  offer: { AuctionId: number; MakeModel: string };
  /** On a phone's offer page the words give way to the icon beside the title (the name stays). */
  compact?: boolean;
  className?: string;
}) {
  const chosen = useCompared().includes(offer.AuctionId);
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={
        chosen ? `Usuń z porównania: ${offer.MakeModel}` : `Dodaj do porównania: ${offer.MakeModel}`
      }
      title={chosen ? "Usuń z porównania" : "Dodaj do porównania"}
      onClick={(e) => {
        e.preventDefault();
        if (toggleCompared(offer.AuctionId) === "full")
          toast({ kind: "warning", message: COMPARISON_FULL_MESSAGE, buttonText: "Zamknij" });
      }}
      className={`inline-flex min-h-10 min-w-10 items-center justify-center gap-2 rounded-md border px-3 py-1.5 text-sm font-semibold ${
        chosen
          ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-900"
          : "border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700"
      } ${className}`}
    >
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" className="shrink-0">
        <rect x="2" y="2" width="16" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
        {chosen && <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" />}
      </svg>
      {/* The visible words begin the accessible name, which adds the car (WCAG 2.5.3). */}
      <span className={compact ? "max-sm:sr-only" : ""}>
        {chosen ? "Usuń z porównania" : "Dodaj do porównania"}
      </span>
    </button>
  );
}
