import { type RefObject, useEffect } from "react";

/**
 * What the visitor typed, ticked, unticked or chose before React took over the server's HTML (on a slow
 * phone the page shows before its scripts arrive): the input holds it, the form's state does not, and
 * the form answered 'Formularz został źle wypełniony…' about fields that looked filled in. Once
 * mounted, a field hands its form what it holds; from then on React keeps the two equal.
 */
export function useTypedBeforeHydration<T extends string | boolean>(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>,
  value: T,
  onValue: (value: T) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the server's markup held when React took it over.
  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    const held = (typeof value === "boolean" ? (field as HTMLInputElement).checked : field.value) as T;
    if (held !== value) onValue(held);
  }, []);
}
