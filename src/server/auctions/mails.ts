import { VAT_TREATMENT_NAMES, type VatTreatment } from "../../domain/auctions/costs";
import { BRAND } from "../../domain/brand";
import { formatDateTime, formatPrice } from "../../domain/format";
import { unsubscribeHeaders } from "../mail/html";
import type { OutgoingMail } from "../mail/outbox";
import { nettoWithBrutto } from "./notification-mails";

/**
 * E-mails of the auctions (Polish, plain text; the outbox delivers them with retries). They speak to
 * the bidder in forms that fit anyone ("Twoja oferta wygrała", never "wygrałeś"), and give a bidder's
 * prices netto with the brutto beside them, as the notification e-mails do.
 */

export interface AuctionMailFacts {
  auctionId: number;
  title: string;
  /** Absolute address of the auction page. */
  link: string;
}

/** How the won car is invoiced and where it is picked up (ADR 062): the winner's e-mails say both. */
export interface CarSaleFacts {
  vat: VatTreatment;
  /** "Gdańsk (woj. pomorskie)"; null when the auction names no place. */
  pickUp: string | null;
}

/**
 * The winning price: netto with the brutto beside it, except under the margin scheme, where the car's
 * price carries no VAT and a "brutto" would mislead.
 */
const winningPrice = (price: number, sale?: CarSaleFacts) =>
  sale?.vat === "margin"
    ? `${formatPrice(price)} (faktura VAT-marża: bez VAT od ceny samochodu)`
    : nettoWithBrutto(price);

const saleLines = (sale?: CarSaleFacts) =>
  sale
    ? [
        `Faktura: ${VAT_TREATMENT_NAMES[sale.vat]}.`,
        ...(sale.pickUp ? [`Miejsce odbioru samochodu: ${sale.pickUp}.`] : []),
      ]
    : [];

/** Why a bidder gets the outbid letters: they can turn them off. */
const OUTBID_NOTE =
  "Tę wiadomość wysyłamy, bo w ustawieniach konta włączono powiadomienia o przelicytowaniu.";

/** The words before an outbid e-mail's one-click unsubscribe link (the setting's page, ADR 051). */
const OUTBID_UNSUBSCRIBE = "Wyłącz powiadomienia o przelicytowaniu";

/**
 * A letter to a bidder: the greeting, the body, an optional note on why it was sent (with the
 * one-click unsubscribe of that setting, when there is one), and the auction team's signature.
 */
function bidderMail(
  to: string,
  subject: string,
  body: string[],
  note?: string,
  unsubscribeUrl?: string,
): OutgoingMail {
  const ending = note ? ["", note] : [""];
  if (unsubscribeUrl) ending.push(`${OUTBID_UNSUBSCRIBE}: ${unsubscribeUrl}`, "");
  return {
    to,
    subject,
    text: ["Dzień dobry,", "", ...body, ...ending, `Zespół aukcji ${BRAND.name}`].join("\n"),
    ...(unsubscribeUrl ? { headers: unsubscribeHeaders(unsubscribeUrl) } : {}),
  };
}

/** Tells the bidder a higher offer than theirs was placed (they asked for this in their settings). */
export function outbidMail(
  to: string,
  a: AuctionMailFacts,
  myPrice: number,
  newPrice: number,
  unsubscribeUrl?: string,
): OutgoingMail {
  return bidderMail(
    to,
    `Twoja oferta została przelicytowana: ${a.title}`,
    [
      `Twoja oferta ${nettoWithBrutto(myPrice)} w aukcji „${a.title}” (nr ${a.auctionId}) została przelicytowana.`,
      `Aktualna cena to ${nettoWithBrutto(newPrice)}.`,
      "",
      `Jeśli chcesz dalej licytować, przejdź do aukcji: ${a.link}`,
    ],
    OUTBID_NOTE,
    unsubscribeUrl,
  );
}

/** The person's maximum offer (proxy bid) has been outbid: the server can no longer bid for them. */
export function maxExceededMail(
  to: string,
  a: AuctionMailFacts,
  maxPrice: number,
  newPrice: number,
  unsubscribeUrl?: string,
): OutgoingMail {
  return bidderMail(
    to,
    `Twoja maksymalna oferta została przekroczona: ${a.title}`,
    [
      `W aukcji „${a.title}” (nr ${a.auctionId}) padła oferta wyższa niż Twoja maksymalna oferta ${nettoWithBrutto(maxPrice)}.`,
      `Aktualna cena to ${nettoWithBrutto(newPrice)}. Nie licytujemy już w Twoim imieniu.`,
      "",
      `Jeśli chcesz dalej licytować, podnieś maksymalną ofertę albo złóż ofertę w aukcji: ${a.link}`,
    ],
    OUTBID_NOTE,
    unsubscribeUrl,
  );
}

/** To each bidder who did not win, when the auction ends. */
export function lostMail(
  to: string,
  a: AuctionMailFacts,
  r: { myBest: number; finalPrice: number; endedAt: Date },
): OutgoingMail {
  return bidderMail(to, `Aukcja zakończona: ${a.title}`, [
    `Aukcja „${a.title}” (nr ${a.auctionId}) zakończyła się ${formatDateTime(r.endedAt)}.`,
    `Tym razem wygrała inna oferta: cena końcowa to ${nettoWithBrutto(r.finalPrice)}, Twoja najwyższa oferta wynosiła ${nettoWithBrutto(r.myBest)}.`,
    "",
    `Szczegóły aukcji: ${a.link}`,
    "Dziękujemy za udział. Zapraszamy do kolejnych aukcji.",
  ]);
}

/** To the winner, when the auction ends: the price, who calls them and where the result is. */
export function wonMail(
  to: string,
  a: AuctionMailFacts,
  price: number,
  endedAt: Date,
  wonLink: string,
  sale?: CarSaleFacts,
): OutgoingMail {
  return bidderMail(to, `Gratulujemy! Twoja oferta wygrała aukcję: ${a.title}`, [
    `Aukcja „${a.title}” (nr ${a.auctionId}) zakończyła się ${formatDateTime(endedAt)}.`,
    `Twoja oferta ${winningPrice(price, sale)} jest zwycięska.`,
    ...saleLines(sale),
    "",
    "W ciągu jednego dnia roboczego skontaktuje się z Tobą nasz doradca, aby ustalić fakturę, płatność i odbiór pojazdu.",
    `Wynik aukcji i kolejne kroki: ${a.link}`,
    `Wygrane aukcje znajdziesz na swoim koncie: ${wonLink}`,
  ]);
}

/**
 * To the highest bidder of an auction that ended below the seller's minimum: nobody has won, the car
 * is "niesprzedany – do negocjacji" and the sales team may still accept their bid.
 */
export function belowReserveMail(
  to: string,
  a: AuctionMailFacts,
  r: { price: number; endedAt: Date },
): OutgoingMail {
  return bidderMail(to, `Aukcja zakończona poniżej ceny minimalnej: ${a.title}`, [
    `Aukcja „${a.title}” (nr ${a.auctionId}) zakończyła się ${formatDateTime(r.endedAt)}.`,
    `Twoja oferta ${nettoWithBrutto(r.price)} była najwyższa, ale nie osiągnęła ceny minimalnej sprzedającego: samochód jest niesprzedany – do negocjacji.`,
    "",
    "Nasz doradca może się z Tobą skontaktować. Jeśli przyjmiemy Twoją ofertę, potwierdzimy to e-mailem; do tego czasu oferta nie jest zwycięska.",
    `Szczegóły aukcji: ${a.link}`,
  ]);
}

/** To the highest bidder when staff accepted their bid after an auction that ended below the reserve. */
export function acceptedMail(
  to: string,
  a: AuctionMailFacts,
  r: { price: number; wonLink: string; sale?: CarSaleFacts },
): OutgoingMail {
  return bidderMail(to, `Przyjęliśmy Twoją ofertę: ${a.title}`, [
    `Przyjęliśmy Twoją ofertę ${winningPrice(r.price, r.sale)} w aukcji „${a.title}” (nr ${a.auctionId}), która zakończyła się poniżej ceny minimalnej.`,
    "Twoja oferta jest zwycięska.",
    ...saleLines(r.sale),
    "",
    "W ciągu jednego dnia roboczego skontaktuje się z Tobą nasz doradca, aby ustalić fakturę, płatność i odbiór pojazdu.",
    `Wynik aukcji i kolejne kroki: ${a.link}`,
    `Wygrane aukcje znajdziesz na swoim koncie: ${r.wonLink}`,
  ]);
}

/** Whom the sales team calls about a won auction. */
export interface WinnerContact {
  email: string;
  companyName: string | null;
  nip: string | null;
  phone: string | null;
  /** First and last name of the account's person ("" when the profile lacks them). */
  person: string;
}

/** To the sales team at an auction's end: who won and how to reach them, and the auction in the panel. */
export function companyResultMail(
  to: string,
  a: AuctionMailFacts,
  r: {
    winner: WinnerContact | null;
    price: number | null;
    bidCount: number;
    endedAt: Date;
    panelLink: string;
    /** The highest bid stayed below the reserve: nobody won, staff may accept it in the panel. */
    belowReserve?: { price: number };
    /** How the car is invoiced and where it is picked up: the price reads as the winner's e-mail has it. */
    sale?: CarSaleFacts;
  },
): OutgoingMail {
  const w = r.winner;
  const lines = w
    ? [
        `Zwycięzca: ${w.companyName ?? "(brak nazwy firmy)"}${w.nip ? `, NIP ${w.nip}` : ""}`,
        `Kontakt: ${[w.person, w.phone ? `tel. ${w.phone}` : null, w.email].filter(Boolean).join(", ")}`,
        `Cena: ${winningPrice(r.price ?? 0, r.sale)}, liczba ofert: ${r.bidCount}.`,
        ...saleLines(r.sale),
      ]
    : r.belowReserve
      ? [
          `Najwyższa oferta ${winningPrice(r.belowReserve.price, r.sale)} nie osiągnęła ceny minimalnej: niesprzedany – do negocjacji.`,
          "Najwyższą ofertę można przyjąć w panelu.",
        ]
      : ["Aukcja zakończyła się bez ofert."];
  return {
    to,
    subject: `Aukcja nr ${a.auctionId} zakończona: ${a.title}`,
    text: [
      `Aukcja „${a.title}” zakończyła się ${formatDateTime(r.endedAt)}.`,
      ...lines,
      "",
      `Aukcja w panelu: ${r.panelLink}`,
      `Strona aukcji: ${a.link}`,
    ].join("\n"),
  };
}

/** To each bidder of an auction staff cancelled: the reason, and that no bid binds them. */
export function cancelledMail(to: string, a: AuctionMailFacts, reason: string): OutgoingMail {
  return bidderMail(to, `Aukcja odwołana: ${a.title}`, [
    `Odwołaliśmy aukcję „${a.title}” (nr ${a.auctionId}), w której licytowała Twoja firma.`,
    `Powód: ${reason}`,
    "",
    "Złożone oferty przestały obowiązywać i nie zobowiązują Twojej firmy do zakupu.",
    "Przepraszamy i zapraszamy do kolejnych aukcji.",
  ]);
}

/** To the winner when staff released the car instead of selling it (the sale fell through). */
export function releasedMail(to: string, a: AuctionMailFacts, reason: string): OutgoingMail {
  return bidderMail(to, `Sprzedaż nie dojdzie do skutku: ${a.title}`, [
    `Sprzedaż samochodu z aukcji „${a.title}” (nr ${a.auctionId}) Twojej firmie nie dojdzie do skutku.`,
    `Powód: ${reason}`,
    "",
    "W razie pytań odpowiedz na tę wiadomość albo zadzwoń do nas.",
  ]);
}

/**
 * To those who bid in or favourited an auction whose condition report was corrected before its start:
 * the version and its date, and where to read it before bidding.
 */
export function reportCorrectedMail(
  to: string,
  a: AuctionMailFacts,
  r: { version: number; savedAt: Date; auctionStart: Date },
): OutgoingMail {
  return bidderMail(to, `Poprawiony opis stanu technicznego: ${a.title}`, [
    `Opis stanu technicznego samochodu z aukcji „${a.title}” (nr ${a.auctionId}) został poprawiony: wersja ${r.version} z ${formatDateTime(r.savedAt)}.`,
    `Aukcja rozpocznie się ${formatDateTime(r.auctionStart)}. Od jej rozpoczęcia opis się nie zmienia.`,
    "",
    `Przeczytaj poprawiony opis przed licytacją: ${a.link}`,
  ]);
}

/** What the winner is told at each step after the win (ADR 066); the won auctions' page shows them all. */
export type AfterWinNews =
  | { step: "proForma"; number: string; totalBrutto: number }
  | { step: "payment" }
  | { step: "documents" }
  | { step: "slots"; slots: { start: Date; place: string }[] }
  | { step: "pickUp"; start: Date; place: string };

/** To the winner when staff set a step after the win, or when the winner booked a pick-up slot. */
export function afterWinMail(
  to: string,
  a: AuctionMailFacts,
  news: AfterWinNews,
  wonLink: string,
): OutgoingMail {
  const car = `„${a.title}” (aukcja nr ${a.auctionId})`;
  const [subject, lines]: [string, string[]] =
    news.step === "proForma"
      ? [
          `Faktura pro forma: ${a.title}`,
          [
            `Wystawiliśmy fakturę pro forma ${news.number} za samochód ${car}.`,
            `Do zapłaty: ${formatPrice(news.totalBrutto)} brutto. Fakturę w PDF pobierzesz na swoim koncie.`,
          ],
        ]
      : news.step === "payment"
        ? [`Otrzymaliśmy wpłatę: ${a.title}`, [`Otrzymaliśmy Twoją wpłatę za samochód ${car}. Dziękujemy.`]]
        : news.step === "documents"
          ? [
              `Dokumenty samochodu są gotowe: ${a.title}`,
              [`Dokumenty samochodu ${car} są gotowe i wydamy je razem z samochodem.`],
            ]
          : news.step === "slots"
            ? [
                `Wybierz termin odbioru: ${a.title}`,
                [
                  `Proponujemy terminy odbioru samochodu ${car}:`,
                  ...news.slots.map((s) => `- ${formatDateTime(s.start)}, ${s.place}`),
                  "Wybierz jeden z nich na swoim koncie.",
                ],
              ]
            : [
                `Odbiór umówiony: ${a.title}`,
                [`Odbiór samochodu ${car} jest umówiony: ${formatDateTime(news.start)}, ${news.place}.`],
              ];
  return bidderMail(to, subject, [...lines, "", `Kolejne kroki po wygranej: ${wonLink}`]);
}
