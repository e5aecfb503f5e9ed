import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { BRAND } from "../domain/brand";

// Content pages (issue 5). React Router has no partial-segment params, so the "{product}" paths of
// the spec are spelled out with the brand slug.
const content = [
  route("moj-elektryk", "routes/content/moj-elektryk.tsx"),
  route(`certyfikat-${BRAND.slug}`, "routes/content/certyfikat.tsx"),
  route("faq", "routes/content/faq.tsx"),
  route("finansowanie", "routes/content/finansowanie.tsx"),
  route("oferta", "routes/content/oferta.tsx"),
  route("uslugi-dodatkowe", "routes/content/uslugi-dodatkowe.tsx"),
  route("marki", "routes/content/marki.tsx"),
  route("leasing-BEZ-OBAW", "routes/content/leasing-bez-obaw.tsx"),
  route("kontakt", "routes/content/kontakt.tsx"),
  route(`regulamin-promocji-majowka-z-${BRAND.slug}`, "routes/content/regulamin-promocji-majowka.tsx"),
  route(`regulamin-promocji-${BRAND.slug}-z-prezentem`, "routes/content/regulamin-promocji-z-prezentem.tsx"),
  route("wyslano-pomyslnie", "routes/content/wyslano-pomyslnie.tsx"),
  route("przeslano-numer", "routes/content/przeslano-numer.tsx"),
  route("dokumenty/:file", "routes/content/document-download.ts"),
  route("financing", "routes/content/legacy-redirect.ts", { id: "redirect-financing" }),
  route("product-line", "routes/content/legacy-redirect.ts", { id: "redirect-product-line" }),
];

// Accounts (spec section 2 "Account routes" and "Confirmation screens").
const accounts = [
  route("login", "routes/accounts/login.tsx"),
  route("rejestracja", "routes/accounts/register.tsx"),
  route("przypomnienie-hasla", "routes/accounts/password-recovery.tsx"),
  route("pomyslnie-zarejestrowano", "routes/accounts/registered.tsx"),
  route("aktywuj-konto", "routes/accounts/activate.tsx"),
  route("aktywacja-zakonczona-sukcesem", "routes/accounts/activation-success.tsx"),
  route("ustawienia", "routes/accounts/settings.tsx"),
  route("zaakceptuj-regulamin", "routes/accounts/accept-rules.tsx"),
];

export default [
  index("routes/home.tsx"),
  ...content,
  // Lead pages (features/leads)
  route("formularz-kontaktowy", "routes/leads/contact-form-page.tsx"),
  route("formularz-samofinansowanie", "routes/leads/self-financing-page.tsx"),
  route("lp-q7", "routes/leads/landing-q7.tsx"),
  route("contactForm", "routes/leads/legacy-redirects.tsx", { id: "legacy-contact-form" }),
  route("self-financing-form", "routes/leads/legacy-redirects.tsx", { id: "legacy-self-financing-form" }),
  ...accounts,
  route("alert", "routes/alert.tsx"),
  route("alert/:link", "routes/alert-link.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
