import { BRAND } from "../../domain/brand";
import type { FaqEntry } from "../../domain/faq";

/**
 * The FAQ as first published; the seeder writes it to `faq_entries`, where the company edits it.
 * Every figure comes from the business constants of spec section 9.
 */
export const FAQ_CONTENT: readonly FaqEntry[] = [
  // Samochody nowe
  {
    section: "nowe",
    slug: "czy-samochody-nowe-sa-dostepne-od-reki",
    question: "Czy nowe samochody z oferty są dostępne od ręki?",
    answer:
      "Większość nowych samochodów w naszej ofercie stoi już u dealerów i możemy je wydać zaraz po podpisaniu umowy. Przy każdej ofercie podajemy wersję, wyposażenie i kolor konkretnego egzemplarza.\n\nJeśli oznaczyliśmy zdjęcie jako poglądowe, pokazuje ono model, a nie konkretny egzemplarz – doradca prześle Ci zdjęcia samochodu, który odbierzesz.",
  },
  {
    section: "nowe",
    slug: "dostawa-samochodu-pod-dom",
    question: "Czy dostarczacie samochód pod wskazany adres?",
    answer:
      "Tak. Samochód finansowany leasingiem lub najmem długoterminowym dostarczamy bezpłatnie pod wskazany adres (dostawa door to door) na terenie całej Polski. Przy zakupie za gotówkę termin i koszt odbioru ustala z Tobą doradca.",
  },
  {
    section: "nowe",
    slug: "samochod-spoza-oferty",
    question: "Czy mogę sfinansować samochód, którego nie ma w Waszej ofercie?",
    answer:
      "Tak. Wyślij nam formularz kontaktowy z marką, modelem i wersją samochodu, a przygotujemy ofertę leasingu lub najmu na wybrany egzemplarz – także od innego dealera.",
  },
  // Samochody poleasingowe
  {
    section: "poleasingowe",
    slug: "skad-pochodza-samochody-poleasingowe",
    question: "Skąd pochodzą samochody poleasingowe?",
    answer:
      "To samochody, które wróciły do nas po zakończeniu umów leasingu i najmu, najczęściej z flot firmowych. Znamy ich historię serwisową i przebieg, a wiele z nich ma certyfikat potwierdzający stan techniczny po kontroli ponad 200 parametrów.",
  },
  {
    section: "poleasingowe",
    slug: "zwrot-samochodu-poleasingowego",
    question: "Czy mogę zwrócić kupiony samochód poleasingowy?",
    answer:
      "Tak. Samochód możesz zwrócić w ciągu 7 dni od odbioru, jeśli przejechał nim nie więcej niż 300 km, a wraca nieuszkodzony i czysty. Koszt zwrotu ponosi klient.\n\nZa korzystanie z samochodu pobieramy opłatę w wysokości 50% pierwszej raty netto, nie mniej niż 500 zł netto.",
  },
  {
    section: "poleasingowe",
    slug: "co-to-jest-certyfikat",
    question: "Co oznacza, że samochód jest certyfikowany?",
    answer: `Certyfikowany samochód przeszedł w warsztacie kontrolę ponad 200 parametrów: silnika, skrzyni biegów, hamulców, zawieszenia, nadwozia, wnętrza i elektroniki, a także jazdę próbną. Wynik opisuje certyfikat ${BRAND.name} dołączony do oferty.`,
  },
  // Finansowanie
  {
    section: "finansowanie",
    slug: "leasing-czy-najem",
    question: "Czym różni się leasing od najmu długoterminowego?",
    answer:
      "W leasingu płacisz opłatę wstępną i raty, a po zakończeniu umowy możesz wykupić samochód za ustaloną wartość wykupu. W najmie długoterminowym płacisz stały czynsz za korzystanie z samochodu z rocznym limitem kilometrów, a po zakończeniu umowy oddajesz samochód i możesz wziąć kolejny.\n\nObie formy są dla firm. Ceny miesięczne w ofertach podajemy netto.",
  },
  {
    section: "finansowanie",
    slug: "finansowanie-dla-osoby-prywatnej",
    question: "Czy osoba prywatna może skorzystać z finansowania?",
    answer:
      "Leasing i najem długoterminowy oferujemy firmom. Osobie prywatnej, która chce kupić samochód z naszej oferty, wskazujemy kredyt gotówkowy w banku; cenę zakupu za gotówkę podajemy wtedy brutto.",
  },
  {
    section: "finansowanie",
    slug: "zabezpieczenia-przed-kradzieza",
    question: "Jakie zabezpieczenia przed kradzieżą są wymagane w leasingu?",
    answer:
      "Samochód w leasingu musi mieć dwa niezależne zabezpieczenia przed kradzieżą. Jednym z nich musi być system lokalizacji i powiadamiania, działający co najmniej na terytorium objętym ubezpieczeniem. Koszt zabezpieczeń nie jest wliczony w ofertę.",
  },
  // Szczegóły umowy
  {
    section: "umowa",
    slug: "ubezpieczenie-w-racie",
    question: "Czy mogę wliczyć ubezpieczenie w ratę?",
    answer:
      "Tak. Koszt finansowania ubezpieczenia w racie wynosi 1% w skali roku. Możesz też ubezpieczyć samochód samodzielnie u wybranego ubezpieczyciela – wtedy pobieramy roczną opłatę administracyjną w wysokości 250 zł.",
  },
  {
    section: "umowa",
    slug: "faktura-za-karte-paliwowa",
    question: "Jak rozliczana jest karta paliwowa?",
    answer:
      "Za tankowania z danego miesiąca wystawiamy jedną zbiorczą fakturę w połowie następnego miesiąca. Na fakturze znajdziesz zestawienie wszystkich transakcji.",
  },
  {
    section: "umowa",
    slug: "jakie-dokumenty-do-umowy",
    question: "Jakich dokumentów potrzebuję do zawarcia umowy?",
    answer:
      "Zwykle wystarczą dane firmy (NIP), dokument tożsamości osoby podpisującej umowę i dokumenty finansowe za ostatni okres. Doradca powie Ci, czy w Twoim przypadku potrzebne jest coś więcej.",
  },
  // Pakiety dodatkowe
  {
    section: "pakiety",
    slug: "jakie-pakiety-dodatkowe",
    question: "Jakie pakiety dodatkowe mogę dobrać do umowy?",
    answer:
      "Do leasingu i najmu możesz dobrać ubezpieczenie, pakiet serwisowy, opony sezonowe z przechowywaniem, samochód zastępczy, assistance oraz kartę paliwową. Koszt wybranych pakietów doliczamy do raty.",
  },
  {
    section: "pakiety",
    slug: "pakiet-serwisowy",
    question: "Co obejmuje pakiet serwisowy?",
    answer:
      "Przeglądy okresowe zgodnie z zaleceniami producenta, wymianę płynów i części eksploatacyjnych oraz naprawy mechaniczne niewynikające ze szkody. Samochód serwisujesz w warsztatach partnerskich bez płacenia na miejscu.",
  },
  // Aukcje
  {
    section: "aukcje",
    slug: "kto-moze-licytowac",
    question: "Kto może brać udział w aukcjach?",
    answer:
      "Aukcje są przeznaczone wyłącznie dla przedsiębiorców. Aby licytować, załóż konto, potwierdź adres e-mail, podaj dane firmy i zaakceptuj regulamin aukcji.",
  },
  {
    section: "aukcje",
    slug: "ceny-na-aukcjach",
    question: "Czy na aukcjach można kupić taniej?",
    answer:
      "Zwykle tak – ceny na aukcjach są najczęściej o 5–10% niższe od cen rynkowych. Samochody z aukcji sprzedajemy wyłącznie za gotówkę, w stanie opisanym w opisie stanu technicznego.",
  },
  {
    section: "aukcje",
    slug: "jak-sie-konczy-aukcja",
    question: "Jak kończy się aukcja?",
    answer:
      "Aukcja kończy się o godzinie podanej w opisie; licznik pokazuje, ile czasu zostało. Gdy do końca zostaje mniej niż 12 godzin, oznaczamy ją jako kończącą się. Wygrywa najwyższa oferta złożona przed końcem aukcji.",
  },
  // Dopłata „Mój elektryk”
  {
    section: "elektryk",
    slug: "ile-wynosi-doplata-moj-elektryk",
    question: "Ile wynosi dopłata w programie „Mój elektryk”?",
    answer:
      "Do samochodu osobowego (M1) – 18 750 zł, a przy deklarowanym rocznym przebiegu co najmniej 15 000 km – 27 000 zł.\n\nDo samochodu dostawczego (N1) – do 20% kosztów kwalifikowanych, nie więcej niż 50 000 zł, a przy deklarowanym przebiegu co najmniej 20 000 km rocznie – do 30% i nie więcej niż 70 000 zł.\n\nDo pojazdów kategorii L1e–L7e – do 30% kosztów kwalifikowanych, nie więcej niż 4 000 zł.",
  },
  {
    section: "elektryk",
    slug: "jaki-pojazd-obejmuje-doplata",
    question: "Jaki pojazd może być objęty dopłatą?",
    answer:
      "Pojazd zeroemisyjny, którego przebieg w dniu zawarcia umowy nie przekracza 50 km. Dopłata dotyczy pojazdów finansowanych leasingiem lub najmem.",
  },
  {
    section: "elektryk",
    slug: "odczyt-licznika",
    question: "Jak potwierdzić deklarowany przebieg?",
    answer:
      "Deklarowany roczny przebieg potwierdzasz odczytem licznika w ciągu 2 lat od zawarcia umowy – wystarczy przesłać nam zdjęcie licznika z widocznym numerem VIN.",
  },
];
