import { PRIVATE_BUYER_PROMISE } from "../../../domain/catalogue/home";
import type { BannerSlide } from "../../../server/catalogue/offers-service";

/**
 * Slides shown when no banner for a kind of buyer is set up in the database: the three ways to buy a
 * car with us for a company, the ex-lease cars and cash purchase for a private buyer.
 */
export const STANDARD_SLIDES: BannerSlide[] = [
  {
    title: "Nowy samochód dla firmy od ręki",
    subtitle: "Leasing i najem długoterminowy",
    description: "Wybierz auto, sprawdź ratę i odbierz je bez czekania na produkcję.",
    buttonText: "Nowe samochody",
    redirectTo: "/nowe-samochody",
    buttonText2: "Finansowanie",
    redirectTo2: "/finansowanie",
    image: null,
    mobileImage: null,
    alt: "",
    sliderEndDate: null,
    audience: "company",
  },
  {
    title: "Samochody poleasingowe ze znaną historią",
    subtitle: "Certyfikowane auta z jednej floty",
    description: "Serwisowane w autoryzowanych stacjach, sprawdzone w ponad 200 punktach kontroli.",
    buttonText: "Samochody poleasingowe",
    redirectTo: "/samochody-poleasingowe",
    buttonText2: null,
    redirectTo2: null,
    image: null,
    mobileImage: null,
    alt: "",
    sliderEndDate: null,
    audience: "all",
  },
  {
    title: "Aukcje samochodów dla przedsiębiorców",
    subtitle: "Licytuj online",
    description: "Ceny zwykle 5–10% poniżej rynkowych. Zarejestruj firmę i licytuj.",
    buttonText: "Zobacz aukcje",
    redirectTo: "/aukcje-samochodowe",
    buttonText2: "Załóż konto",
    redirectTo2: "/rejestracja",
    image: null,
    mobileImage: null,
    alt: "",
    sliderEndDate: null,
    audience: "company",
  },
  {
    title: "Samochód poleasingowy na własne potrzeby",
    subtitle: "Zakup za gotówkę dla osób prywatnych",
    description: PRIVATE_BUYER_PROMISE,
    buttonText: "Samochody poleasingowe",
    redirectTo: "/samochody-poleasingowe?isCompany=false",
    buttonText2: null,
    redirectTo2: null,
    image: null,
    mobileImage: null,
    alt: "",
    sliderEndDate: null,
    audience: "private",
  },
];
