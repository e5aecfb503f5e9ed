// Numbers, money and plurals come from src/domain/format.ts; this helper is for the content
// pages' prose, written by hand.

/**
 * Keeps numbers with their units and thousands groups on one line ("300 km", "18 750 zł") by
 * turning the space between them into a non-breaking one.
 */
export function keepNumbersTogether(text: string): string {
  return text.replace(/(\d) (?=(?:\d{3}|km|zł|kWh|dni)(?![\p{L}\d])|%)/gu, "$1\u00a0");
}
