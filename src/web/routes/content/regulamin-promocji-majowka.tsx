import { Link } from "react-router";
import { BRAND } from "../../../domain/brand";
import { DOCUMENTS } from "../../../domain/documents";
import { PromotionRules } from "../../components/content/promotion-rules";
import { publicPageMeta } from "../../seo";

const NAME = `Majówka z ${BRAND.name}`;

export const meta = publicPageMeta({
  title: `Regulamin promocji „${NAME}”`,
  description: `Zasady promocji „${NAME}”: komplet opon zimowych z wymianą i przechowaniem za umowę leasingu lub najmu nowego samochodu zawartą od 24.04.2023 do 7.05.2023.`,
  path: `/regulamin-promocji-majowka-z-${BRAND.slug}`,
});

export default function RegulaminPromocjiMajowka() {
  return (
    <PromotionRules
      name={NAME}
      period="Promocja trwała od 24.04.2023 do 7.05.2023."
      paragraphs={[
        {
          heading: "Kto może skorzystać",
          items: [
            "Z promocji mogą skorzystać przedsiębiorcy, którzy w okresie promocji wysłali zapytanie przez serwis i zawarli umowę leasingu lub najmu długoterminowego nowego samochodu z oferty.",
            "Promocja nie obejmuje samochodów kupowanych za gotówkę ani pojazdów z aukcji.",
          ],
        },
        {
          heading: "Korzyść",
          items: [
            "Klient otrzymuje komplet czterech opon zimowych dobranych do samochodu wraz z wymianą i przechowaniem opon przez pierwszy sezon.",
            "Opony wydaje i wymienia warsztat partnerski Organizatora najbliższy adresowi klienta.",
            "Korzyści nie można wymienić na gotówkę ani obniżkę raty.",
          ],
        },
        {
          heading: "Postanowienia końcowe",
          items: [
            `Reklamacje można zgłaszać na adres ${BRAND.email}; Organizator odpowiada w ciągu 14 dni.`,
            <>
              W sprawach nieuregulowanych stosuje się{" "}
              <a className="text-brand-700 underline" href={DOCUMENTS.siteRules.url} download="">
                Regulamin serwisu
              </a>
              . Aktualne promocje znajdziesz na stronie{" "}
              <Link className="text-brand-700 underline" to="/leasing-BEZ-OBAW">
                Leasing bez obaw
              </Link>
              .
            </>,
          ],
        },
      ]}
    />
  );
}
