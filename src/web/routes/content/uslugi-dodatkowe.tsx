import { FeatureGrid, PageHero, Section } from "../../components/content/layout";
import { publicPageMeta } from "../../seo";

export const meta = publicPageMeta({
  title: "Usługi dodatkowe do leasingu i najmu",
  description:
    "Ubezpieczenie w racie (1% rocznie), pakiet serwisowy, opony, assistance, samochód zastępczy, karta paliwowa i bezpłatna dostawa pod drzwi.",
  path: "/uslugi-dodatkowe",
});

const SERVICES = [
  {
    title: "Ubezpieczenie w racie",
    text: "Ubezpieczenie OC, AC i NNW na cały okres umowy. Koszt finansowania ubezpieczenia to 1% w skali roku. Przy własnej polisie pobieramy roczną opłatę administracyjną 250 zł.",
  },
  {
    title: "Pakiet serwisowy",
    text: "Przeglądy okresowe, płyny, części eksploatacyjne i naprawy mechaniczne w warsztatach partnerskich, bez płacenia na miejscu.",
  },
  {
    title: "Opony i przechowalnia",
    text: "Komplet opon sezonowych, wymiana dwa razy w roku i przechowanie opon poza sezonem.",
  },
  {
    title: "Assistance",
    text: "Pomoc drogowa w Polsce i za granicą przez całą dobę: holowanie, naprawa na miejscu, nocleg lub kontynuacja podróży.",
  },
  {
    title: "Samochód zastępczy",
    text: "Samochód na czas naprawy lub przeglądu, żeby Twoja firma nie traciła mobilności.",
  },
  {
    title: "Karta paliwowa",
    text: "Tankowanie bez gotówki na stacjach partnerskich i jedna zbiorcza faktura w połowie następnego miesiąca.",
  },
  {
    title: "Dostawa pod drzwi",
    text: "Samochód w leasingu i najmie dostarczamy bezpłatnie pod wskazany adres w całej Polsce.",
  },
];

export default function UslugiDodatkowe() {
  return (
    <main>
      <PageHero
        eyebrow="Usługi dodatkowe"
        title="Jedna rata, wszystko w cenie"
        lead={
          <p>
            Dobierz do umowy pakiety, które zdejmą z Ciebie sprawy związane z samochodem. Ich koszt doliczamy
            do raty.
          </p>
        }
        primary={{ to: "/formularz-kontaktowy", label: "Zapytaj o pakiety" }}
      />
      <Section
        id="pakiety"
        title="Pakiety do wyboru"
        more={{ to: "/faq#jakie-pakiety-dodatkowe", label: "Pytania o pakiety w FAQ" }}
      >
        <FeatureGrid items={SERVICES} />
      </Section>
    </main>
  );
}
