import { readJson, writeJson } from "../../lib/storage";

/** The person's highest accepted bid per auction in this browser, so 'przelicytowana' survives a reload. */
const KEY = "auctionBids";

export function myBid(auctionId: number): number | null {
  return readJson<Record<string, number>>(KEY, {})[String(auctionId)] ?? null;
}

export function rememberMyBid(auctionId: number, price: number): void {
  const all = readJson<Record<string, number>>(KEY, {});
  all[String(auctionId)] = Math.max(price, all[String(auctionId)] ?? 0);
  writeJson(KEY, all);
}
