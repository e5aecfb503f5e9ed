import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { permanentRedirects } from "./redirects";

/**
 * The routing table: every address of spec section 2 in one place. Lines that are commented out are
 * screens of later issues; their paths answer 404 until the issue that builds the screen uncomments
 * its line (no placeholder pages). Paths match without regard to letter case.
 *
 * A route module can hide the site shell (navigation, footer, chat) with
 * `export const handle: ShellHandle = { bareShell: true }` (see components/shell/handle.ts),
 * and show the mobile filter button with `{ filterButton: true }`.
 */
export default [
  index("routes/home.tsx"),

  // ── Vehicle list (catalogue issue): one screen, many addresses, filter button on mobile ──
  // route("lista-pojazdow", "routes/vehicle-list.tsx", { id: "list" }),
  // route("samochody-poleasingowe", "routes/vehicle-list.tsx", { id: "list-after-lease" }),
  // route("nowe-samochody", "routes/vehicle-list.tsx", { id: "list-new" }),
  // route("aukcje-samochodowe", "routes/vehicle-list.tsx", { id: "list-auctions" }),
  // route("samochody-elektryczne", "routes/vehicle-list.tsx", { id: "list-electric" }),
  // route(":bodyType", …) for sedan, hatchback, kombi, suv, bus, van: one line each, id "list-{type}"
  // route(":makeModel", …) for /{make}-{model}, one per multiple-variants entry (loader checks it)
  // Make lists: the module already redirects upper-case make paths (/marki/AUDI -> /marki/audi) and
  // answers 404 for unknown makes; the catalogue issue adds the list screen to it.
  route("marki/:make", "routes/make.tsx"),

  // ── Offer detail (catalogue issue): /{sale-type}/{make-model-slug}-id-{AuctionId} ──
  // route("nowe-samochody/:slug", "routes/offer-detail.tsx", { id: "detail-new" }),
  // route("samochody-poleasingowe/:slug", "routes/offer-detail.tsx", { id: "detail-after-lease" }),
  // route("aukcje-samochodowe/:slug", "routes/offer-detail.tsx", { id: "detail-auction" }),
  // Legacy detail addresses -> canonical detail address with the slug (needs src/domain/slug.ts):
  // route("new/:id", "routes/legacy-offer.tsx", { id: "legacy-new" }),
  // route("afterLease/:id", "routes/legacy-offer.tsx", { id: "legacy-after-lease" }),
  // route("auction/:id", "routes/legacy-offer.tsx", { id: "legacy-auction" }),

  // ── Favourites (catalogue issue) ──
  // route("ulubione", "routes/favorites.tsx"),

  // ── Content and information (content issue) ──
  // route("moj-elektryk", "routes/my-electric.tsx"),   (/samochody-elektryczne is the list above)
  // route("certyfikat-:product", "routes/certificate.tsx"),   /certyfikat-flotis
  // route("kontakt", "routes/contact.tsx"),
  // route("finansowanie", "routes/financing.tsx"),
  // route("oferta", "routes/product-line.tsx"),
  // route("uslugi-dodatkowe", "routes/additional-services.tsx"),
  // route("faq", "routes/faq.tsx"),
  // route("marki", "routes/brands.tsx"),
  // route("leasing-BEZ-OBAW", "routes/leasing-without-worries.tsx"),
  // route("regulamin-promocji-majowka-z-:product", "routes/promotion-rules.tsx", { id: "rules-may" }),
  // route("regulamin-promocji-:product-z-prezentem", …) (one segment: match it in a loader),
  // route("dokumenty/:file", "routes/document.tsx"),   regulamin-serwisu.pdf, regulamin-aukcji.pdf
  // route("lp-q7", "routes/landing-q7.tsx"),   handle { bareShell: true }

  // ── Lead forms and confirmations (leads issue) ──
  // route("formularz-kontaktowy", "routes/contact-form.tsx"),
  // route("formularz-samofinansowanie", "routes/self-financing-form.tsx"),
  // route("wyslano-pomyslnie", "routes/enquiry-sent.tsx"),
  // route("przeslano-numer", "routes/number-received.tsx"),

  // ── Alerts (alerts issue) ──
  // route("alert", "routes/alert-wizard.tsx"),
  // route("alert/:action", "routes/alert-link.tsx"),   aktywacja={id}, dezaktywacja={id}

  // ── Accounts (accounts issue) ──
  // route("login", "routes/login.tsx"),
  // route("rejestracja", "routes/register.tsx"),
  // route("przypomnienie-hasla", "routes/password-recovery.tsx"),
  // route("pomyslnie-zarejestrowano", "routes/registered.tsx"),
  // route("aktywuj-konto", "routes/activate-account.tsx"),
  // route("aktywacja-zakonczona-sukcesem", "routes/account-activated.tsx"),
  // route("zaakceptuj-regulamin", "routes/accept-rules.tsx"),
  // route("wkrotce-w-sprzedazy", "routes/upcoming-auctions.tsx"),
  // route("licytowanie", "routes/bidding.tsx"),
  // route("wygrane-aukcje", "routes/won-auctions.tsx"),
  // route("ustawienia", "routes/settings.tsx"),   ?editmode=true completes the profile

  // ── Permanent redirects (English legacy addresses, retired pages, sitemap): see redirects.ts ──
  ...permanentRedirects.map((r) =>
    route(r.from.slice(1), "routes/redirect.tsx", { id: `redirect${r.from}` }),
  ),

  // ── Not found: /404 and every other path, HTTP 404 ──
  route("404", "routes/not-found.tsx", { id: "not-found-404" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
