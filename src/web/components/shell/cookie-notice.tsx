import { useEffect, useRef } from "react";
import { StorageKeys, writeItem } from "../../lib/storage";
import { useStoredItem } from "../../lib/use-stored-item";

/** CSS variable with the notice's height while it is shown. */
export const NOTICE_HEIGHT = "--cookie-notice-height";

/**
 * The cookie notice (spec section 2), hidden for good once accepted ("cookiesModalHidden"). It
 * appears only after hydration, when storage can be read, so people who accepted never see it flash.
 */
export function CookieNotice() {
  const hidden = useStoredItem(StorageKeys.cookiesModalHidden);
  const ref = useRef<HTMLElement>(null);
  const shown = hidden === null;
  // Its height, for what else sits at the bottom of the screen (the chat button rises above it).
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement.style;
    if (!shown || !el) return;
    const observer = new ResizeObserver(() => root.setProperty(NOTICE_HEIGHT, `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(NOTICE_HEIGHT);
    };
  }, [shown]);
  if (!shown) return null; // undefined: not hydrated yet; a value: accepted earlier
  return (
    <section
      ref={ref}
      aria-label="Informacja o plikach cookies"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          Używamy plików cookies, aby serwis działał poprawnie, aby mierzyć ruch i dopasować treści do Twoich
          zainteresowań. Ustawienia plików cookies możesz zmienić w swojej przeglądarce. Szczegóły znajdziesz
          w{" "}
          <a className="font-semibold text-brand-700 underline" href="/dokumenty/regulamin-serwisu.pdf">
            regulaminie serwisu
          </a>
          .
        </p>
        <button
          type="button"
          className="shrink-0 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          onClick={() => writeItem(StorageKeys.cookiesModalHidden, "true")}
        >
          Akceptuję
        </button>
      </div>
    </section>
  );
}
