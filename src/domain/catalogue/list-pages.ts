import { BODY_TYPES } from "../vehicles";
import type { OfferFilter } from "./filters";
import { makePathSegment, modelListPath } from "./offer-url";

/**
 * Every path the vehicle list screen serves (spec section 2) with what it implies about the filter
 * and its own title, heading and description for search engines.
 */
export interface ListPage {
  path: string;
  title: string;
  heading: string;
  description: string;
  base: Partial<OfferFilter>;
  /** What the empty list says (the electric list has its own text, spec section 8). */
  emptyText: string;
}

const EMPTY = "Nie znaleźliśmy ofert spełniających wybrane kryteria. Zmień lub wyczyść filtry.";

/** Body-type list paths (/sedan …): the vocabulary's value is also the path. */
export const BODY_TYPE_PAGES: { slug: string; value: string; name: string }[] = BODY_TYPES.map((b) => ({
  slug: b.path.slice(1),
  value: b.value,
  name: b.name,
}));

export const STATIC_LIST_PAGES: ListPage[] = [
  {
    path: "/lista-pojazdow",
    // Its own title and description, not the home page's: two pages, two entries in search results.
    title: "Wszystkie samochody: nowe, poleasingowe i aukcje",
    heading: "Wszystkie samochody",
    description:
      "Wszystkie oferty w jednym miejscu: samochody nowe, poleasingowe i elektryczne w leasingu, najmie długoterminowym lub za gotówkę oraz aukcje dla firm. Filtruj po marce, nadwoziu, paliwie i cenie.",
    base: {},
    emptyText: EMPTY,
  },
  {
    path: "/nowe-samochody",
    title: "Nowe samochody w leasingu i najmie",
    heading: "Nowe samochody",
    description:
      "Fabrycznie nowe samochody dostępne od ręki w leasingu, najmie długoterminowym lub za gotówkę.",
    base: { SaleTypes: ["new"] },
    emptyText: EMPTY,
  },
  {
    path: "/samochody-poleasingowe",
    title: "Samochody poleasingowe z pewnym pochodzeniem",
    heading: "Samochody poleasingowe",
    description:
      "Samochody poleasingowe z udokumentowaną historią serwisową, także certyfikowane. Leasing, najem lub zakup za gotówkę.",
    base: { SaleTypes: ["afterLease"] },
    emptyText: EMPTY,
  },
  {
    path: "/aukcje-samochodowe",
    title: "Aukcje samochodowe dla przedsiębiorców",
    heading: "Aukcje samochodowe",
    description:
      "Licytuj samochody poleasingowe online. Aukcje dla przedsiębiorców, ceny zwykle 5–10% poniżej rynkowych.",
    base: { SaleTypes: ["auction"] },
    emptyText: "Obecnie nie ma aukcji. Zajrzyj wkrótce – nowe aukcje pojawiają się regularnie.",
  },
  {
    path: "/samochody-elektryczne",
    title: "Samochody elektryczne w leasingu i najmie",
    heading: "Samochody elektryczne",
    description:
      "Nowe i poleasingowe samochody elektryczne w leasingu i najmie długoterminowym. Sprawdź zasięg, pojemność baterii i ratę.",
    base: { SaleTypes: ["new", "afterLease"], FuelTypes: ["EL"] },
    emptyText: "Obecnie nie ma pojazdów nowych",
  },
  ...BODY_TYPE_PAGES.map(
    (b): ListPage => ({
      path: `/${b.slug}`,
      title: `Samochody ${b.name} w leasingu i najmie`,
      heading: `Nadwozie: ${b.name}`,
      description: `Samochody z nadwoziem ${b.name}: nowe, poleasingowe i na aukcjach. Leasing, najem długoterminowy lub gotówka.`,
      base: { BodyTypes: [b.value] },
      emptyText: EMPTY,
    }),
  ),
];

export function makeListPage(make: string): ListPage {
  return {
    path: `/marki/${makePathSegment(make)}`,
    title: `${make} – samochody w leasingu, najmie i na aukcjach`,
    heading: `Samochody marki ${make}`,
    description: `Oferty samochodów ${make}: nowe, poleasingowe i na aukcjach. Porównaj raty leasingu i najmu.`,
    base: { Makes: [make] },
    emptyText: EMPTY,
  };
}

/** /{make}-{model} of a model sold new in several versions. */
export const variantPath = (make: string, model: string): string => modelListPath(make, model);

export function variantListPage(make: string, model: string): ListPage {
  return {
    path: variantPath(make, model),
    title: `${make} ${model} – nowe samochody, wszystkie wersje`,
    heading: `${make} ${model}`,
    description: `Nowe ${make} ${model} w kilku wersjach wyposażenia i silnika. Leasing, najem długoterminowy lub zakup za gotówkę.`,
    base: { SaleTypes: ["new"], Makes: [make], Models: [model] },
    emptyText: EMPTY,
  };
}
