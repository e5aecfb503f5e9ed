import {
  memo,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

/**
 * Server-rendered markup that the browser hydrates only when it comes near the viewport or is touched
 * (the home page's carousels below the first screen cost most of its main-thread time while
 * it hydrated). The server renders the children whole; during the page's hydration the Suspense
 * boundary waits on a promise, so React keeps the server's markup as it is (links work, nothing is
 * rendered twice, nothing shifts) until the promise is resolved. A client-side navigation renders
 * the children at once: only the first hydration waits. Children may be lazy components (React.lazy):
 * their code is then loaded only once the section opens, and the server's markup stays until it is
 * there and hydrated.
 */

interface Gate {
  opened: Promise<void>;
  open: () => void;
  isOpen: boolean;
  /** Its children committed in the browser (hydrated, or rendered after a lazy child's code came). */
  hydrated: boolean;
}

// By id, not per component instance: a component that suspends while hydrating keeps no state
// between React's attempts, so the promise must outlive them.
const gates = new Map<string, Gate>();

function gate(id: string): Gate {
  let g = gates.get(id);
  if (!g) {
    let resolve = () => {};
    const opened = new Promise<void>((r) => {
      resolve = r;
    });
    const created: Gate = {
      opened,
      isOpen: false,
      hydrated: false,
      open: () => {
        created.isOpen = true;
        resolve();
      },
    };
    g = created;
    gates.set(id, g);
  }
  return g;
}

const subscribeNever = () => () => {};

function Wait({ id, children }: { id: string; children: ReactNode }) {
  // The server snapshot (false) is what React reads while it hydrates; true afterwards.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (!hydrated && typeof window !== "undefined") use(gate(id).opened);
  // Runs only once the boundary commits: after its hydration, or once a lazy child has rendered.
  useLayoutEffect(() => {
    gate(id).hydrated = true;
  }, [id]);
  return children;
}

/**
 * Until its children have hydrated, the section ignores its parent's renders (the home and offer pages
 * re-render every second for the countdowns): new props reaching a boundary React has not hydrated
 * make it throw the server's markup away and render the section in the browser, the very work this
 * avoids, and with a lazy child whose code is still on its way, an empty section meanwhile. Once
 * hydrated, it takes the newest props like any component.
 */
export const HydrateWhenVisible = memo(HydrateWhenVisibleNow, (_, next) => !gate(next.id).hydrated);

function HydrateWhenVisibleNow({
  id,
  openAtOnce,
  children,
}: {
  id: string;
  /**
   * Read once the page has hydrated: true when the server's markup is known to be wrong for this
   * visitor (a choice kept in the browser), so that it is replaced at once rather than as it scrolls in.
   */
  openAtOnce?: () => boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const elementId = `hydrate-when-visible-${id}`;
  // The server's markup as it came, read once before React touches it. If an update reaches the
  // section before it hydrated (a navigation inside the page, "#zapytaj"), React renders it in the
  // browser, and a lazy child shows its fallback until its code is there: the same markup, so nothing
  // the visitor was scrolled to (or is scrolling to) disappears meanwhile.
  const [serverHtml] = useState(() =>
    typeof document === "undefined" ? "" : (document.getElementById(elementId)?.innerHTML ?? ""),
  );
  useEffect(() => {
    const element = ref.current;
    const { open } = gate(id);
    if (!element || typeof IntersectionObserver === "undefined" || openAtOnce?.()) return open();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        open();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    // On the document, in the capture phase: React stops events aimed at markup it has not hydrated
    // yet before a handler inside could see them.
    const touched = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) open();
    };
    document.addEventListener("pointerdown", touched, true);
    document.addEventListener("focusin", touched, true);
    return () => {
      observer.disconnect();
      document.removeEventListener("pointerdown", touched, true);
      document.removeEventListener("focusin", touched, true);
    };
  }, [id, openAtOnce]);
  return (
    <div ref={ref} id={elementId}>
      <Suspense
        fallback={
          // biome-ignore lint/security/noDangerouslySetInnerHtml: this page's own server markup, read back from its DOM
          serverHtml ? <div className="contents" dangerouslySetInnerHTML={{ __html: serverHtml }} /> : null
        }
      >
        <Wait id={id}>{children}</Wait>
      </Suspense>
    </div>
  );
}
