import { resizedImageUrl } from "../../../domain/images";

/**
 * Offer photo sized for its box (the spec's widths 320/640/1280 and 480/960 between them, so that a
 * phone's 2x screen gets ~960 px instead of 1280); a drawn placeholder without one.
 * A `priority` photo (the page's largest image) loads eagerly with high priority, and React's server
 * renderer emits a <link rel="preload"> for it in the head; width and height keep its box (no shift).
 */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** The photo at a width of the 4:3 box (the image endpoint fits it inside, WebP/AVIF as accepted). */
export function photoSrc(url: string, width: number): string {
  return resizedImageUrl(url, { width, height: Math.round((width * 3) / 4) });
}

/** srcset of the photo at every width above, for a `sizes` the screen chooses. */
export function photoSrcSet(url: string): string {
  return PHOTO_WIDTHS.map((w) => `${photoSrc(url, w)} ${w}w`).join(", ");
}

export function OfferPhoto({
  url,
  alt,
  sizes,
  priority = false,
  className = "",
}: {
  url: string | null;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  if (!url)
    return (
      <div className={`grid aspect-[4/3] w-full place-items-center bg-slate-100 text-slate-500 ${className}`}>
        <svg viewBox="0 0 64 32" width="96" height="48" aria-hidden="true">
          <path d="M6 24h52v-6l-8-3-8-7H22l-8 7-8 2z" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="18" cy="24" r="4" fill="currentColor" />
          <circle cx="46" cy="24" r="4" fill="currentColor" />
        </svg>
        <span className="sr-only">{alt}: brak zdjęcia</span>
      </div>
    );
  return (
    <img
      src={photoSrc(url, 640)}
      srcSet={photoSrcSet(url)}
      sizes={sizes}
      width={640}
      height={480}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      {...(priority ? { fetchPriority: "high" as const } : {})}
      className={`aspect-[4/3] w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
