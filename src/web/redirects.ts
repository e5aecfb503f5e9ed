/**
 * Permanent redirects of spec section 2: English legacy addresses and retired pages. Each entry is
 * one line of the routing table (routes.ts declares a route for every `from`); the redirect keeps
 * the query string. Paths are matched without regard to letter case, like every route.
 */
export interface PermanentRedirect {
  from: string;
  to: string;
}

export const permanentRedirects: readonly PermanentRedirect[] = [
  // English legacy routes -> Polish ones
  { from: "/list", to: "/lista-pojazdow" },
  { from: "/favorite", to: "/ulubione" },
  { from: "/contactForm", to: "/formularz-kontaktowy" },
  { from: "/self-financing-form", to: "/formularz-samofinansowanie" },
  { from: "/financing", to: "/finansowanie" },
  { from: "/product-line", to: "/oferta" },
  { from: "/register", to: "/rejestracja" },
  { from: "/password-recovery", to: "/przypomnienie-hasla" },
  { from: "/insalesoon", to: "/wkrotce-w-sprzedazy" },
  { from: "/bidding", to: "/licytowanie" },
  { from: "/wonauctions", to: "/wygrane-aukcje" },
  { from: "/settings", to: "/ustawienia" },
  { from: "/accept-rules", to: "/zaakceptuj-regulamin" },
  { from: "/activate-account", to: "/aktywuj-konto" },
  // Retired pages
  { from: "/wzorowe-samochody", to: "/samochody-poleasingowe" },
  { from: "/urodziny", to: "/nowe-samochody" },
  { from: "/regulamin-promocji-urodzinowej", to: "/nowe-samochody" },
  { from: "/prezent", to: "/leasing-BEZ-OBAW" },
  // The sitemap file itself is written by the catalogue (src/server/catalogue/sitemap.ts).
  { from: "/sitemap.xml", to: "/sitemap-oferty.xml" },
];

const byPath = new Map(permanentRedirects.map((r) => [normalize(r.from), r.to]));

function normalize(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed.toLowerCase();
}

/** Where a request for `url` is permanently moved, query string kept; null when it is not. */
export function permanentRedirectTarget(url: URL): string | null {
  const to = byPath.get(normalize(url.pathname));
  return to === undefined ? null : `${to}${url.search}`;
}
