import { BRAND } from "../../../domain/brand";
import { DOCUMENTS } from "../../../domain/documents";
import { CtaLink, FeatureGrid, PageHero, Section, Steps } from "../../components/content/layout";
import { publicPageMeta } from "../../seo";

export const meta = publicPageMeta({
  title: `Certyfikat ${BRAND.name} – sprawdzony samochód poleasingowy`,
  description: `Certyfikat ${BRAND.name} potwierdza stan samochodu poleasingowego po kontroli ponad 200 parametrów w warsztacie. Zobacz, co obejmuje, i pobierz przykładowy certyfikat.`,
  path: `/certyfikat-${BRAND.slug}`,
});

const INCLUDED = [
  {
    title: "Silnik i napęd",
    text: "Szczelność, osprzęt, praca na biegu jałowym i pod obciążeniem, skrzynia biegów i sprzęgło.",
  },
  {
    title: "Hamulce i zawieszenie",
    text: "Zużycie klocków i tarcz, amortyzatory, wahacze, układ kierowniczy i geometria.",
  },
  {
    title: "Nadwozie i lakier",
    text: "Grubość powłoki lakierniczej, ślady napraw, korozja, szyby i oświetlenie.",
  },
  {
    title: "Wnętrze i wyposażenie",
    text: "Fotele, tapicerka, klimatyzacja, multimedia i działanie całego wyposażenia.",
  },
  {
    title: "Elektronika",
    text: "Diagnostyka komputerowa wszystkich sterowników i odczyt zapisanych błędów.",
  },
  {
    title: "Historia i dokumenty",
    text: "Historia serwisowa, weryfikacja przebiegu, liczba użytkowników i dokumentacja szkód.",
  },
];

const STEPS = [
  {
    title: "Kontrola w warsztacie",
    text: "Samochód po zwrocie z leasingu trafia do warsztatu partnerskiego, który sprawdza ponad 200 parametrów i odbywa jazdę próbną.",
  },
  {
    title: "Raport i zdjęcia",
    text: "Mechanik opisuje wynik każdego punktu kontroli i dokumentuje zdjęciami wszystkie ślady użytkowania.",
  },
  {
    title: "Certyfikat przy ofercie",
    text: "Samochód, który spełnia wymagania, dostaje certyfikat i oznaczenie „certyfikowany” w ofercie. Certyfikat otrzymasz na życzenie przed zakupem.",
  },
];

export default function Certyfikat() {
  return (
    <main>
      <PageHero
        eyebrow="Samochody poleasingowe"
        title={`Certyfikat ${BRAND.name}`}
        lead={
          <p>
            Kupujesz samochód poleasingowy ze znaną historią i sprawdzonym stanem technicznym. Certyfikat to
            szczegółowy raport z kontroli ponad 200 parametrów.
          </p>
        }
        primary={{
          to: DOCUMENTS.sampleCertificate.url,
          label: "Pobierz przykładowy certyfikat (PDF)",
          download: true,
        }}
        secondary={{ to: "/samochody-poleasingowe", label: "Zobacz samochody poleasingowe" }}
      />

      <Section
        id="o-certyfikacie"
        title="O certyfikacie"
        intro={
          <p>
            Samochody poleasingowe pochodzą najczęściej z flot firmowych, które serwisowały je regularnie w
            autoryzowanych stacjach. Certyfikat zbiera te informacje w jednym miejscu i dodaje aktualną ocenę
            stanu pojazdu, abyś przed zakupem wiedział dokładnie, co kupujesz.
          </p>
        }
      >
        <FeatureGrid
          items={[
            {
              title: "Ponad 200 parametrów",
              text: "Sprawdzamy mechanikę, nadwozie, wnętrze, elektronikę i dokumenty.",
            },
            {
              title: "Przejrzysty opis",
              text: "Każda usterka i ślad użytkowania są opisane – bez niedomówień.",
            },
            {
              title: "7 dni na zwrot",
              text: "Samochód możesz zwrócić w ciągu 7 dni, jeśli przejechał nie więcej niż 300 km.",
            },
          ]}
        />
      </Section>

      <Section
        id="czym-jest"
        title="Czym jest certyfikat?"
        tone="muted"
        intro={
          <p>
            To dokument z wynikiem kontroli technicznej konkretnego samochodu, wykonanej w warsztacie
            partnerskim przed wystawieniem go na sprzedaż. Opisuje stan pojazdu w dniu kontroli, a oferty
            samochodów z certyfikatem mają oznaczenie „certyfikowany”.
          </p>
        }
      >
        <p className="max-w-3xl text-slate-700">
          Certyfikat nie zastępuje przeglądu rejestracyjnego ani gwarancji, ale daje Ci rzetelną wiedzę o
          samochodzie, zanim podpiszesz umowę. Przykładowy certyfikat pokazuje, jak wygląda raport.
        </p>
        <div className="mt-6">
          <CtaLink
            cta={{
              to: DOCUMENTS.sampleCertificate.url,
              label: "Pobierz przykładowy certyfikat (PDF)",
              download: true,
            }}
            variant="brand"
          />
        </div>
      </Section>

      <Section
        id="co-obejmuje"
        title="Co obejmuje certyfikat?"
        intro={<p>Ponad 200 sprawdzonych parametrów w sześciu obszarach:</p>}
      >
        <FeatureGrid items={INCLUDED} />
      </Section>

      <Section id="od-warsztatu-do-certyfikatu" title="Od warsztatu do certyfikatu" tone="muted">
        <Steps steps={STEPS} />
      </Section>
    </main>
  );
}
