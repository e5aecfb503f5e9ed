import { BRAND } from "../../domain/brand";
import { DOCUMENTS } from "../../domain/documents";
import { LITERAL_DEFAULTS } from "../../domain/literals";
import type { PdfBlock, PdfContent } from "./pdf";

/**
 * Our own Polish texts of every published document. The seeder renders them to PDF and stores each
 * as a version in the `documents` table; a newer version is added as a new row (same kind, next
 * version, its own effective date) and replaces the old one from that date on.
 */
export interface DocumentSource {
  kind: string;
  /** File name offered to the browser (Content-Disposition) and answered as Name by the API. */
  name: string;
  version: number;
  effectiveFrom: Date;
  content: PdfContent;
}

const company = `${BRAND.legalName}, ${LITERAL_DEFAULTS.CompanyAddress}`;
const footer = (label: string) => `${BRAND.legalName} · ${label}`;

/** A document's first version, in force (and dated) from `from`. */
const firstVersion = (
  kind: string,
  name: string,
  from: Date,
  content: Omit<PdfContent, "createdAt">,
): DocumentSource => ({
  kind,
  name,
  version: 1,
  effectiveFrom: from,
  content: { ...content, createdAt: from },
});

const heading = (text: string): PdfBlock => ({ type: "heading", text });
const paragraph = (text: string): PdfBlock => ({ type: "paragraph", text });
const numbered = (...items: string[]): PdfBlock => ({ type: "list", numbered: true, items });
const bullets = (...items: string[]): PdfBlock => ({ type: "list", items });
const table = (...rows: [string, string][]): PdfBlock => ({ type: "table", rows });
const fields = (...labels: string[]): PdfBlock => ({ type: "fields", labels });

const SITE_RULES_FROM = new Date("2024-01-01T00:00:00+01:00");
/** The auction rules in force since 7 January 2021 (spec section 9). */
export const AUCTION_RULES_FROM = new Date("2021-01-07T00:00:00+01:00");
const SUBSIDY_DOCS_FROM = new Date("2024-06-01T00:00:00+02:00");

const siteRules = firstVersion(
  DOCUMENTS.siteRules.kind,
  `Regulamin serwisu ${BRAND.name}.pdf`,
  SITE_RULES_FROM,
  {
    title: `Regulamin serwisu internetowego ${BRAND.name}`,
    subtitle: "Obowiązuje od 1.01.2024",
    footer: footer("Regulamin serwisu, wersja 1"),
    blocks: [
      heading("§ 1. Postanowienia ogólne"),
      numbered(
        `Regulamin określa zasady korzystania z serwisu internetowego ${BRAND.name} (dalej: Serwis), prowadzonego przez ${company} (dalej: Usługodawca).`,
        "Serwis prezentuje oferty samochodów nowych, poleasingowych i elektrycznych dostępnych w leasingu, najmie długoterminowym lub do zakupu za gotówkę oraz prowadzi aukcje internetowe dla przedsiębiorców.",
        "Oferty prezentowane w Serwisie nie stanowią oferty w rozumieniu art. 66 Kodeksu cywilnego, lecz zaproszenie do rozpoczęcia negocjacji. Raty i ceny mają charakter informacyjny i zależą od oceny zdolności finansowej klienta.",
      ),
      heading("§ 2. Usługi świadczone drogą elektroniczną"),
      numbered(
        "Przeglądanie ofert, korzystanie z kalkulatora raty i zapisywanie ulubionych ofert nie wymaga rejestracji.",
        "Formularze kontaktowe i prośba o oddzwonienie pozwalają przekazać Usługodawcy dane potrzebne do przygotowania oferty. Doradca kontaktuje się z klientem w ciągu 4 godzin w dni robocze.",
        "Alert e-mail wysyła powiadomienia o nowych ofertach spełniających kryteria wskazane przez użytkownika. Alert można wyłączyć w każdej chwili linkiem z wiadomości.",
        "Konto użytkownika jest potrzebne do udziału w aukcjach. Zasady aukcji określa odrębny Regulamin aukcji.",
      ),
      heading("§ 3. Wymagania techniczne"),
      paragraph(
        "Do korzystania z Serwisu potrzebne jest urządzenie z dostępem do internetu oraz aktualna wersja przeglądarki internetowej z włączoną obsługą JavaScript i plików cookie. Usługodawca dokłada starań, aby Serwis był dostępny dla osób z niepełnosprawnościami.",
      ),
      heading("§ 4. Dane osobowe i pliki cookie"),
      paragraph(
        `Administratorem danych osobowych jest ${company}. Dane przetwarzamy w celu udzielenia odpowiedzi na zapytanie, przygotowania oferty, prowadzenia konta i aukcji, a za zgodą – w celach marketingowych. Każda osoba ma prawo dostępu do swoich danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przenoszenia i sprzeciwu oraz prawo wniesienia skargi do Prezesa Urzędu Ochrony Danych Osobowych.`,
      ),
      heading("§ 5. Reklamacje"),
      paragraph(
        `Reklamacje dotyczące działania Serwisu można zgłaszać na adres ${BRAND.email} lub pisemnie na adres siedziby Usługodawcy. Odpowiadamy w ciągu 14 dni od otrzymania reklamacji.`,
      ),
      heading("§ 6. Postanowienia końcowe"),
      paragraph(
        "Usługodawca może zmienić Regulamin z ważnych przyczyn, w szczególności zmiany przepisów prawa. Nowa wersja jest publikowana w Serwisie z co najmniej 7-dniowym wyprzedzeniem. W sprawach nieuregulowanych stosuje się przepisy prawa polskiego.",
      ),
    ],
  },
);

const auctionRules = firstVersion(
  DOCUMENTS.auctionRules.kind,
  `Regulamin aukcji ${BRAND.name}.pdf`,
  AUCTION_RULES_FROM,
  {
    title: `Regulamin aukcji internetowych ${BRAND.name}`,
    subtitle: "Obowiązuje od 7.01.2021",
    footer: footer("Regulamin aukcji, wersja obowiązująca od 7.01.2021"),
    blocks: [
      heading("§ 1. Organizator i uczestnicy"),
      numbered(
        `Organizatorem aukcji jest ${company}.`,
        "W aukcjach mogą brać udział wyłącznie przedsiębiorcy, którzy założyli konto w Serwisie, potwierdzili adres e-mail, podali dane firmy (NIP, REGON) i zostali zweryfikowani przez Organizatora.",
        "Osoby prywatne nie mogą licytować. Mogą kupić samochód poleasingowy poza aukcją, a finansowanie uzyskać w formie kredytu gotówkowego w banku.",
      ),
      heading("§ 2. Przebieg aukcji"),
      numbered(
        "Każda aukcja ma określony czas rozpoczęcia i zakończenia, podany w opisie pojazdu. Czas aukcji liczy serwer Organizatora.",
        "Uczestnik składa ofertę wyższą od aktualnej ceny co najmniej o minimalne postąpienie. Złożonej oferty nie można wycofać.",
        "Uczestnik widzi, czy jego oferta jest aktualnie najwyższa, czy została przelicytowana.",
        "Aukcję wygrywa uczestnik, który w chwili jej zakończenia złożył najwyższą ofertę.",
      ),
      heading("§ 3. Płatność i odbiór"),
      numbered(
        "Pojazdy z aukcji są sprzedawane wyłącznie za gotówkę, bez możliwości finansowania leasingiem lub najmem.",
        "Zwycięzca otrzymuje fakturę i płaci cenę w ciągu 3 dni roboczych od zakończenia aukcji.",
        "Pojazd wydajemy po zaksięgowaniu płatności, w miejscu wskazanym w opisie aukcji.",
        "Ceny na aukcjach są zwykle o 5–10% niższe od cen rynkowych, ponieważ pojazd jest sprzedawany w stanie opisanym w opisie stanu technicznego.",
      ),
      heading("§ 4. Opis stanu technicznego"),
      paragraph(
        "Każdy pojazd ma opis stanu technicznego ze zdjęciami. Uczestnik może obejrzeć pojazd przed aukcją po wcześniejszym umówieniu terminu. Przystępując do licytacji, uczestnik potwierdza, że zapoznał się z opisem.",
      ),
      heading("§ 5. Zmiany regulaminu"),
      paragraph(
        "Organizator informuje uczestników o zmianie regulaminu e-mailem i w Serwisie. Do udziału w kolejnych aukcjach potrzebna jest akceptacja nowej wersji regulaminu. Aukcje rozpoczęte przed zmianą toczą się według dotychczasowych zasad.",
      ),
      heading("§ 6. Kontakt"),
      paragraph(
        `Pytania dotyczące aukcji prosimy kierować na adres ${BRAND.auctionEmail} lub pod numer ${BRAND.auctionPhone} (${LITERAL_DEFAULTS.ContactHours}).`,
      ),
    ],
  },
);

const subsidyRules = firstVersion(
  DOCUMENTS.subsidyRules.kind,
  "Zasady programu Mój elektryk.pdf",
  SUBSIDY_DOCS_FROM,
  {
    title: "Program dopłat „Mój elektryk” – zasady w skrócie",
    subtitle: "Dopłata do leasingu lub najmu pojazdu zeroemisyjnego",
    footer: footer("Zasady programu „Mój elektryk”"),
    blocks: [
      paragraph(
        `Program „Mój elektryk” obniża koszt finansowania pojazdu elektrycznego. ${BRAND.name} przyjmuje wnioski o dopłatę razem z wnioskiem leasingowym, a dopłata pomniejsza wpłatę własną albo sumę rat.`,
      ),
      heading("Wysokość dopłaty"),
      table(
        ["Samochód osobowy (M1)", "18 750 zł"],
        ["M1 przy deklarowanym przebiegu co najmniej 15 000 km rocznie", "27 000 zł"],
        ["Samochód dostawczy (N1)", "do 20% kosztów kwalifikowanych, maks. 50 000 zł"],
        [
          "N1 przy deklarowanym przebiegu co najmniej 20 000 km rocznie",
          "do 30% kosztów kwalifikowanych, maks. 70 000 zł",
        ],
        ["Pojazdy kategorii L1e–L7e", "do 30% kosztów kwalifikowanych, maks. 4 000 zł"],
      ),
      heading("Warunki"),
      bullets(
        "Pojazd jest zeroemisyjny (napęd wyłącznie elektryczny lub wodorowy).",
        "Przebieg pojazdu w dniu zawarcia umowy nie przekracza 50 km.",
        "Deklarowany roczny przebieg jest potwierdzany odczytem licznika w ciągu 2 lat od zawarcia umowy.",
        "Pojazd jest używany zgodnie z umową przez cały okres jej trwania.",
      ),
      heading("Jak to działa"),
      numbered(
        "Wybierasz samochód elektryczny i składasz wniosek o finansowanie razem z wnioskiem o dopłatę.",
        "Podpisujesz umowę leasingu lub najmu i oświadczenie o deklarowanym przebiegu.",
        "Odbierasz samochód, a dopłata obniża Twoje koszty od pierwszej raty.",
      ),
    ],
  },
);

const subsidyApplication = firstVersion(
  DOCUMENTS.subsidyApplication.kind,
  "Wniosek o dopłatę Mój elektryk.pdf",
  SUBSIDY_DOCS_FROM,
  {
    title: "Wniosek o dopłatę w programie „Mój elektryk”",
    subtitle: "Wzór do wypełnienia i złożenia razem z wnioskiem o finansowanie",
    footer: footer("Wniosek o dopłatę – wzór"),
    blocks: [
      heading("1. Dane wnioskodawcy"),
      fields(
        "Imię i nazwisko lub nazwa firmy",
        "NIP / REGON (przedsiębiorca) albo PESEL (osoba prywatna)",
        "Adres zamieszkania lub siedziby",
        "Telefon i adres e-mail",
      ),
      heading("2. Pojazd"),
      fields(
        "Marka, model i wersja",
        "Kategoria pojazdu (M1, N1, L1e–L7e)",
        "Cena pojazdu netto (koszt kwalifikowany)",
        "Deklarowany roczny przebieg (km)",
      ),
      heading("3. Oświadczenia"),
      bullets(
        "Oświadczam, że pojazd jest zeroemisyjny, a jego przebieg w dniu zawarcia umowy nie przekracza 50 km.",
        "Zobowiązuję się przekazać odczyt licznika w ciągu 2 lat od zawarcia umowy.",
        "Przyjmuję do wiadomości, że niespełnienie warunków programu może skutkować obowiązkiem zwrotu dopłaty.",
      ),
      fields("Miejscowość i data", "Podpis wnioskodawcy"),
    ],
  },
);

const subsidyMileageStatement = firstVersion(
  DOCUMENTS.subsidyMileageStatement.kind,
  "Oświadczenie o deklarowanym przebiegu.pdf",
  SUBSIDY_DOCS_FROM,
  {
    title: "Oświadczenie o deklarowanym rocznym przebiegu",
    subtitle: "Załącznik do wniosku o dopłatę „Mój elektryk”",
    footer: footer("Oświadczenie o deklarowanym przebiegu"),
    blocks: [
      paragraph(
        "Wyższa dopłata przysługuje, gdy deklarowany roczny przebieg wynosi co najmniej 15 000 km dla samochodu osobowego (M1: 27 000 zł zamiast 18 750 zł) albo co najmniej 20 000 km dla samochodu dostawczego (N1: do 30% kosztów kwalifikowanych i maks. 70 000 zł zamiast do 20% i maks. 50 000 zł).",
      ),
      fields(
        "Imię i nazwisko lub nazwa firmy",
        "Numer umowy leasingu lub najmu",
        "Marka, model i numer VIN pojazdu",
        "Deklarowany roczny przebieg (km)",
      ),
      paragraph(
        "Oświadczam, że pojazd będzie pokonywał co najmniej zadeklarowany roczny przebieg. Zobowiązuję się przekazać zdjęcie licznika wraz z numerem VIN w ciągu 2 lat od zawarcia umowy. Jeżeli odczyt licznika wykaże przebieg niższy od zadeklarowanego, dopłata zostanie obniżona do kwoty podstawowej.",
      ),
      fields("Miejscowość i data", "Podpis"),
    ],
  },
);

const subsidyChecklist = firstVersion(
  DOCUMENTS.subsidyChecklist.kind,
  "Lista dokumentów Mój elektryk.pdf",
  SUBSIDY_DOCS_FROM,
  {
    title: "Lista dokumentów do umowy z dopłatą „Mój elektryk”",
    subtitle: "Przygotuj je przed podpisaniem umowy – przyspieszysz decyzję",
    footer: footer("Lista dokumentów"),
    blocks: [
      heading("Przedsiębiorca"),
      bullets(
        "wniosek o finansowanie i wniosek o dopłatę,",
        "dokument tożsamości osoby podpisującej umowę,",
        "dokumenty finansowe za ostatni rok i bieżący okres (działalność krócej niż rok: deklaracje podatkowe),",
        "oświadczenie o deklarowanym przebiegu – jeśli ubiegasz się o wyższą dopłatę,",
        "oświadczenie o pomocy de minimis otrzymanej w ostatnich 3 latach.",
      ),
      heading("Osoba prywatna"),
      bullets(
        "wniosek o finansowanie i wniosek o dopłatę,",
        "dowód osobisty,",
        "zaświadczenie o dochodach lub wyciąg z konta za 3 ostatnie miesiące,",
        "oświadczenie o deklarowanym przebiegu – jeśli ubiegasz się o wyższą dopłatę.",
      ),
      heading("Po odbiorze samochodu"),
      bullets(
        "zdjęcie licznika z widocznym numerem VIN – w ciągu 2 lat od zawarcia umowy,",
        "polisa ubezpieczeniowa obejmująca cały okres umowy.",
      ),
    ],
  },
);

const sampleCertificate = firstVersion(
  DOCUMENTS.sampleCertificate.kind,
  `Przykładowy certyfikat ${BRAND.name}.pdf`,
  SUBSIDY_DOCS_FROM,
  {
    title: `Certyfikat ${BRAND.name} – wzór`,
    subtitle: "Przykładowy raport z kontroli samochodu poleasingowego (ponad 200 sprawdzonych parametrów)",
    footer: footer("Przykładowy certyfikat pojazdu"),
    blocks: [
      heading("Dane pojazdu"),
      table(
        ["Marka i model", "Škoda Octavia Combi 2.0 TDI"],
        ["Rok produkcji", "2021"],
        ["Przebieg", "78 450 km"],
        ["Numer certyfikatu", "FL/2024/000123"],
        ["Data kontroli", "14.05.2024"],
        ["Warsztat", "Autoryzowany serwis partnerski, Poznań"],
      ),
      heading("Wyniki kontroli"),
      table(
        ["Silnik i osprzęt (38 parametrów)", "bez zastrzeżeń"],
        ["Skrzynia biegów i sprzęgło (17 parametrów)", "bez zastrzeżeń"],
        ["Układ hamulcowy (22 parametry)", "klocki przednie: 60% zużycia"],
        ["Zawieszenie i układ kierowniczy (29 parametrów)", "bez zastrzeżeń"],
        ["Opony i felgi (16 parametrów)", "bieżnik 5,5 mm, opony letnie"],
        ["Nadwozie i powłoka lakiernicza (46 parametrów)", "rysa na tylnym zderzaku, 4 cm"],
        ["Wnętrze i wyposażenie (24 parametry)", "bez zastrzeżeń"],
        ["Elektronika i diagnostyka komputerowa (21 parametrów)", "brak zapisanych błędów"],
        ["Jazda próbna (9 parametrów)", "bez zastrzeżeń"],
      ),
      heading("Historia i dokumenty"),
      bullets(
        "pełna historia serwisowa w autoryzowanej stacji obsługi,",
        "przebieg potwierdzony odczytami z kolejnych przeglądów,",
        "jeden użytkownik od nowości (flota firmowa),",
        "pojazd bezwypadkowy według dokumentacji szkód.",
      ),
      paragraph(
        "Wynik: samochód spełnia wymagania certyfikatu. Certyfikat opisuje stan pojazdu w dniu kontroli i jest dołączany do oferty na stronie.",
      ),
    ],
  },
);

export const DOCUMENT_SOURCES: readonly DocumentSource[] = [
  siteRules,
  auctionRules,
  subsidyRules,
  subsidyApplication,
  subsidyMileageStatement,
  subsidyChecklist,
  sampleCertificate,
];
