/**
 * NIP, the Polish tax id of a company: 10 digits, the last one a checksum (weights 6 5 7 2 3 4 5 6 7,
 * sum modulo 11; a remainder of 10 never occurs in a valid number). People type it with dashes or
 * spaces ("123-456-32-18") and sometimes with the "PL" prefix of the EU VAT number.
 */
const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** Digits only, without separators and without a leading "PL". */
export function normalizeNip(input: string): string {
  return input.trim().replace(/^pl/i, "").replace(/[\s-]/g, "");
}

export function isValidNip(input: string): boolean {
  const nip = normalizeNip(input);
  if (!/^\d{10}$/.test(nip)) return false;
  const digits = [...nip].map(Number);
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * digits[i], 0);
  const check = sum % 11;
  return check !== 10 && check === digits[9];
}

/** "1234563218" as "123-456-32-18", the way it is printed on Polish invoices. */
export function formatNip(nip: string): string {
  const n = normalizeNip(nip);
  return /^\d{10}$/.test(n) ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}` : nip;
}

export const NIP_INVALID_MESSAGE = "NIP jest nieprawidłowy: sprawdź, czy wpisano 10 cyfr bez pomyłki";
