import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countdownText } from "../catalogue/auction-state";
import { formatDateTime } from "../format";
import {
  DEFAULT_ANTI_SNIPING,
  endAfterBid,
  INCREMENT_BANDS,
  minimumIncrement,
  minimumNextBid,
} from "./bidding";
import { bestOffset, offsetFromSample } from "./clock";
import { bidderStatus, bidderStatusText, extensionText } from "./status";

describe("minimum increment table", () => {
  it("follows the documented bands at their edges", () => {
    expect(minimumIncrement(0)).toBe(100);
    expect(minimumIncrement(9_999)).toBe(100);
    expect(minimumIncrement(10_000)).toBe(250);
    expect(minimumIncrement(49_999)).toBe(250);
    expect(minimumIncrement(50_000)).toBe(500);
    expect(minimumIncrement(99_999)).toBe(500);
    expect(minimumIncrement(100_000)).toBe(1_000);
    expect(minimumIncrement(249_999)).toBe(1_000);
    expect(minimumIncrement(250_000)).toBe(2_500);
    expect(minimumIncrement(5_000_000)).toBe(2_500);
  });

  it("never decreases as the price grows", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return minimumIncrement(lo) <= minimumIncrement(hi);
      }),
    );
    expect(INCREMENT_BANDS.at(-1)?.below).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("minimum next bid", () => {
  it("is the starting price for the first bid", () => {
    expect(minimumNextBid({ startingPrice: 42_000, currentPrice: 42_000, bidCount: 0 })).toBe(42_000);
  });
  it("is the current price plus the band's step afterwards", () => {
    expect(minimumNextBid({ startingPrice: 42_000, currentPrice: 49_900, bidCount: 3 })).toBe(50_150);
    expect(minimumNextBid({ startingPrice: 42_000, currentPrice: 50_000, bidCount: 4 })).toBe(50_500);
  });
  it("uses an auction's own increment, set by staff, instead of the table at every price", () => {
    const own = { startingPrice: 42_000, currentPrice: 49_900, bidCount: 3, minIncrement: 1_000 };
    expect(minimumNextBid(own)).toBe(50_900);
    expect(minimumNextBid({ ...own, currentPrice: 300_000 })).toBe(301_000);
    expect(minimumNextBid({ ...own, bidCount: 0, currentPrice: 42_000 })).toBe(42_000);
    expect(minimumNextBid({ ...own, minIncrement: null })).toBe(50_150);
  });
  it("accepting bids at the minimum keeps every bid above the previous one by at least the step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.nat(5_000), { maxLength: 50 }),
        (start, extras) => {
          let s = { startingPrice: start, currentPrice: start, bidCount: 0 };
          let previous: number | null = null;
          for (const extra of extras) {
            const price = minimumNextBid(s) + extra;
            if (previous !== null && price - previous < minimumIncrement(previous)) return false;
            previous = price;
            s = { ...s, currentPrice: price, bidCount: s.bidCount + 1 };
          }
          return true;
        },
      ),
    );
  });
});

describe("anti-sniping", () => {
  const end = new Date("2026-11-21T18:00:00Z");
  it("leaves the end alone for a bid with 2 minutes or more left", () => {
    expect(endAfterBid(end, new Date("2026-11-21T17:58:00Z"))).toEqual(end);
    expect(endAfterBid(end, new Date("2026-11-21T12:00:00Z"))).toEqual(end);
  });
  it("moves the end to 2 minutes after a bid in the last 2 minutes", () => {
    expect(endAfterBid(end, new Date("2026-11-21T17:59:30Z"))).toEqual(new Date("2026-11-21T18:01:30Z"));
    expect(endAfterBid(end, new Date("2026-11-21T17:58:00.001Z"))).toEqual(
      new Date("2026-11-21T18:00:00.001Z"),
    );
  });
  it("is configurable and never shortens the auction", () => {
    const rule = { windowMs: 300_000, extensionMs: 60_000 };
    // 4 minutes left, inside a 5-minute window, but 1 minute after the bid is earlier than the end.
    expect(endAfterBid(end, new Date("2026-11-21T17:56:00Z"), rule)).toEqual(end);
    expect(endAfterBid(end, new Date("2026-11-21T17:59:45Z"), rule)).toEqual(
      new Date("2026-11-21T18:00:45Z"),
    );
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 1_000_000 }), (before) => {
        const bidAt = new Date(end.getTime() - before);
        return endAfterBid(end, bidAt, DEFAULT_ANTI_SNIPING).getTime() >= end.getTime();
      }),
    );
  });
});

describe("countdown from the server clock", () => {
  const start = new Date("2026-11-20T10:00:00Z");
  const end = new Date("2026-11-22T10:00:00Z");
  it("shows the four states of spec section 4", () => {
    expect(countdownText(start, end, new Date("2026-11-19T10:00:00Z"), formatDateTime).lead).toBe(
      "aukcja rozpocznie się za",
    );
    const running = countdownText(start, end, new Date("2026-11-21T09:00:00Z"), formatDateTime);
    expect(running).toMatchObject({
      phase: "running",
      lead: "do końca aukcji pozostało",
      value: "1 d 1 h 00 m 00 s",
    });
    const ending = countdownText(start, end, new Date("2026-11-22T09:58:55Z"), formatDateTime);
    expect(ending).toMatchObject({ phase: "ending", value: "0 h 01 m 05 s" });
    const ended = countdownText(start, end, new Date("2026-11-22T10:00:00Z"), formatDateTime);
    expect(ended).toMatchObject({ phase: "ended", lead: "aukcja zakończona", value: "22.11.2026, 11:00" });
  });

  it("does not depend on the browser's own clock once the offset is known", () => {
    const serverNow = Date.parse("2026-11-21T09:00:00Z");
    // The browser's clock is 3 hours behind; the request took 200 ms there and back.
    const sent = serverNow - 3 * 3_600_000 - 100;
    const offset = offsetFromSample(serverNow, sent, sent + 200);
    expect(offset).toBe(3 * 3_600_000);
    const shown = countdownText(start, end, new Date(sent + 200 + offset), formatDateTime);
    expect(shown.value).toBe("1 d 0 h 59 m 59 s");
    expect(
      bestOffset([
        { offset: 5, rtt: 900 },
        { offset: 7, rtt: 40 },
      ]),
    ).toBe(7);
    expect(bestOffset([])).toBeNull();
  });
});

describe("bidder status", () => {
  it("says leading when the top bidder's utoken is mine, outbid when I bid and someone else leads", () => {
    expect(bidderStatus("u1", "u1", true)).toBe("leading");
    expect(bidderStatus("u2", "u1", true)).toBe("outbid");
    expect(bidderStatus("u2", "u1", false)).toBe("none");
    expect(bidderStatus("u2", null, false)).toBe("none");
    // The leader's amount is the live price (the top bid), the outbid bidder's their own highest bid.
    expect(bidderStatusText("leading", { current: 45_000, mine: 44_000 })).toBe(
      "Twoja oferta 45\u00a0000\u00a0zł jest aktualnie najwyższa",
    );
    expect(bidderStatusText("outbid", { current: 46_000, mine: 45_000 })).toBe(
      "Twoja oferta 45\u00a0000\u00a0zł została przelicytowana",
    );
    expect(bidderStatusText("none", { current: 45_000, mine: null })).toBeNull();
    expect(bidderStatusText("leading", { current: 45_000, mine: 45_000 }, true)).toBe(
      "Twoja oferta 45\u00a0000\u00a0zł wygrała aukcję",
    );
    expect(bidderStatusText("outbid", { current: 46_000, mine: 45_000 }, true)).toBe(
      "Twoja oferta 45\u00a0000\u00a0zł nie wygrała aukcji",
    );
  });

  it("names the new end after an extension in Polish time, to the second", () => {
    expect(extensionText(new Date("2026-11-24T20:50:30Z"))).toBe(
      "Aukcja przedłużona do 24.11.2026, 21:50:30",
    );
  });
});
