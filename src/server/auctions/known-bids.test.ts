import { describe, expect, it } from "vitest";
import type { BidMessage } from "../../domain/auctions/live-store";
import { KnownBids } from "./known-bids";

const END = "2026-12-01T12:00:00.000Z";
const before = new Date("2026-12-01T11:59:00.000Z");
const bid = (bn: number, cp: number, wh = "anna"): BidMessage => ({
  ai: 7,
  cp,
  wh,
  bn,
  ae: END,
  mb: cp + 250,
});

function heardAll(...messages: BidMessage[]) {
  const known = new KnownBids();
  for (const m of messages) known.heard(m);
  return known;
}

describe("KnownBids: a bid refused as too low without asking the database", () => {
  it("refuses a bid below the minimum after the newest bid heard, with that minimum", () => {
    const known = heardAll(bid(1, 10_000), bid(2, 10_250, "piotr"));
    expect(known.tooLow(7, "ewa", 10_250, before)).toBe(10_500);
    expect(known.tooLow(7, "ewa", 10_499, before)).toBe(10_500);
    expect(known.tooLow(7, "ewa", 10_500, before)).toBeNull();
  });

  it("takes the newest bid when messages arrive out of order", () => {
    const known = heardAll(bid(2, 10_250, "piotr"), bid(1, 10_000));
    expect(known.tooLow(7, "ewa", 10_400, before)).toBe(10_500);
  });

  it("leaves a retry of a heard bid to the database, which answers it as accepted", () => {
    const known = heardAll(bid(1, 10_000), bid(2, 10_250, "piotr"));
    expect(known.tooLow(7, "anna", 10_000, before)).toBeNull();
    expect(known.tooLow(7, "ewa", 10_000, before)).toBe(10_500);
  });

  it("answers nothing while a bid since the first is missing (a process that started mid-auction)", () => {
    const known = heardAll(bid(3, 10_500), bid(4, 10_750, "piotr"));
    // Bids 1 and 2 were decided before this process heard anything: one of them may be this retry.
    expect(known.tooLow(7, "ewa", 10_000, before)).toBeNull();
    known.heard(bid(1, 10_000));
    expect(known.tooLow(7, "ewa", 10_000, before)).toBeNull();
    known.heard(bid(2, 10_250, "ewa"));
    expect(known.tooLow(7, "ewa", 10_000, before)).toBe(11_000);
    expect(known.tooLow(7, "ewa", 10_250, before)).toBeNull();
  });

  it("answers nothing once the heard end has passed, for an auction never heard of, or after it closed", () => {
    const known = heardAll(bid(1, 10_000));
    expect(known.tooLow(7, "ewa", 9_000, new Date(END))).toBeNull();
    expect(known.tooLow(8, "ewa", 9_000, before)).toBeNull();
    known.forget(7);
    expect(known.tooLow(7, "ewa", 9_000, before)).toBeNull();
  });
});
