import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Lead pages (features/leads)
  route("formularz-kontaktowy", "routes/leads/contact-form-page.tsx"),
  route("formularz-samofinansowanie", "routes/leads/self-financing-page.tsx"),
  route("lp-q7", "routes/leads/landing-q7.tsx"),
  route("contactForm", "routes/leads/legacy-redirects.tsx", { id: "legacy-contact-form" }),
  route("self-financing-form", "routes/leads/legacy-redirects.tsx", { id: "legacy-self-financing-form" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
