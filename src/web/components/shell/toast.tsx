import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon, WarningIcon } from "./icons";

/**
 * Toast notifications (spec section 2: colour, message, button text, icon). `toast()` can be called
 * from anywhere in the browser, React or not (the API client, live channels): it sends a window
 * event that the shell's <Toaster> shows and screen readers announce.
 */
export type ToastKind = "success" | "error" | "info" | "warning";

export interface ToastOptions {
  kind?: ToastKind;
  message: string;
  /** Text of the toast's button; pressing it runs `onButton` (if any) and closes the toast. */
  buttonText?: string;
  onButton?: () => void;
  /** Auto-close after this many ms; errors stay until closed unless a duration is given. */
  durationMs?: number;
}

interface ToastItem extends Required<Pick<ToastOptions, "kind" | "message">> {
  id: number;
  buttonText?: string;
  onButton?: () => void;
  durationMs: number | null;
}

const TOAST_EVENT = "marketplace:toast";
const DEFAULT_DURATION_MS = 8000;
let nextId = 1;

export function toast(options: ToastOptions): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<ToastOptions>(TOAST_EVENT, { detail: options }));
}

const looks: Record<
  ToastKind,
  { Icon: ComponentType<{ className?: string }>; box: string; icon: string; label: string }
> = {
  success: {
    Icon: CheckCircleIcon,
    box: "border-emerald-600 bg-emerald-50",
    icon: "text-emerald-700",
    label: "Sukces",
  },
  error: { Icon: AlertCircleIcon, box: "border-red-600 bg-red-50", icon: "text-red-700", label: "Błąd" },
  info: { Icon: InfoIcon, box: "border-brand-600 bg-brand-50", icon: "text-brand-700", label: "Informacja" },
  warning: { Icon: WarningIcon, box: "border-amber-500 bg-amber-50", icon: "text-amber-800", label: "Uwaga" },
};

function ToastCard({ item, onClose }: { item: ToastItem; onClose: (id: number) => void }) {
  const { Icon, box, icon, label } = looks[item.kind];
  const [paused, setPaused] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  // Reading or pointing at a toast holds it open (WCAG 2.2.1: enough time to read).
  useEffect(() => {
    const el = card.current;
    if (!el) return;
    const hold = () => setPaused(true);
    const release = () => setPaused(false);
    const events = [
      ["mouseenter", hold],
      ["mouseleave", release],
      ["focusin", hold],
      ["focusout", release],
    ] as const;
    for (const [name, fn] of events) el.addEventListener(name, fn);
    return () => {
      for (const [name, fn] of events) el.removeEventListener(name, fn);
    };
  }, []);
  useEffect(() => {
    if (item.durationMs === null || paused) return;
    const timer = window.setTimeout(() => onClose(item.id), item.durationMs);
    return () => window.clearTimeout(timer);
  }, [item, paused, onClose]);
  return (
    <div
      // Shown where the chat's corner button sits: the button steps aside while it is there.
      data-keep-clear-of-chat
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${box}`}
      data-toast-kind={item.kind}
      // An inserted alert is read out at once; other toasts go through the polite region below.
      role={item.kind === "error" ? "alert" : undefined}
      ref={card}
    >
      <Icon className={`mt-0.5 size-5 shrink-0 ${icon}`} />
      <p className="flex-1 text-sm text-slate-900">
        <span className="sr-only">{label}: </span>
        {item.message}
      </p>
      {item.buttonText ? (
        <button
          type="button"
          className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-slate-900 underline underline-offset-2 hover:bg-black/5"
          onClick={() => {
            item.onButton?.();
            onClose(item.id);
          }}
        >
          {item.buttonText}
        </button>
      ) : (
        <button
          type="button"
          className="shrink-0 rounded-md p-1 text-slate-700 hover:bg-black/5"
          aria-label="Zamknij powiadomienie"
          onClick={() => onClose(item.id)}
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </div>
  );
}

/**
 * Where toasts appear. Errors interrupt: each is an alert, which screen readers read out when it is
 * inserted. Other toasts wait their turn: they appear inside a polite live region that is in the page
 * from the start (an element added together with its text is often not read out). Neither container
 * carries a role, so an empty toast area never shows up as an alert or status of the page.
 */
export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([]);
  const close = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);

  useEffect(() => {
    const onToast = (e: Event) => {
      const o = (e as CustomEvent<ToastOptions>).detail;
      if (!o?.message) return;
      const kind = o.kind ?? "info";
      const durationMs = o.durationMs ?? (kind === "error" ? null : DEFAULT_DURATION_MS);
      const item: ToastItem = {
        id: nextId++,
        kind,
        message: o.message,
        buttonText: o.buttonText,
        onButton: o.onButton,
        durationMs,
      };
      // At most three at once: the oldest give way.
      setItems((list) => [...list, item].slice(-3));
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  const errors = items.filter((t) => t.kind === "error");
  const others = items.filter((t) => t.kind !== "error");
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 lg:items-end">
      <div className="flex w-full max-w-md flex-col gap-2">
        {errors.map((t) => (
          <ToastCard key={t.id} item={t} onClose={close} />
        ))}
      </div>
      <div aria-live="polite" data-toast-region className="flex w-full max-w-md flex-col gap-2">
        {others.map((t) => (
          <ToastCard key={t.id} item={t} onClose={close} />
        ))}
      </div>
    </div>
  );
}
