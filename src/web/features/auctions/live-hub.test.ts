import { describe, expect, it } from "vitest";
import type { LiveAuction } from "../../../domain/auctions/live-store";
import { type HubAlert, staleAlerts } from "./live-hub";

const auction = (id: number, leader: string | null, bets: number): LiveAuction => ({
  AuctionId: id,
  LastPrice: 40_000,
  UToken: leader,
  Bets: bets,
  StartingPrice: 30_000,
  MinIncrement: null,
  AuctionStart: "2026-11-23T10:00:00.000Z",
  AuctionEnd: "2026-11-24T10:00:00.000Z",
  MinimumBid: 40_250,
  IsAuctionEnded: false,
  IsCancelled: false,
  CancelReason: null,
});
const outbid = (id: number, auctionId: number, bets: number): HubAlert => ({
  id,
  Message: "Twoja oferta została przelicytowana.",
  Type: "warning",
  AuctionId: auctionId,
  Bets: bets,
});

describe("stale outbid messages", () => {
  it("are those of auctions the person leads again with a later bid", () => {
    const alerts = [outbid(1, 7, 5), outbid(2, 8, 3)];
    // Auction 7: I lead with bid 6, after the outbidding bid 5. Auction 8: someone else leads.
    expect(staleAlerts(alerts, [auction(7, "me", 6), auction(8, "other", 4)], "me")).toEqual([alerts[0]]);
  });

  it("never clears a fresh message on an older state (the message came before its bid)", () => {
    const alerts = [outbid(1, 7, 5)];
    expect(staleAlerts(alerts, [auction(7, "me", 4)], "me")).toEqual([]);
    expect(staleAlerts(alerts, [auction(7, "me", 6)], null)).toEqual([]);
  });

  it("keeps other messages (won, errors)", () => {
    const won: HubAlert = { id: 3, Message: "Gratulujemy!", Type: "success", AuctionId: 7 };
    expect(staleAlerts([won], [auction(7, "me", 9)], "me")).toEqual([]);
  });
});
