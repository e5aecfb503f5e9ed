import { index, type RouteConfig, route } from "@react-router/dev/routes";

const LIST = "routes/catalogue/vehicle-list.tsx";
const DETAIL = "routes/catalogue/offer-detail.tsx";

// The vehicle list serves its own path and every alias of spec section 2 (one screen, many paths).
const listAliases = [
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
  ...listAliases.map((path) => route(path, LIST, { id: `list-${path}` })),
  route("marki/:make", LIST, { id: "list-make" }),
  route("nowe-samochody/:slug", DETAIL, { id: "offer-new" }),
  route("samochody-poleasingowe/:slug", DETAIL, { id: "offer-after-lease" }),
  route("aukcje-samochodowe/:slug", DETAIL, { id: "offer-auction" }),
  route("ulubione", "routes/catalogue/favourites.tsx"),
  // /{make}-{model}: one list per model sold new in several versions; anything else is a 404.
  route(":makeModel", LIST, { id: "list-variant" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
