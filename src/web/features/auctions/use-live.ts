import { useEffect, useSyncExternalStore } from "react";
import type { AuctionTerms } from "../../../domain/auctions/live-events";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { type LiveState, liveHub, NOTHING_LIVE } from "./live-hub";

export function useLiveState(): LiveState {
  return useSyncExternalStore(liveHub.subscribe, liveHub.getState, () => NOTHING_LIVE);
}

/** Watches the given auctions (seeded with the page's data) and returns their live states. */
export function useLiveAuctions(initial: LiveAuction[]): LiveAuction[] {
  const key = initial.map((a) => a.AuctionId).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id list (key) decides what is watched
  useEffect(() => {
    liveHub.seed(initial);
    return liveHub.watch(initial.map((a) => a.AuctionId));
  }, [key]);
  const state = useLiveState();
  return initial.map((a) => state.auctions.find((l) => l.AuctionId === a.AuctionId) ?? a);
}

/** An auction's reserve and buy-now terms: the page's (seed) until the hub sends newer ones. */
export function useAuctionTerms(
  auctionId: number,
  seed: AuctionTerms | null | undefined,
): AuctionTerms | null {
  useEffect(() => {
    if (seed) liveHub.applyTerms([seed], true);
  }, [seed]);
  return useLiveState().terms[auctionId] ?? seed ?? null;
}
