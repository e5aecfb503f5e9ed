import { BRAND } from "../brand";

/** Carousel page sizes (spec section 9: two constants, desktop and phone). */
export const CAROUSEL_PAGE_SIZE = { desktop: 8, mobile: 4 } as const;
/** Banner slider interval (the spec leaves it open): long enough to read a slide. */
export const SLIDER_INTERVAL_MS = 6000;
/** Desktop layout from 1024 px (spec section 9). */
export const DESKTOP_MEDIA = "(min-width: 1024px)";

/**
 * What the home page's first slide promises a private buyer (the standard slide and the seeded one):
 * brutto prices and a known service history hold for every car they can buy, the certificate only for
 * the certified ones, and it is the brand's, "certyfikat Flotis" as the menu and its page name it.
 * "Certyfikat stanu technicznego" promised every car what many lack, and joined two things the
 * vocabulary keeps apart (the certificate; an auction's "opis stanu technicznego").
 */
export const PRIVATE_BUYER_PROMISE = `Ceny brutto, znana historia serwisowa, wiele aut z certyfikatem ${BRAND.name}.`;
