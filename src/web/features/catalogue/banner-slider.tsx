import { useCallback, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { Link } from "react-router";
import { SLIDER_INTERVAL_MS } from "../../../domain/catalogue/home";
import type { BannerSlide } from "../../../server/catalogue/offers-service";
import { photoSrc } from "./offer-photo";

/**
 * Home banner slider (spec section 4): advances on an interval in a loop; a pager dot jumps to its
 * slide and restarts the timer. A pause button stops it (moving content must be stoppable).
 */
export function BannerSlider({
  slides,
  interval = SLIDER_INTERVAL_MS,
  topOfPage = true,
  label = "Promocje",
  eager = true,
}: {
  slides: BannerSlide[];
  interval?: number;
  /** The first slide of the page's top slider carries the page's h1; any other banner an h2. */
  topOfPage?: boolean;
  label?: string;
  /**
   * False for a set the server renders hidden (another kind of buyer's, see the home page): its
   * pictures are neither preloaded nor fetched until shown.
   */
  eager?: boolean;
}) {
  const n = slides.length;
  const { shown, paused, togglePause, jump } = useSlideTimer(n, interval);
  if (topOfPage && eager) preloadFirstBanner(slides[0]);
  if (!n) return null;
  return (
    <section
      aria-roledescription="karuzela"
      aria-label={label}
      className="relative overflow-hidden bg-brand-900 text-white"
    >
      <ul className="relative">
        {slides.map((s, j) => (
          <Slide
            key={s.title}
            slide={s}
            index={j}
            count={n}
            active={shown === j}
            topOfPage={topOfPage}
            eager={eager}
          />
        ))}
      </ul>
      {n > 1 && (
        <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2">
          {slides.map((s, j) => (
            <button
              key={s.title}
              type="button"
              onClick={() => jump(j)}
              aria-label={`Pokaż slajd ${j + 1}`}
              aria-current={shown === j}
              className="grid h-8 w-8 place-items-center"
            >
              <span className={`block h-3 w-3 rounded-full ${shown === j ? "bg-white" : "bg-white/50"}`} />
            </button>
          ))}
          <button type="button" onClick={togglePause} className="ml-2 rounded px-2 py-1 text-sm underline">
            {paused ? "Wznów" : "Zatrzymaj"}
          </button>
        </div>
      )}
    </section>
  );
}

/** The shown slide of `n`, moved on every `interval` in a loop unless paused; a jump restarts the wait. */
function useSlideTimer(n: number, interval: number) {
  const [shown, setShown] = useState(0);
  const [paused, setPaused] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const startTimer = useCallback(() => {
    clearInterval(timer.current);
    if (!paused && n > 1) timer.current = setInterval(() => setShown((x) => (x + 1) % n), interval);
  }, [paused, n, interval]);
  useEffect(() => {
    startTimer();
    return () => clearInterval(timer.current);
  }, [startTimer]);
  return {
    shown,
    paused,
    togglePause: () => setPaused((p) => !p),
    // A pager dot jumps to its slide and restarts the timer from zero.
    jump: (j: number) => {
      setShown(j);
      startTimer();
    },
  };
}

/**
 * The top slider's first image is the home page's largest paint: preloaded (from the head, before
 * the CSS) at the width of the screen it is for. React does not preload <img> inside <picture>.
 */
function preloadFirstBanner(first: BannerSlide | undefined): void {
  if (!first?.image) return;
  const desktop = first.mobileImage ? "(min-width: 1024px)" : undefined;
  preload(photoSrc(first.image, 1280), {
    as: "image",
    fetchPriority: "high",
    imageSrcSet: bannerSrcSet(first.image, [960, 1280, 1920]),
    imageSizes: "100vw",
    ...(desktop ? { media: desktop } : {}),
  });
  if (first.mobileImage)
    preload(photoSrc(first.mobileImage, 640), {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: bannerSrcSet(first.mobileImage, [480, 640, 960]),
      imageSizes: "100vw",
      media: "(max-width: 1023px)",
    });
}

/** One slide: its picture under the title, the text and up to two buttons (focusable only when shown). */
function Slide({
  slide: s,
  index: j,
  count: n,
  active,
  topOfPage,
  eager,
}: {
  slide: BannerSlide;
  index: number;
  count: number;
  active: boolean;
  topOfPage: boolean;
  eager: boolean;
}) {
  // The top slider's first slide is the page's largest paint and its heading the page's h1.
  const first = j === 0 && topOfPage;
  return (
    <li
      aria-hidden={!active}
      aria-roledescription="slajd"
      aria-label={`${j + 1} z ${n}`}
      data-active={active}
      className={active ? "block" : "hidden"}
    >
      <div className="relative min-h-[22rem] lg:min-h-[26rem]">
        {s.image && (
          <picture>
            {s.mobileImage && (
              <source
                media="(max-width: 1023px)"
                srcSet={bannerSrcSet(s.mobileImage, [480, 640, 960])}
                sizes="100vw"
              />
            )}
            <img
              src={photoSrc(s.image, 1280)}
              srcSet={bannerSrcSet(s.image, [960, 1280, 1920])}
              sizes="100vw"
              alt={s.alt}
              width={1280}
              height={960}
              {...(first && eager ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
              className="absolute inset-0 h-full w-full object-cover opacity-50"
            />
          </picture>
        )}
        <div className="relative mx-auto flex max-w-7xl flex-col gap-3 px-4 py-12 lg:py-20">
          {s.subtitle && (
            <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{s.subtitle}</p>
          )}
          {first ? (
            <h1 className="max-w-2xl text-3xl font-black lg:text-5xl">{s.title}</h1>
          ) : (
            <h2 className="max-w-2xl text-3xl font-black lg:text-5xl">{s.title}</h2>
          )}
          {s.description && <p className="max-w-xl text-lg text-slate-100">{s.description}</p>}
          <div className="mt-3 flex flex-wrap gap-3">
            {[
              [s.buttonText, s.redirectTo, "bg-accent-500 text-slate-900"],
              [s.buttonText2, s.redirectTo2, "border border-white"],
            ].map(([text, to, look]) =>
              text && to ? (
                <Link
                  key={look}
                  to={to}
                  tabIndex={active ? 0 : -1}
                  className={`rounded-md px-5 py-3 font-semibold ${look}`}
                >
                  {text}
                </Link>
              ) : null,
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

/** A banner at the given widths (of 160/320/480/640/960/1280/1920, the widths the image endpoint makes). */
function bannerSrcSet(url: string, widths: number[]): string {
  return widths.map((w) => `${photoSrc(url, w)} ${w}w`).join(", ");
}
