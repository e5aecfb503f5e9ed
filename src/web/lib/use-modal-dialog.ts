import { useEffect, useRef } from "react";

/** What Tab can reach, in document order (a radio group's unchecked buttons aside: Tab skips them). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(d: HTMLDialogElement): HTMLElement[] {
  return [...d.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      el.getClientRects().length > 0 &&
      !(el instanceof HTMLInputElement && el.type === "radio" && !el.checked && el.name),
  );
}

/**
 * Tab past the last control goes to the first, Shift+Tab before the first to the last. A modal
 * <dialog> keeps the page behind it out of reach, but Chromium still lets Tab leave the dialog for
 * the document itself (<body>) once a round before coming back, which a keyboard user hears as focus
 * lost. The keydown wraps at the ends it can see; should Tab still take the focus out (a control the
 * list above does not know), the focusout that follows brings it back to the end it wrapped to.
 */
export function keepTabInside(d: HTMLDialogElement): () => void {
  let tabbedAt = 0;
  let back = false;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
    tabbedAt = event.timeStamp;
    back = event.shiftKey;
    const all = tabbables(d);
    if (all.length === 0) return;
    const active = document.activeElement;
    if (back && (active === all[0] || active === d)) {
      event.preventDefault();
      all[all.length - 1].focus();
    } else if (!back && active === all[all.length - 1]) {
      event.preventDefault();
      all[0].focus();
    }
  };
  const onFocusOut = (event: FocusEvent) => {
    const to = event.relatedTarget;
    if (!d.open || (to instanceof Node && d.contains(to))) return;
    // Only a Tab of this moment: a dialog closing hands the focus back to its opener.
    if (event.timeStamp - tabbedAt > 500) return;
    const all = tabbables(d);
    if (all.length) (back ? all[all.length - 1] : all[0]).focus();
  };
  d.addEventListener("keydown", onKeyDown);
  d.addEventListener("focusout", onFocusOut);
  return () => {
    d.removeEventListener("keydown", onKeyDown);
    d.removeEventListener("focusout", onFocusOut);
  };
}

/**
 * A native <dialog> shown modally while `open` is true and closed when it turns false. The browser
 * closes it with Escape (its onClose then tells the owner) and returns focus to where it was; Tab
 * stays inside it (keepTabInside).
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  useEffect(() => (ref.current ? keepTabInside(ref.current) : undefined), []);
  return ref;
}
