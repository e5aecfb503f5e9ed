import { type RefObject, useEffect } from "react";

/**
 * Closes an open popup on a pointer press outside `container`, when focus moves outside it (tabbing
 * past the last link) and on Escape. After Escape focus goes back to `trigger`, so keyboard users
 * stay where they were.
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null> | null,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!container.current?.contains(e.target as Node)) close();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      close();
      trigger?.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, container, trigger, close]);
}
