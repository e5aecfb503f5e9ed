import { formatPrice } from "../format";

/**
 * Error codes of bidding (POST /api/Bidding/Bid). Kept in the auctions area, numbered from 60 so they
 * never meet the codes of other areas; 100 and 101 (rules, profile) belong to the accounts area.
 */
export const BidErrorCode = {
  /** The price is below the minimum next bid. */
  BidTooLow: 60,
  /** The auction has ended (its end, possibly extended, has passed). */
  AuctionEnded: 61,
  /** The auction has not started yet. */
  AuctionNotStarted: 62,
  /** The offer is not an auction, or it was withdrawn or sold. */
  NotAnAuction: 63,
  /** The account may not bid (not a verified company account). */
  BidNotAllowed: 64,
  /** A maximum offer (proxy bid) below the minimum next bid, or below the person's own leading bid. */
  MaxBidTooLow: 65,
  /** Buy now is not (or no longer) offered: a bid has reached the reserve, or there is no such price. */
  BuyNowClosed: 66,
  /** The buy-now price is not the one the person confirmed (staff changed it meanwhile). */
  BuyNowPriceChanged: 67,
  /** 409: after the win, the pro-forma invoice is not issued yet (nothing to download). */
  AfterWinNotReady: 68,
  /** 409: the pick-up slot has passed or is not one offered for this auction any more. */
  PickUpSlotGone: 69,
} as const;

export const bidMessages = {
  tooLow: (minimum: number) => `Oferta jest za niska. Minimalna kolejna oferta to ${formatPrice(minimum)}.`,
  ended: "Aukcja została zakończona. Nie można już składać ofert.",
  notStarted: "Aukcja jeszcze się nie rozpoczęła. Oferty można składać od jej rozpoczęcia.",
  notAnAuction: "Ta oferta nie jest licytowana na aukcji.",
  notAllowed: "Licytować mogą tylko zweryfikowane konta firmowe (przedsiębiorcy).",
  reverification:
    "Zmieniono NIP lub nazwę firmy: sprawdzamy dane ponownie. Licytować możesz po zakończeniu weryfikacji, poinformujemy Cię e-mailem.",
  maxTooLow: (minimum: number) =>
    `Maksymalna oferta jest za niska. Musi wynosić co najmniej ${formatPrice(minimum)}.`,
  buyNowClosed: "Opcja „Kup teraz” nie jest już dostępna w tej aukcji. Możesz nadal licytować.",
  buyNowPrice: (price: number) =>
    `Cena „Kup teraz” wynosi teraz ${formatPrice(price)} netto. Sprawdź ją i potwierdź zakup ponownie.`,
  maxBelowLead: (leading: number) =>
    `Maksymalna oferta nie może być niższa niż Twoja prowadząca oferta ${formatPrice(leading)}.`,
} as const;
