import { useCallback, useSyncExternalStore } from "react";
import { readItem, subscribe, writeItem } from "../../lib/storage";

/** The detail screen's dark or light theme (spec section 4), remembered in browser storage. */
export const THEME_KEY = "theme";
export type Theme = "light" | "dark";

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(
    useCallback(
      (onChange: () => void) => subscribe((key) => (key === null || key === THEME_KEY) && onChange()),
      [],
    ),
    () => (readItem(THEME_KEY) === "dark" ? "dark" : "light"),
    () => "light" as const,
  );
  return [theme, (t) => writeItem(THEME_KEY, t)];
}
