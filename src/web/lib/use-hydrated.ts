import { useEffect, useState } from "react";

/**
 * True once React runs in the browser. A module of its own: the home page asks this alone, and
 * importing it from the form fields brought those (and the form library) into its first scripts.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
