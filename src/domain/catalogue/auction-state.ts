/**
 * Auction states of spec section 4, decided from the start and end times against a clock that the
 * caller supplies (the server's, or the browser's corrected by the server time offset).
 */
export type AuctionPhase = "upcoming" | "running" | "ending" | "ended";

/** Under this much time left, a running auction is 'kończąca się aukcja' (spec section 9). */
export const ENDING_SOON_MS = 12 * 60 * 60 * 1000;

export function auctionPhase(start: Date, end: Date, now: Date): AuctionPhase {
  if (now.getTime() >= end.getTime()) return "ended";
  if (now.getTime() < start.getTime()) return "upcoming";
  return end.getTime() - now.getTime() < ENDING_SOON_MS ? "ending" : "running";
}

export const AUCTION_LABEL: Partial<Record<AuctionPhase, string>> = {
  upcoming: "wkrótce w sprzedaży",
  ending: "kończąca się aukcja",
};

/** "2 d 3 h 04 m 05 s" / "3 h 04 m 05 s": the countdown's remaining time. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d > 0 ? `${d} d ` : ""}${h} h ${pad(m)} m ${pad(s)} s`;
}

export interface CountdownText {
  phase: AuctionPhase;
  /** The lead-in of the countdown bar, as in spec section 4. */
  lead: string;
  /** Remaining time, or the end date of an ended auction. */
  value: string;
}

export function countdownText(
  start: Date,
  end: Date,
  now: Date,
  formatDateTime: (d: Date) => string,
): CountdownText {
  const phase = auctionPhase(start, end, now);
  if (phase === "ended") return { phase, lead: "aukcja zakończona", value: formatDateTime(end) };
  if (phase === "upcoming")
    return {
      phase,
      lead: "aukcja rozpocznie się za",
      value: formatRemaining(start.getTime() - now.getTime()),
    };
  return { phase, lead: "do końca aukcji pozostało", value: formatRemaining(end.getTime() - now.getTime()) };
}
