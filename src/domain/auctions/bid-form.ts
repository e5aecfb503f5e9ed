import { formatPrice } from "../format";
import { bidMessages } from "./errors";

/**
 * What the bid box and the maximum-bid form check before they send (the server checks again, and its
 * answer wins). Both take whole złoty as people type and paste them: '40 500', '40500', '40 500 zł',
 * '40.500', '40 500,00'. Nothing typed is dropped silently: a field that kept the digits of
 * '12 500,00 zł' once sent 1 250 000 zł.
 */

export const amountMessages = {
  bid: "Podaj kwotę w pełnych złotych, bez groszy, np. 40 500.",
  max: "Podaj maksymalną kwotę w pełnych złotych, bez groszy, np. 40 500.",
} as const;

/**
 * An amount this many times the minimum next bid is asked once more before it is sent: an extra zero
 * or grosze typed as złoty would otherwise bind the company to a purchase at that price.
 */
export const UNUSUAL_AMOUNT_FACTOR = 2;

export type AmountCheck<Name extends string> =
  | { value: Record<Name, number>; error?: undefined }
  | { error: Record<Name, string>; value?: undefined };

/** A positive whole amount in złoty from what the person typed or pasted, or null. */
export function parseAmount(typed: unknown): number | null {
  if (typeof typed !== "string") return null;
  let t = typed.replace(/[\s\u00a0\u202f]/g, "").replace(/(zł|zl|pln)\.?$/i, "");
  // Dots between groups of three digits separate thousands: '12.500', '1.250.000,00'.
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) t = t.replace(/\./g, "");
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(t);
  // Grosze other than zero are refused, not dropped or rounded.
  if (!m || (m[2] !== undefined && Number(m[2]) !== 0)) return null;
  const amount = Number(m[1]);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/**
 * The question to ask before an amount at least UNUSUAL_AMOUNT_FACTOR times the minimum next bid is
 * sent (the person answers by sending it again), or null.
 */
export function unusualAmount(amount: number, minimumBid: number, button: string): string | null {
  if (amount < minimumBid * UNUSUAL_AMOUNT_FACTOR) return null;
  return `${formatPrice(amount)} to ponad dwa razy więcej niż minimalna kolejna oferta (${formatPrice(minimumBid)}). Jeśli to nie pomyłka, kliknij „${button}” jeszcze raz.`;
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
