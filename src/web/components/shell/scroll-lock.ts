import { useEffect } from "react";

let holders = 0;

/**
 * Locks page scrolling while `active` (body class `scroll-locked`). Counted, so the mobile menu and
 * the mobile filters can both hold the lock and the page scrolls again only when both let go.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    holders += 1;
    document.body.classList.add("scroll-locked");
    return () => {
      holders -= 1;
      if (holders === 0) document.body.classList.remove("scroll-locked");
    };
  }, [active]);
}
