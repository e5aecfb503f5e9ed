import { useSyncExternalStore } from "react";
import { readItem, subscribe } from "./storage";

/**
 * A browser-storage value that re-renders on every change, in this tab and in others. It is
 * `undefined` while rendering on the server and during hydration (storage is unknown there), so a
 * screen can tell "not known yet" from "not stored" and avoid flashing the wrong state.
 */
export function useStoredItem(key: string): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readItem(key),
    () => undefined,
  );
}
