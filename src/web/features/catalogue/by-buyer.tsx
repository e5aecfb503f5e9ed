import type { ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { useStoredPrivateBuyer } from "./private-buyer";

/**
 * A text that differs by who buys (a count, a link) on a page whose address does not say: the server,
 * whose pages are cached by address, renders both, marked like the home page's banners, so the head's
 * script and app.css show the kept choice's from the first paint; once hydrated only that one is
 * rendered, and it follows a change made in another tab.
 */
export function ByBuyer({ company, private: forPrivate }: { company: ReactNode; private: ReactNode }) {
  const hydrated = useHydrated();
  const privateBuyer = useStoredPrivateBuyer();
  if (hydrated) return privateBuyer ? forPrivate : company;
  return (
    <>
      <span data-for-buyer="company">{company}</span>
      <span data-for-buyer="private" hidden>
        {forPrivate}
      </span>
    </>
  );
}
