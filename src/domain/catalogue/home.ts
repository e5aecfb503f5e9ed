/** Carousel page sizes (spec section 9: two constants, desktop and phone). */
export const CAROUSEL_PAGE_SIZE = { desktop: 8, mobile: 4 } as const;
/** Banner slider interval (the spec leaves it open): long enough to read a slide. */
export const SLIDER_INTERVAL_MS = 6000;
/** Desktop layout from 1024 px (spec section 9). */
export const DESKTOP_MEDIA = "(min-width: 1024px)";
