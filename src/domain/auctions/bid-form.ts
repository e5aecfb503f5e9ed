import { formatPrice } from "../format";
import { bidMessages } from "./errors";

/**
 * What the bid box and the maximum-bid form check before they send (the server checks again, and its
 * answer wins). Both take whole złoty typed with or without spaces ('40 500'); the input already drops
 * any other character.
 */

export const amountMessages = {
  bid: "Podaj kwotę w pełnych złotych, bez groszy.",
  max: "Podaj maksymalną kwotę w pełnych złotych, bez groszy.",
} as const;

export type AmountCheck<Name extends string> =
  | { value: Record<Name, number>; error?: undefined }
  | { error: Record<Name, string>; value?: undefined };

/** A positive whole amount from what the person typed, or null. */
export function parseAmount(typed: unknown): number | null {
  if (typeof typed !== "string") return null;
  const digits = typed.replace(/\s/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const amount = Number(digits);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** 'Licytuj': a whole amount at or above the minimum next bid. */
export function checkBid(typed: unknown, minimumBid: number): AmountCheck<"Price"> {
  const price = parseAmount(typed);
  if (price === null) return { error: { Price: amountMessages.bid } };
  if (price < minimumBid) return { error: { Price: bidMessages.tooLow(minimumBid) } };
  return { value: { Price: price } };
}

/** 'Ustaw maksymalną ofertę': a whole amount; how it stands against the auction the server decides. */
export function checkMaxBid(typed: unknown): AmountCheck<"MaxPrice"> {
  const max = parseAmount(typed);
  return max === null ? { error: { MaxPrice: amountMessages.max } } : { value: { MaxPrice: max } };
}

/** The bid box's line under the price: when bidding opens, or the minimum next bid and the step. */
export function bidHint(phase: string, minimumBid: number, step: number): string {
  if (phase === "upcoming") return "Licytacja rozpocznie się wraz ze startem aukcji.";
  if (phase === "ended") return "Aukcja została zakończona.";
  return `Minimalna kolejna oferta: ${formatPrice(minimumBid)} (postąpienie ${formatPrice(step)}).`;
}
