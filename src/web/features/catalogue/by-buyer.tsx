import type { ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { useStoredPrivateBuyer } from "./private-buyer";

/**
 * What differs by who buys (the home page's banners, a count, a link) on a page whose address does not
 * say. The server does not know the visitor's kept choice (pages are cached by address, ADR 047), so
 * it renders both, each marked with whom it is for; the head's script and app.css show the kept
 * choice's from the first paint, and the private buyer's also carries `hidden`, so that without the
 * stylesheet a company's page shows one. Once hydrated only the kept choice's is rendered, and it
 * follows a change made in another tab. `private` left out: something only a company reads (the netto
 * instalments' terms), which a private buyer's page leaves out.
 *
 * Each sits in its own wrapper (`as`: a `span` within a line of text), kept once hydrated with its
 * mark dropped: the part shown stays the same element, so hydrating does not mount it anew (a
 * slider would restart, its pictures load again). The wrapper of the part not shown is hidden, so an
 * empty one takes no gap in a flex or grid parent.
 */
export function ForBuyer({
  as: Wrapper = "div",
  company,
  private: forPrivate,
}: {
  as?: "div" | "span";
  company: ReactNode;
  private?: ReactNode;
}) {
  const hydrated = useHydrated();
  const privateBuyer = useStoredPrivateBuyer();
  const shows = (forPrivateBuyer: boolean) => !hydrated || privateBuyer === forPrivateBuyer;
  return (
    <>
      <Wrapper data-for-buyer={hydrated ? undefined : "company"} hidden={!shows(false) || undefined}>
        {shows(false) && company}
      </Wrapper>
      {forPrivate !== undefined && (
        <Wrapper
          data-for-buyer={hydrated ? undefined : "private"}
          hidden={!hydrated || !privateBuyer || undefined}
        >
          {shows(true) && forPrivate}
        </Wrapper>
      )}
    </>
  );
}
