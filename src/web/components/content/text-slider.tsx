import { useEffect, useState } from "react";
import { CtaLink } from "./layout";

export interface TextSlide {
  title: string;
  subtitle: string;
  buttonText: string | null;
  redirectTo: string | null;
}

const INTERVAL_MS = 7000;

/**
 * A rotating slider of promotional texts (banners of one placement). It advances in a loop; a pager
 * dot jumps to its slide and restarts the timer (spec section 4). A pause button stops the motion,
 * as WCAG 2.2.2 asks of content that moves on its own.
 */
export function TextSlider({ slides, label }: { slides: readonly TextSlide[]; label: string }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const [restart, setRestart] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `restart` re-arms the timer after a pager click
  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % slides.length), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, slides.length, restart]);

  if (slides.length === 0) return null;
  const slide = slides[Math.min(current, slides.length - 1)];
  return (
    <section aria-roledescription="karuzela" aria-label={label} className="relative">
      <div aria-live={paused ? "polite" : "off"} className="min-h-40">
        <p className="text-2xl font-bold sm:text-3xl">{slide.title}</p>
        <p className="mt-3 max-w-2xl text-lg text-brand-50">{slide.subtitle}</p>
        {slide.buttonText && slide.redirectTo && (
          <div className="mt-6">
            <CtaLink cta={{ to: slide.redirectTo, label: slide.buttonText }} variant="primary" />
          </div>
        )}
      </div>
      {slides.length > 1 && (
        <div className="mt-6 flex items-center gap-3">
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            className="min-h-11 rounded-lg border border-white/70 px-3 text-sm font-semibold text-white hover:bg-white/10"
          >
            {paused ? "Wznów przewijanie" : "Zatrzymaj przewijanie"}
          </button>
          {slides.map((s, i) => (
            <button
              key={s.title}
              type="button"
              aria-label={`Slajd ${i + 1} z ${slides.length}: ${s.title}`}
              aria-current={i === current ? "true" : undefined}
              onClick={() => {
                setCurrent(i);
                setRestart((r) => r + 1);
              }}
              className="flex size-11 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={`block size-3 rounded-full ${i === current ? "bg-accent-500" : "bg-white/60"}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
