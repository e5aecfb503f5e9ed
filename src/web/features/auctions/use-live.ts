import { useEffect, useState, useSyncExternalStore } from "react";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { documentClockOffset } from "../../lib/server-clock";
import { type LiveState, liveHub } from "./live-hub";

const serverSnapshot: LiveState = {
  auctions: [],
  offset: 0,
  connected: false,
  connectionId: null,
  alerts: [],
  mine: {},
  panels: [],
};

export function useLiveState(): LiveState {
  return useSyncExternalStore(liveHub.subscribe, liveHub.getState, () => serverSnapshot);
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

/**
 * The server's clock, ticking every second (spec section 9). Uses the offset the hub measured, or the
 * page response's clock (or its ServerTime) until then, so a wrong clock in the browser does not move
 * countdowns.
 */
// Browser-only: the browser's Date.now only ticks the countdown, moved by the server's offset.
export function useServerNow(serverTimeIso?: string): Date {
  const { offset } = useLiveState();
  const [pageOffset] = useState(
    () => documentClockOffset() ?? (serverTimeIso ? Date.parse(serverTimeIso) - Date.now() : 0),
  );
  const effective = offset || pageOffset;
  const [now, setNow] = useState(() => (serverTimeIso ? new Date(serverTimeIso) : new Date()));
  useEffect(() => {
    setNow(new Date(Date.now() + effective));
    const t = setInterval(() => setNow(new Date(Date.now() + effective)), 1000);
    return () => clearInterval(t);
  }, [effective]);
  return now;
}
