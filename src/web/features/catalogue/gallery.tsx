import { useRef, useState } from "react";
import type { OfferPhoto as Photo } from "../../../domain/catalogue/offer";
import { OfferPhoto, photoSrc } from "./offer-photo";

/**
 * Photo gallery of the detail page: arrow keys when it has focus, swipe on touch screens, buttons and
 * thumbnails everywhere. The first photo is the page's largest image: loaded eagerly and preloaded.
 */
export function Gallery({ photos, alt }: { photos: Photo[]; alt: string }) {
  const [i, setI] = useState(0);
  const start = useRef<number | null>(null);
  if (!photos.length) return <OfferPhoto url={null} alt={alt} sizes="100vw" className="rounded-xl" />;
  const n = photos.length;
  const go = (next: number) => setI(((next % n) + n) % n);
  return (
    <section aria-roledescription="galeria" aria-label={`Zdjęcia: ${alt}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and swipe move the gallery; the buttons do the same */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the gallery takes focus so arrow keys move it
        tabIndex={0}
        className="relative overflow-hidden rounded-xl focus-visible:ring-4 focus-visible:ring-brand-600 focus-visible:outline-none"
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") go(i + 1);
          if (e.key === "ArrowLeft") go(i - 1);
        }}
        onPointerDown={(e) => {
          start.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (start.current === null) return;
          const dx = e.clientX - start.current;
          start.current = null;
          if (Math.abs(dx) > 40) go(dx < 0 ? i + 1 : i - 1);
        }}
        style={{ touchAction: "pan-y" }}
      >
        <OfferPhoto
          key={photos[i].Id}
          url={photos[i].Url}
          alt={`${alt} – zdjęcie ${i + 1} z ${n}`}
          sizes="(min-width: 1024px) 60vw, 100vw"
          priority={i === 0}
        />
        {n > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(i - 1)}
              aria-label="Poprzednie zdjęcie"
              className="absolute top-1/2 left-2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-2xl text-slate-900 shadow"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => go(i + 1)}
              aria-label="Następne zdjęcie"
              className="absolute top-1/2 right-2 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-2xl text-slate-900 shadow"
            >
              ›
            </button>
            <p
              className="absolute right-2 bottom-2 rounded bg-slate-900/80 px-2 py-0.5 text-sm text-white"
              aria-live="polite"
            >
              {i + 1} / {n}
            </p>
          </>
        )}
      </div>
      {n > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {photos.map((p, j) => (
            <li key={p.Id} className="shrink-0">
              <button
                type="button"
                onClick={() => go(j)}
                aria-label={`Pokaż zdjęcie ${j + 1}`}
                aria-current={i === j}
                className={`block overflow-hidden rounded-md ring-2 ${i === j ? "ring-brand-600" : "ring-transparent"}`}
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
      )}
    </section>
  );
}
