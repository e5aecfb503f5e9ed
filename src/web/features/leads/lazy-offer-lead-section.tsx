import { type ComponentProps, lazy, Suspense, useEffect, useRef } from "react";
import type { OfferLeadSection } from "./offer-lead-section";

/**
 * The offer detail page's calculator and contact form (with zod and the lead-form schemas) without
 * their code in the page's first JavaScript (issue 13): the server renders them whole (no-JS visitors
 * and search engines get the complete forms), the browser leaves that HTML as it is and loads and
 * hydrates the section only when it comes near the viewport or is touched (pointer, keyboard focus).
 * Until then React keeps the server's markup of the Suspense boundary (it cannot hydrate a lazy
 * component whose code is not there), so nothing shifts and nothing is rendered twice.
 */

let requestLoad: () => void = () => {};
const wanted =
  typeof window === "undefined"
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        requestLoad = resolve;
      });
const Section = lazy(() =>
  wanted.then(() => import("./offer-lead-section")).then((m) => ({ default: m.OfferLeadSection })),
);
const load = () => requestLoad();

export function LazyOfferLeadSection(props: ComponentProps<typeof OfferLeadSection>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return load();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      // A little ahead of the visitor, so that it is ready when they get there; not a whole screen
      // ahead: on a phone the section starts about 1.5 screens down and would load at once.
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    // On the document, in the capture phase: React stops the propagation of events aimed at markup it
    // has not hydrated yet, before a handler of ours on the section could see them.
    const touched = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) load();
    };
    document.addEventListener("pointerdown", touched, true);
    document.addEventListener("focusin", touched, true);
    return () => {
      observer.disconnect();
      document.removeEventListener("pointerdown", touched, true);
      document.removeEventListener("focusin", touched, true);
    };
  }, []);
  return (
    <div ref={ref}>
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    </div>
  );
}
