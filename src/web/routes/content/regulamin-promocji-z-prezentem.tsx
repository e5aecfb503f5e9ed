import { Link } from "react-router";
import { BRAND } from "../../../domain/brand";
import { DOCUMENTS } from "../../../domain/documents";
import { PromotionRules } from "../../components/content/promotion-rules";
import { publicPageMeta } from "../../seo";

const NAME = `${BRAND.name} z prezentem`;

export const meta = publicPageMeta({
  title: `Regulamin promocji „${NAME}”`,
  description: `Zasady promocji „${NAME}”: karta podarunkowa o wartości 500 zł za umowę leasingu lub najmu zawartą od 6.12.2022 do 6.01.2023.`,
  path: `/regulamin-promocji-${BRAND.slug}-z-prezentem`,
});

export default function RegulaminPromocjiZPrezentem() {
  return (
    <PromotionRules
      name={NAME}
      period="Promocja trwała od 6.12.2022 do 6.01.2023."
      organiser={["Promocja jest prowadzona w serwisie internetowym Organizatora i przez jego doradców."]}
      paragraphs={[
        {
          heading: "Kto może skorzystać",
          items: [
            "Z promocji mogą skorzystać przedsiębiorcy, którzy w okresie od 6.12.2022 do 6.01.2023 zawarli z Organizatorem umowę leasingu lub najmu długoterminowego samochodu z oferty serwisu.",
            "Jeden klient może otrzymać jedną nagrodę za każdą zawartą umowę.",
          ],
        },
        {
          heading: "Nagroda",
          items: [
            "Nagrodą jest karta podarunkowa o wartości 500 zł do wykorzystania w sieci sklepów wskazanej przez Organizatora.",
            "Kartę przekazujemy przy wydaniu samochodu albo wysyłamy pocztą kurierską w ciągu 30 dni od wydania samochodu.",
            "Nagrody nie można wymienić na gotówkę ani na inną nagrodę.",
          ],
        },
        {
          heading: "Reklamacje",
          items: [
            `Reklamacje można zgłaszać do 31.01.2023 na adres ${BRAND.email}. Organizator odpowiada w ciągu 14 dni.`,
          ],
        },
        {
          heading: "Postanowienia końcowe",
          items: [
            <>
              W sprawach nieuregulowanych stosuje się{" "}
              <a className="text-brand-700 underline" href={DOCUMENTS.siteRules.url} download="">
                Regulamin serwisu
              </a>{" "}
              i przepisy Kodeksu cywilnego.
            </>,
            <>
              Aktualne oferty dla firm znajdziesz na stronie{" "}
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
