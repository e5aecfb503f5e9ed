/**
 * The addresses of the online leasing application, apart from its schemas: the offer page's
 * "Złóż wniosek online" links here, and importing the schemas for a link put zod and the
 * application's rules into every car page's first scripts.
 */

/** The application's page (a visitor adds the link's key: ?klucz=…). */
export const applicationPath = (id: number) => `/wniosek-leasingowy/${id}`;

/** The application form for an offer, with the calculator's terms when the person set them. */
const APPLICATION_FORM_PATH = "/wniosek-leasingowy";
export function applicationFormPath(
  offerId: number,
  terms?: {
    product: "leasing" | "rent";
    period: number;
    ow: number;
    rv?: number;
    mileage?: number;
    services: string[];
  },
): string {
  const q = new URLSearchParams({ oferta: String(offerId) });
  if (terms) {
    q.set("produkt", terms.product === "rent" ? "najem" : "leasing");
    q.set("okres", String(terms.period));
    q.set("wplata", String(terms.ow));
    if (terms.rv !== undefined) q.set("wykup", String(terms.rv));
    if (terms.mileage !== undefined) q.set("limit", String(terms.mileage));
    if (terms.services.length) q.set("uslugi", terms.services.join(","));
  }
  return `${APPLICATION_FORM_PATH}?${q}`;
}

/** The terms an address carries (applicationFormPath), as the form's first values. */
export function termsFromSearch(search: URLSearchParams) {
  const num = (name: string) => {
    const v = Number(search.get(name));
    return search.get(name) !== null && Number.isFinite(v) ? v : undefined;
  };
  return {
    Product: search.get("produkt") === "najem" ? ("rent" as const) : ("leasing" as const),
    Period: num("okres"),
    OwPercent: num("wplata"),
    RvPercent: num("wykup"),
    Mileage: num("limit"),
    AdditionalServices: (search.get("uslugi") ?? "").split(",").filter(Boolean),
  };
}
