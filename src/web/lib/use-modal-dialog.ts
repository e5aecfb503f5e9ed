import { useEffect, useRef } from "react";

/**
 * A native <dialog> shown modally while `open` is true and closed when it turns false. The browser
 * traps focus in it, closes it with Escape (its onClose then tells the owner) and returns focus to
 * where it was.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
