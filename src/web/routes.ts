import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Accounts (spec section 2 "Account routes" and "Confirmation screens").
  route("login", "routes/accounts/login.tsx"),
  route("rejestracja", "routes/accounts/register.tsx"),
  route("przypomnienie-hasla", "routes/accounts/password-recovery.tsx"),
  route("pomyslnie-zarejestrowano", "routes/accounts/registered.tsx"),
  route("aktywuj-konto", "routes/accounts/activate.tsx"),
  route("aktywacja-zakonczona-sukcesem", "routes/accounts/activation-success.tsx"),
  route("ustawienia", "routes/accounts/settings.tsx"),
  route("zaakceptuj-regulamin", "routes/accounts/accept-rules.tsx"),
  // Auctions of the signed-in person (spec section 2 "Account routes").
  route("wkrotce-w-sprzedazy", "routes/auctions/upcoming.tsx"),
  route("licytowanie", "routes/auctions/bidding.tsx"),
  route("wygrane-aukcje", "routes/auctions/won.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
