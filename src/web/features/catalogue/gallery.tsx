import {
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  type PointerEvent,
  Suspense,
  useRef,
  useState,
} from "react";
import type { OfferPhoto as Photo } from "../../../domain/catalogue/offer";
import { OfferPhoto, photoSrc } from "./offer-photo";

/** The full-screen gallery's code comes with its first opening: the first screen needs none of it. */
const loadViewer = () => import("./photo-viewer");
const PhotoViewer = lazy(() => loadViewer().then((m) => ({ default: m.PhotoViewer })));

/**
 * The photo's width on screen: the page's column beside the price on desktop, the width less the
 * page's margins on a phone (a 2x phone then gets the 960 px photo, not the 1280 px one).
 */
const PHOTO_SIZES = "(min-width: 1280px) 730px, (min-width: 1024px) 57vw, calc(100vw - 2rem)";

/**
 * Photo gallery of the detail page: arrow keys when it has focus, swipe on touch screens, buttons and
 * thumbnails everywhere. The first photo is the page's largest image: loaded eagerly and preloaded.
 * The photo and the "Zobacz wszystkie zdjęcia" button open the full-screen gallery (photo-viewer.tsx),
 * which loads its photos only then; closing it returns the focus to what opened it.
 */
export function Gallery({ photos, alt }: { photos: Photo[]; alt: string }) {
  const [i, setI] = useState(0);
  const n = photos.length;
  const go = (next: number) => setI(((next % n) + n) % n);
  const moves = useStageMoves(i, go);
  const viewer = useFullScreenViewer(setI);
  if (!photos.length)
    // In the offer page's grid a stretched placeholder took the price box's height, and its 4:3 ratio
    // then made it wider than the window (1024 → 1707 px with a signed-in bidder's bid box): it keeps
    // its own height, from its width.
    return (
      <div className="min-w-0 self-start">
        <OfferPhoto url={null} alt={alt} sizes="100vw" className="rounded-xl" />
      </div>
    );
  const openViewer = (e: MouseEvent<HTMLElement>) => {
    if (!moves.clickEndsSwipe()) viewer.open(e.currentTarget);
  };
  return (
    <section aria-roledescription="galeria" aria-label={`Zdjęcia: ${alt}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and swipe move the gallery; the buttons do the same */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the gallery takes focus so arrow keys move it
        tabIndex={0}
        className="relative overflow-hidden rounded-xl focus-visible:ring-4 focus-visible:ring-brand-600 focus-visible:outline-none"
        onKeyDown={moves.onKeyDown}
        onPointerDown={moves.onPointerDown}
        onPointerUp={moves.onPointerUp}
        style={{ touchAction: "pan-y" }}
      >
        <button
          type="button"
          className="block w-full cursor-zoom-in"
          aria-label={`Otwórz galerię: zdjęcie ${i + 1} z ${n}`}
          onClick={openViewer}
          onPointerEnter={loadViewer}
          onFocus={loadViewer}
        >
          <OfferPhoto
            key={photos[i].Id}
            url={photos[i].Url}
            alt={`${alt} – zdjęcie ${i + 1} z ${n}`}
            sizes={PHOTO_SIZES}
            priority={i === 0}
          />
        </button>
        <button
          type="button"
          onClick={openViewer}
          onPointerEnter={loadViewer}
          onFocus={loadViewer}
          className="absolute bottom-2 left-2 min-h-11 rounded-full bg-slate-900/85 px-3 py-1 text-sm font-semibold text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {n > 1 ? `Zobacz wszystkie zdjęcia (${n})` : "Powiększ zdjęcie"}
        </button>
        {n > 1 && <StageArrows shown={i} count={n} go={go} />}
      </div>
      {n > 1 && <Thumbnails photos={photos} shown={i} go={go} />}
      {viewer.used && (
        <Suspense fallback={null}>
          <PhotoViewer photos={photos} alt={alt} open={viewer.isOpen} start={i} onClose={viewer.close} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * The arrow keys (while the stage has the focus) and a swipe, of a finger or a mouse drag, move the
 * gallery. A mouse drag that swiped ends with a click, which is no click on the photo:
 * `clickEndsSwipe` says so, once.
 */
function useStageMoves(shown: number, go: (next: number) => void) {
  const start = useRef<number | null>(null);
  const swiped = useRef(false);
  return {
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "ArrowRight") go(shown + 1);
      if (e.key === "ArrowLeft") go(shown - 1);
    },
    onPointerDown: (e: PointerEvent) => {
      start.current = e.clientX;
    },
    onPointerUp: (e: PointerEvent) => {
      if (start.current === null) return;
      const dx = e.clientX - start.current;
      start.current = null;
      swiped.current = Math.abs(dx) > 40;
      if (swiped.current) go(dx < 0 ? shown + 1 : shown - 1);
    },
    clickEndsSwipe: () => {
      if (!swiped.current) return false;
      swiped.current = false;
      return true;
    },
  };
}

/**
 * The full-screen gallery: rendered from its first opening on (its code loads then), open or not;
 * closed, the page's gallery shows the photo it showed last and the focus goes back to what opened it.
 */
function useFullScreenViewer(showPhoto: (index: number) => void) {
  const [isOpen, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  return {
    isOpen,
    used,
    open: (from: HTMLElement) => {
      opener.current = from;
      setUsed(true);
      setOpen(true);
    },
    close: (shown: number) => {
      setOpen(false);
      showPhoto(shown);
      opener.current?.focus();
    },
  };
}

/**
 * The previous and next buttons over the photo and which photo of how many it is. On a phone the
 * chat's corner button steps aside rather than cover them (data-keep-clear, chat-launcher.tsx).
 */
function StageArrows({ shown, count, go }: { shown: number; count: number; go: (next: number) => void }) {
  return (
    <>
      <button
        type="button"
        onClick={() => go(shown - 1)}
        aria-label="Poprzednie zdjęcie"
        data-keep-clear
        className="absolute top-1/2 left-2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-2xl text-slate-900 shadow"
      >
        ‹
      </button>
      <button
        type="button"
        onClick={() => go(shown + 1)}
        aria-label="Następne zdjęcie"
        data-keep-clear
        className="absolute top-1/2 right-2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-2xl text-slate-900 shadow"
      >
        ›
      </button>
      <p
        data-keep-clear
        className="absolute right-2 bottom-3.5 rounded bg-slate-900/80 px-2 py-0.5 text-sm text-white"
        aria-live="polite"
      >
        {shown + 1} z {count}
      </p>
    </>
  );
}

function Thumbnails({ photos, shown, go }: { photos: Photo[]; shown: number; go: (next: number) => void }) {
  return (
    // Not on phones: the full-screen gallery shows every photo, and the price comes up sooner.
    <ul className="mt-2 hidden gap-2 overflow-x-auto pb-1 sm:flex">
      {photos.map((p, j) => (
        <li key={p.Id} className="shrink-0">
          <button
            type="button"
            onClick={() => go(j)}
            aria-label={`Pokaż zdjęcie ${j + 1}`}
            aria-current={shown === j}
            className={`block overflow-hidden rounded-md ring-2 ${shown === j ? "ring-brand-600" : "ring-transparent"}`}
          >
            <img
              src={photoSrc(p.Url, 320)}
              alt=""
              width={96}
              height={72}
              loading="lazy"
              className="h-[72px] w-24 object-cover"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
