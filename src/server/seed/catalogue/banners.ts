import { BRAND } from "../../../domain/brand";
import { PRIVATE_BUYER_PROMISE } from "../../../domain/catalogue/home";
import type { banners } from "../../db/schema/index";
import type { BannerSpec } from "../drawing/banner-drawing";

/**
 * Slides of the home slider and the home bottom banner, each for companies, private buyers or everyone
 * (the leasing and auction slides say "dla firm"). Links go to real paths of the spec. One home
 * slide ended three days before seeding (sliderEndDate in the past) so the slider's hiding of ended
 * slides has something to hide. The electric-programme slides are written by the content area
 * (server/content/seed.ts); this catalogue seeder only gives them pictures (ELECTRIC_SLIDE_PICTURES).
 */
export interface BannerSeed {
  row: Omit<typeof banners.$inferInsert, "imageId" | "mobileImageId">;
  picture: BannerSpec;
}

const DAY = 24 * 3_600_000;

/** A private buyer (the list's "prywatnie") sees this one first instead of the companies' two. */
const PRIVATE_BUYER_SLIDE: BannerSeed = {
  row: {
    placement: "home-slider",
    position: 0,
    audience: "private",
    title: "Samochód poleasingowy na własne potrzeby",
    subtitle: "Zakup za gotówkę dla osób prywatnych",
    // A private buyer asks about a car; reserving one online follows a company's lease application.
    description: `${PRIVATE_BUYER_PROMISE} Wybierz auto i zapytaj o nie online.`,
    buttonText: "Samochody dla osób prywatnych",
    redirectTo: "/samochody-poleasingowe?isCompany=false",
    buttonText2: "Co obejmuje certyfikat",
    redirectTo2: `/certyfikat-${BRAND.slug}`,
    alt: "Czerwony hatchback poleasingowy na osiedlowej ulicy",
    sliderEndDate: null,
  },
  picture: { bodyType: "hatchback", paint: "#b3202a", view: "side-left", panel: "#0a2456" },
};

export function bannerSeeds(now: Date): BannerSeed[] {
  const t = now.getTime();
  return [
    PRIVATE_BUYER_SLIDE,
    {
      row: {
        placement: "home-slider",
        position: 1,
        audience: "company",
        title: "Nowe samochody od ręki",
        subtitle: "Najem długoterminowy i leasing dla firm",
        description: "Wybierz auto z naszej oferty: dostawa pod wskazany adres bez dodatkowych kosztów.",
        buttonText: "Zobacz nowe samochody",
        redirectTo: "/nowe-samochody",
        buttonText2: "Jak działa finansowanie",
        redirectTo2: "/finansowanie",
        alt: "Nowy biały SUV na ulicy miasta",
        sliderEndDate: null,
      },
      picture: { bodyType: "suv", paint: "#f4f5f2", view: "side", panel: "#0f3f9e" },
    },
    {
      row: {
        placement: "home-slider",
        position: 2,
        title: "Samochody poleasingowe z certyfikatem",
        subtitle: "Ponad 200 sprawdzonych parametrów",
        description: "Znana historia, serwis w autoryzowanych stacjach i 7 dni na zwrot auta.",
        buttonText: "Przeglądaj samochody poleasingowe",
        redirectTo: "/samochody-poleasingowe",
        buttonText2: "Co obejmuje certyfikat",
        redirectTo2: `/certyfikat-${BRAND.slug}`,
        alt: "Granatowe kombi poleasingowe na drodze za miastem",
        sliderEndDate: null,
      },
      picture: { bodyType: "kombi", paint: "#1d2d55", view: "side-left", panel: "#0a2456" },
    },
    {
      row: {
        placement: "home-slider",
        position: 3,
        audience: "company",
        title: "Aukcje samochodowe dla przedsiębiorców",
        subtitle: "Licytuj online, zwykle 5–10% poniżej cen rynkowych",
        description: "Zarejestruj firmę, obserwuj aukcje i licytuj z dowolnego miejsca.",
        buttonText: "Zobacz aukcje",
        redirectTo: "/aukcje-samochodowe",
        buttonText2: "Załóż konto",
        redirectTo2: "/rejestracja",
        alt: "Srebrny sedan w salonie",
        sliderEndDate: null,
      },
      picture: { bodyType: "sedan", paint: "#b9bec4", view: "front", panel: "#1652c8" },
    },
    {
      row: {
        placement: "home-slider",
        position: 4,
        title: "Samochody elektryczne z dopłatą",
        subtitle: "Program „Mój elektryk”: do 27 000 zł dla aut osobowych",
        description: "Pomożemy złożyć wniosek o dopłatę i dobrać finansowanie.",
        buttonText: "Poznaj program",
        redirectTo: "/moj-elektryk",
        buttonText2: "Samochody elektryczne",
        redirectTo2: "/samochody-elektryczne",
        alt: "Zielony elektryczny hatchback na tle miasta",
        sliderEndDate: new Date(t + 45 * DAY),
      },
      picture: { bodyType: "hatchback", paint: "#2f6b4a", view: "side", panel: "#065f46" },
    },
    {
      row: {
        placement: "home-slider",
        position: 5,
        audience: "company",
        title: "Wyprzedaż rocznika",
        subtitle: "Promocja zakończona",
        description: "Ostatnie samochody z poprzedniego rocznika w obniżonych ratach.",
        buttonText: "Zobacz nowe samochody",
        redirectTo: "/nowe-samochody",
        buttonText2: null,
        redirectTo2: null,
        alt: "Czerwony hatchback w salonie",
        sliderEndDate: new Date(t - 3 * DAY),
      },
      picture: { bodyType: "hatchback", paint: "#b3202a", view: "front", panel: "#7f1d1d" },
    },
    {
      row: {
        placement: "home-bottom",
        position: 1,
        title: "Nie widzisz swojego auta w ofercie?",
        subtitle: "Znajdziemy je dla Ciebie",
        description: "Napisz, jakiego samochodu szukasz. Doradca odpowie w ciągu 4 godzin.",
        buttonText: "Napisz do nas",
        redirectTo: "/formularz-kontaktowy",
        buttonText2: "Kontakt",
        redirectTo2: "/kontakt",
        alt: "Srebrny samochód dostawczy na ulicy",
        sliderEndDate: null,
      },
      picture: { bodyType: "van", paint: "#b9bec4", view: "side", panel: "#0f3f9e" },
    },
  ];
}

/** Pictures of the electric-programme slides, in slide order (cycled if there are more slides). */
export const ELECTRIC_SLIDE_PICTURES: BannerSpec[] = [
  { bodyType: "hatchback", paint: "#2f6fb5", view: "side-left", panel: "#065f46" },
  { bodyType: "van", paint: "#f4f5f2", view: "side", panel: "#0a2456" },
  { bodyType: "suv", paint: "#2f6b4a", view: "front", panel: "#0f3f9e" },
];

export const ELECTRIC_SLIDE_ALTS = [
  "Niebieski elektryczny hatchback na drodze za miastem",
  "Biały elektryczny samochód dostawczy na ulicy",
  "Zielony elektryczny SUV w salonie",
];
