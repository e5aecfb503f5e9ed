import { BRAND } from "../../../domain/brand";
import { DOCUMENTS } from "../../../domain/documents";
import { BODY_TYPES } from "../../../domain/vehicles";

/** Addresses and names of the shell's menus and footer (spec section 2 "Global interface"). */
export interface NavLink {
  to: string;
  label: string;
}

export const offerLinks: readonly NavLink[] = [
  { to: "/nowe-samochody", label: "Nowe samochody" },
  { to: "/samochody-poleasingowe", label: "Samochody poleasingowe" },
  { to: "/samochody-elektryczne", label: "Samochody elektryczne" },
  { to: "/moj-elektryk", label: "Program „Mój elektryk”" },
  { to: "/aukcje-samochodowe", label: "Aukcje samochodowe" },
  { to: "/finansowanie", label: "Finansowanie" },
  { to: `/certyfikat-${BRAND.slug}`, label: `Certyfikat ${BRAND.name}` },
];

/** The list of each body type, at its alias and under its name (the vocabulary's). */
export const bodyTypeLinks: readonly NavLink[] = BODY_TYPES.map(({ path, name }) => ({
  to: path,
  label: name,
}));

/** The signed-in user's menu (spec section 2); logout is a button beside these. */
export const accountLinks: readonly NavLink[] = [
  { to: "/wkrotce-w-sprzedazy", label: "Wkrótce w sprzedaży" },
  { to: "/licytowanie", label: "Licytowanie" },
  { to: "/wygrane-aukcje", label: "Wygrane aukcje" },
  { to: "/wnioski-leasingowe", label: "Wnioski leasingowe" },
  { to: "/ustawienia", label: "Ustawienia" },
];

export const infoLinks: readonly NavLink[] = [
  { to: "/oferta", label: "Nasza oferta" },
  { to: "/uslugi-dodatkowe", label: "Usługi dodatkowe" },
  { to: "/marki", label: "Marki" },
  { to: "/faq", label: "Najczęściej zadawane pytania (FAQ)" },
  { to: "/kontakt", label: "Kontakt" },
];

/** Regulations as PDF files (served by the content area), under the names the documents have. */
export const documentLinks: readonly NavLink[] = [DOCUMENTS.siteRules, DOCUMENTS.auctionRules].map(
  ({ url, title }) => ({ to: url, label: title }),
);

export const socialLinks = [
  {
    network: "facebook",
    href: `https://www.facebook.com/${BRAND.slug}`,
    label: `${BRAND.name} na Facebooku`,
  },
  {
    network: "instagram",
    href: `https://www.instagram.com/${BRAND.slug}`,
    label: `${BRAND.name} na Instagramie`,
  },
  {
    network: "linkedin",
    href: `https://www.linkedin.com/company/${BRAND.slug}`,
    label: `${BRAND.name} na LinkedInie`,
  },
  { network: "youtube", href: `https://www.youtube.com/@${BRAND.slug}`, label: `${BRAND.name} na YouTubie` },
] as const;

/** "+48 22 100 20 30" -> "tel:+48221002030". */
export const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, "")}`;
