import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";
import type { OfferPhoto as Photo } from "../../../domain/catalogue/offer";
import { ModalDialog } from "../../components/modal-dialog";
import { useScrollLock } from "../../components/shell/scroll-lock";
import { PHOTO_WIDTHS, photoSrc, photoSrcSet } from "./offer-photo";
import { usePhotoGestures } from "./photo-gestures";

const LARGEST_PHOTO = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];

/** How far the shown photo is zoomed in and moved (photo-gestures.ts). */
type Zoom = ReturnType<typeof usePhotoGestures>["zoom"];

const roundButton =
  "grid h-11 min-w-11 place-items-center rounded-full bg-white/15 px-3 text-lg font-semibold text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
const sideButton =
  "absolute top-1/2 grid h-12 w-12 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-3xl text-slate-900 shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * The offer's photos over the whole screen (a modal dialog named "Galeria zdjęć"): swipe, pinch and
 * double tap on touch, arrow keys and buttons everywhere, Escape or the close button to leave. Its
 * photos are asked for only once it opens (the detail page's first screen needs only the first), and
 * then only the shown one and its neighbours.
 */
export function PhotoViewer({
  photos,
  alt,
  open,
  start,
  onClose,
}: {
  photos: Photo[];
  alt: string;
  open: boolean;
  /** The photo it opens at. */
  start: number;
  /** Closed: with the index of the photo last shown. */
  onClose: (index: number) => void;
}) {
  const shown = useRef(start);
  // Each opening starts at the page's photo: closed without a move, the page keeps the photo it had
  // (the ref would otherwise still hold where the last look ended).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening takes the page's photo
  useEffect(() => {
    if (open) shown.current = start;
  }, [open]);
  const closeButton = useRef<HTMLButtonElement>(null);
  useScrollLock(open);
  useBackCloses(open, () => onClose(shown.current));
  // It opens on its close button. Here, after the dialog has been shown (its own effect runs first).
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);
  return (
    <ModalDialog
      open={open}
      onClose={() => onClose(shown.current)}
      title="Galeria zdjęć"
      titleClassName="sr-only"
      padding="flex h-full flex-col"
      className="h-dvh max-h-none w-screen max-w-none bg-slate-950 text-white backdrop:bg-slate-950"
    >
      {open && (
        <ViewerBody
          photos={photos}
          alt={alt}
          start={start}
          closeButton={closeButton}
          onShow={(i) => {
            shown.current = i;
          }}
        />
      )}
    </ModalDialog>
  );
}

/**
 * A phone's Back closes the open gallery instead of leaving the page: opening adds a history entry
 * for the same address (the router's own state kept, so it sees no new page), Back takes it off and
 * closes; a gallery closed otherwise takes its entry back off itself.
 */
function useBackCloses(open: boolean, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    window.history.pushState({ ...window.history.state, photoGallery: true }, "");
    const onPop = () => closeRef.current();
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      if (window.history.state?.photoGallery) window.history.back();
    };
  }, [open]);
}

/** Tab and Shift+Tab go round the gallery's own controls (the page behind is inert anyway). */
function keepFocusInside(e: KeyboardEvent<HTMLElement>) {
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>("button:not([disabled]), [href]")];
  const [first, last] = [controls[0], controls[controls.length - 1]];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function ViewerBody({
  photos,
  alt,
  start,
  closeButton,
  onShow,
}: {
  photos: Photo[];
  alt: string;
  start: number;
  closeButton: RefObject<HTMLButtonElement | null>;
  onShow: (index: number) => void;
}) {
  const n = photos.length;
  const [index, setIndex] = useState(start);
  const show = (next: number) => {
    const i = ((next % n) + n) % n;
    setIndex(i);
    onShow(i);
    gestures.resetZoom();
  };
  const gestures = usePhotoGestures((step) => show(index + step));
  const { zoom, drag } = gestures;
  const zoomed = zoom.scale > 1;
  const near = (j: number) => Math.min(Math.abs(j - index), n - Math.abs(j - index)) <= 1;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys move the gallery from any of its controls
    <div
      className="flex min-h-0 flex-1 flex-col"
      onKeyDown={(e) => {
        if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
          e.preventDefault();
          show(index + (e.key === "ArrowRight" ? 1 : -1));
        } else if (e.key === "Tab") keepFocusInside(e);
      }}
    >
      <ViewerTopBar
        shown={index}
        count={n}
        zoomed={zoomed}
        onZoom={gestures.toggleZoom}
        closeButton={closeButton}
      />
      <div className="relative min-h-0 flex-1">
        <div
          className="absolute inset-0 touch-none overflow-hidden select-none"
          data-testid="gallery-stage"
          {...gestures.handlers}
        >
          <div
            className={`flex h-full ${drag ? "" : "transition-transform duration-300 motion-reduce:transition-none"}`}
            style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))` }}
          >
            {photos.map((p, j) => (
              <div
                key={p.Id}
                className="flex h-full w-full shrink-0 items-center justify-center overflow-hidden"
                aria-hidden={j === index ? undefined : true}
              >
                {near(j) && (
                  <ViewerPhoto
                    photo={p}
                    alt={`${alt} – zdjęcie ${j + 1} z ${n}`}
                    zoom={j === index ? zoom : null}
                  />
                )}
              </div>
            ))}
          </div>
        </div>
        {n > 1 && (
          <>
            <button
              type="button"
              className={`${sideButton} left-2`}
              aria-label="Poprzednie zdjęcie"
              onClick={() => show(index - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              className={`${sideButton} right-2`}
              aria-label="Następne zdjęcie"
              onClick={() => show(index + 1)}
            >
              ›
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * One photo of the row, drawn only when it is shown or next to it; `zoom` is the shown one's (null
 * for its neighbours).
 */
function ViewerPhoto({ photo, alt, zoom }: { photo: Photo; alt: string; zoom: Zoom | null }) {
  const zoomed = zoom !== null && zoom.scale > 1;
  // The large copy's state: until it is there the small one stands in, softened on purpose and said
  // to be loading (on a slow network a sharp-edged 320 px copy blown up to the screen looked broken);
  // once it is there the small one goes, so nothing blurred shows at a zoomed photo's edges.
  const [large, setLarge] = useState<"loading" | "loaded" | "failed">("loading");
  const onLarge = (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0 && large === "loading") setLarge("loaded");
  };
  return (
    <div
      className="relative h-full w-full overflow-hidden"
      style={zoom ? { transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` } : undefined}
    >
      {large !== "loaded" && (
        <img
          src={photoSrc(photo.Url, 320)}
          alt=""
          draggable={false}
          data-testid="gallery-placeholder"
          className={`absolute inset-0 h-full w-full object-contain ${large === "loading" ? "scale-[1.02] blur-md" : ""}`}
        />
      )}
      <img
        ref={onLarge}
        src={photoSrc(photo.Url, 1280)}
        srcSet={photoSrcSet(photo.Url)}
        // Zoomed in, the shown photo asks for the largest copy there is: the screen's
        // width alone chose a copy that a 2.5x zoom would blur.
        sizes={zoomed ? `${LARGEST_PHOTO}px` : "100vw"}
        alt={alt}
        draggable={false}
        decoding="async"
        onLoad={() => setLarge("loaded")}
        onError={() => setLarge("failed")}
        className="relative h-full w-full object-contain"
      />
      {zoom && large !== "loaded" ? (
        <p
          role="status"
          className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-slate-900/85 px-3 py-1 text-sm whitespace-nowrap"
        >
          {large === "loading" ? "Wczytujemy zdjęcie…" : "Nie udało się wczytać zdjęcia w pełnej jakości."}
        </p>
      ) : null}
    </div>
  );
}

/** Which photo of how many, the zoom button and the close button. */
function ViewerTopBar({
  shown,
  count,
  zoomed,
  onZoom,
  closeButton,
}: {
  shown: number;
  count: number;
  zoomed: boolean;
  onZoom: () => void;
  closeButton: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <div className="flex items-center justify-between gap-2 p-2">
      <p
        className="px-2 text-base font-semibold tabular-nums"
        aria-live="polite"
        data-testid="gallery-counter"
      >
        {shown + 1} z {count}
      </p>
      <div className="flex gap-2">
        <button type="button" className={`${roundButton} text-sm`} aria-pressed={zoomed} onClick={onZoom}>
          {/* It says what a tap does now: zoomed in, it zooms out. */}
          {zoomed ? "Pomniejsz" : "Powiększ"}
        </button>
        <form method="dialog">
          <button ref={closeButton} type="submit" className={roundButton} aria-label="Zamknij galerię">
            <span aria-hidden="true">✕</span>
          </button>
        </form>
      </div>
    </div>
  );
}
