import { liveHub } from "./live-hub";
import { useLiveState } from "./use-live";

const STYLE = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950",
  warning: "border-amber-600 bg-amber-50 text-amber-950",
  error: "border-red-600 bg-red-50 text-red-950",
  info: "border-brand-600 bg-brand-50 text-brand-900",
} as const;

/** Messages the hub sends to the person (showAlert): outbid, auction won. */
export function HubAlerts() {
  const { alerts } = useLiveState();
  return (
    <div
      aria-live="assertive"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {alerts.map((a) => (
        <div
          key={a.id}
          role="alert"
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${STYLE[a.Type] ?? STYLE.info}`}
        >
          <p className="flex-1 text-sm font-semibold">{a.Message}</p>
          <button
            type="button"
            onClick={() => liveHub.dismissAlert(a.id)}
            className="rounded px-2 text-sm underline"
            aria-label="Zamknij powiadomienie"
          >
            Zamknij
          </button>
        </div>
      ))}
    </div>
  );
}
