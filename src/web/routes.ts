import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { BRAND } from "../domain/brand";
import { permanentRedirects } from "./redirects";

/**
 * The routing table: every address of spec section 2 in one place; a screen not built yet has no
 * line here, so its path answers 404 rather than showing an empty page. Paths match without regard
 * to letter case. React Router has no partial-segment params, so the spec's "{product}" paths are
 * spelled out with the brand slug.
 *
 * A route module can hide the site shell (navigation, footer, chat) with
 * `export const handle: ShellHandle = { hideShell: true }` (see components/shell/handle.ts),
 * and show the mobile filter button with `{ filterButton: true }`.
 */
const LIST = "routes/catalogue/vehicle-list.tsx";
const DETAIL = "routes/catalogue/offer-detail.tsx";
const LIST_ALIASES = [
  "lista-pojazdow",
  "nowe-samochody",
  "samochody-poleasingowe",
  "aukcje-samochodowe",
  "samochody-elektryczne",
  "sedan",
  "hatchback",
  "kombi",
  "suv",
  "bus",
  "van",
];

export default [
  index("routes/home.tsx"),

  // ── Vehicle list (catalogue): one screen serving every alias of spec section 2 ──
  ...LIST_ALIASES.map((path) => route(path, LIST, { id: `list-${path}` })),
  // Make lists; the loader redirects upper-case make paths (/marki/AUDI -> /marki/audi), 404 for unknown.
  route("marki/:make", LIST, { id: "list-make" }),

  // ── Offer detail (catalogue): /{sale-type}/{make-model-slug}-id-{AuctionId}; wrong slug -> canonical ──
  route("nowe-samochody/:slug", DETAIL, { id: "offer-new" }),
  route("samochody-poleasingowe/:slug", DETAIL, { id: "offer-after-lease" }),
  route("aukcje-samochodowe/:slug", DETAIL, { id: "offer-auction" }),
  // Legacy detail addresses: permanent redirect to the canonical detail address with the slug.
  route("new/:id", "routes/legacy-offer.tsx", { id: "legacy-new" }),
  route("afterLease/:id", "routes/legacy-offer.tsx", { id: "legacy-after-lease" }),
  route("auction/:id", "routes/legacy-offer.tsx", { id: "legacy-auction" }),

  // ── Favourites (catalogue) ──
  route("ulubione", "routes/catalogue/favourites.tsx"),
  // Side-by-side comparison of up to three offers, named in the address (?oferty=12,34,56).
  route("porownanie", "routes/catalogue/comparison.tsx"),

  // ── Content and information ──
  layout("routes/content/content-pages.tsx", [
    route("moj-elektryk", "routes/content/moj-elektryk.tsx"),
    route(`certyfikat-${BRAND.slug}`, "routes/content/certyfikat.tsx"),
    route("faq", "routes/content/faq.tsx"),
    route("finansowanie", "routes/content/finansowanie.tsx"),
    route("oferta", "routes/content/oferta.tsx"),
    route("uslugi-dodatkowe", "routes/content/uslugi-dodatkowe.tsx"),
    route("marki", "routes/content/marki.tsx"),
    route("leasing-BEZ-OBAW", "routes/content/leasing-bez-obaw.tsx"),
    route("kontakt", "routes/content/kontakt.tsx"),
    route("polityka-prywatnosci", "routes/content/polityka-prywatnosci.tsx"),
    route("polityka-cookies", "routes/content/polityka-cookies.tsx"),
    // Every version of a policy at its own address: wersja-{N}.
    route("polityka-prywatnosci/:wersja", "routes/content/polityka-prywatnosci.tsx", {
      id: "privacy-policy-version",
    }),
    route("polityka-cookies/:wersja", "routes/content/polityka-cookies.tsx", { id: "cookie-policy-version" }),
    // Asking for what is kept under an e-mail address; the mailed link's pages are below.
    route("moje-dane", "routes/privacy/my-data.tsx"),
    route(`regulamin-promocji-majowka-z-${BRAND.slug}`, "routes/content/regulamin-promocji-majowka.tsx"),
    route(
      `regulamin-promocji-${BRAND.slug}-z-prezentem`,
      "routes/content/regulamin-promocji-z-prezentem.tsx",
    ),
    // After a lead form and a call-back request (the lead forms below lead to them).
    route("wyslano-pomyslnie", "routes/content/confirmation.tsx", { id: "lead-sent" }),
    route("przeslano-numer", "routes/content/confirmation.tsx", { id: "call-back-sent" }),
  ]),
  route("dokumenty/:file", "routes/content/document-download.ts"), // regulamin-serwisu.pdf, regulamin-aukcji.pdf, …

  // ── Lead forms (their confirmations are among the content pages above) ──
  route("formularz-kontaktowy", "routes/leads/contact-form-page.tsx"),
  route("formularz-samofinansowanie", "routes/leads/self-financing-page.tsx"),
  route("lp-q7", "routes/leads/landing-q7.tsx"),
  route("wniosek-leasingowy", "routes/lease-application/apply.tsx"), // ?oferta=N and the calculator's terms
  route("wniosek-leasingowy/:id", "routes/lease-application/application.tsx"), // ?klucz= from the e-mail
  route("wniosek-leasingowy/:id/podsumowanie.pdf", "routes/lease-application/summary-pdf.ts"), // landing page: handle { hideShell: true }

  // ── Alerts ──
  route("alert", "routes/alert.tsx"),
  route("alert/:link", "routes/alert-link.tsx"), // aktywacja={id}, dezaktywacja={id}, wypisanie={token}

  // ── Accounts ──
  route("login", "routes/accounts/login.tsx"),
  route("rejestracja", "routes/accounts/register.tsx"),
  route("przypomnienie-hasla", "routes/accounts/password-recovery.tsx"),
  route("pomyslnie-zarejestrowano", "routes/accounts/registered.tsx"),
  route("aktywuj-konto", "routes/accounts/activate.tsx"),
  route("aktywacja-zakonczona-sukcesem", "routes/accounts/activation-success.tsx"),
  route("zaakceptuj-regulamin", "routes/accounts/accept-rules.tsx"),
  route("ustawienia", "routes/accounts/settings.tsx"), // ?editmode=true completes the profile
  // The one-click unsubscribe of a bidder's notification e-mails: ulubione-aukcje | nowe-aukcje | przelicytowanie, wypisanie={token}.
  route("powiadomienia/:setting/:link", "routes/accounts/notification-unsubscribe.tsx"),
  // A person's data kept under an e-mail address (lead forms, alerts, chats): the mailed link's pages.
  route("moje-dane/:token", "routes/privacy/my-data-link.tsx"),
  route("moje-dane/:token/pobierz", "routes/privacy/my-data-download.ts"),
  // Auctions of the signed-in person (auctions).
  route("wkrotce-w-sprzedazy", "routes/auctions/upcoming.tsx"),
  route("licytowanie", "routes/auctions/bidding.tsx"),
  route("wygrane-aukcje", "routes/auctions/won.tsx"),
  // The signed-in bidder's leasing applications, each leading to its page with the timeline.
  route("wnioski-leasingowe", "routes/lease-application/mine.tsx"),
  // Auction events: a named sale whose cars close one after another (ADR 060), and its calendar file.
  route("wydarzenia-aukcyjne/:id", "routes/auctions/event.tsx"),
  route("wydarzenia-aukcyjne/:id/kalendarz.ics", "routes/auctions/event-calendar.ts"),

  // ── Staff: the back-office (noindex, its own sign-in with a second factor) and the chat
  // consultants' console (customers chat through the widget in the shell). Every staff page goes under
  // this one layout: its handle { staff: true } keeps the public site's visitor side off the page (cookie
  // notice, advertising tags, lead dialogs, chat) and the tags' hosts out of its CSP.
  route("panel/wyloguj", "routes/panel/sign-out.tsx"),
  route("panel/zgloszenia.csv", "routes/panel/leads-csv.ts"),
  route("panel/statystyki.csv", "routes/panel/dashboard-csv.ts"),
  layout("routes/panel/back-office.tsx", [
    route("konsultant", "routes/chat/consultant.tsx"),
    route("panel/logowanie", "routes/panel/sign-in.tsx"),
    route("panel/logowanie/kod", "routes/panel/code.tsx"),
    route("panel/logowanie/konfiguracja", "routes/panel/setup.tsx"),
    route("panel/ustaw-haslo/:token", "routes/panel/set-password.tsx"),
    route("panel", "routes/panel/layout.tsx", [
      index("routes/panel/overview.tsx"),
      route("statystyki", "routes/panel/dashboard.tsx"),
      route("pracownicy", "routes/panel/staff-list.tsx"),
      route("pracownicy/:id", "routes/panel/staff-member.tsx"),
      route("oferty", "routes/panel/offers.tsx"),
      route("oferty/import", "routes/panel/offer-import.tsx"),
      route("oferty/:id", "routes/panel/offer.tsx"),
      route("marki", "routes/panel/makes.tsx"),
      route("aukcje", "routes/panel/auctions.tsx"),
      route("aukcje/:id", "routes/panel/auction.tsx"),
      route("aukcje/:id/pro-forma.pdf", "routes/panel/auction-pro-forma.ts"),
      route("wydarzenia", "routes/panel/events.tsx"),
      route("oplaty-aukcyjne", "routes/panel/auction-costs.tsx"),
      route("wydarzenia/:id", "routes/panel/event.tsx"),
      route("konta-klientow", "routes/panel/bidders.tsx"),
      route("konta-klientow/:id", "routes/panel/bidder.tsx"),
      route("zgloszenia", "routes/panel/leads.tsx"),
      route("zgloszenia/:id", "routes/panel/lead.tsx"),
      route("poczta", "routes/panel/outbox.tsx"),
      route("dokumenty", "routes/panel/documents.tsx"),
      route("banery", "routes/panel/banners.tsx"),
      route("banery/:id", "routes/panel/banner.tsx"),
      route("teksty", "routes/panel/literals.tsx"),
      route("polityki/:policy?", "routes/panel/policy.tsx"), // prywatnosc (also without it) | cookies
      route("wnioski-leasingowe", "routes/panel/lease-applications.tsx"),
      route("wnioski-leasingowe/:id", "routes/panel/lease-application.tsx"),
      route("wnioski-leasingowe/:id/dokumenty/:doc", "routes/panel/lease-application-document.ts"),
      route("reguly-wnioskow", "routes/panel/lease-rules.tsx"),
      route("faq", "routes/panel/faq.tsx"),
      route("faq/:id", "routes/panel/faq-entry.tsx"),
      route("kalkulator", "routes/panel/calculator.tsx"),
      route("wnioski-rodo", "routes/panel/privacy-requests.tsx"),
      route("dziennik", "routes/panel/audit.tsx"),
      route("konto", "routes/panel/account.tsx"),
    ]),
  ]),

  // /{make}-{model}: one list per model sold new in several versions; any other single segment
  // without a route of its own is a 404 from this route's loader. Static paths above win over it.
  route(":makeModel", LIST, { id: "list-variant" }),

  // ── Permanent redirects (English legacy addresses, retired pages, sitemap): see redirects.ts ──
  ...permanentRedirects.map((r) =>
    route(r.from.slice(1), "routes/redirect.tsx", { id: `redirect${r.from}` }),
  ),

  // ── Not found: /404 and every other path, HTTP 404 ──
  route("404", "routes/not-found.tsx", { id: "not-found-404" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
