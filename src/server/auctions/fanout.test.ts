import { describe, expect, it } from "vitest";
import type { BidMessage } from "../../domain/auctions/live-store";
import { AuctionFanout } from "./fanout";

const bid = (bn: number): BidMessage => ({ ai: 7, cp: 50_000 + bn * 500, wh: `u${bn}`, bn });

/** A fan-out over `n` watchers whose deferred chunks run only when the test says so. */
function rig(n: number, chunk = 3) {
  const members = new Set(Array.from({ length: n }, (_, i) => `s${i}`));
  const received = new Map<string, number[]>();
  const deferred: (() => void)[] = [];
  const passes: number[] = [];
  const fanout = new AuctionFanout(
    () => members,
    (ids, m) => {
      for (const id of ids) received.set(id, [...(received.get(id) ?? []), m.bn]);
    },
    (fn) => deferred.push(fn),
    chunk,
    (seconds) => passes.push(seconds),
  );
  const runAll = () => {
    while (deferred.length) deferred.shift()?.();
  };
  const step = () => deferred.shift()?.();
  return { members, received, fanout, runAll, step, passes };
}

describe("auction fan-out", () => {
  it("writes the first chunk at once and every watcher once per bid when bids are far apart", () => {
    const r = rig(7);
    r.fanout.push(bid(1));
    expect([...r.received.keys()]).toEqual(["s0", "s1", "s2"]);
    r.runAll();
    r.fanout.push(bid(2));
    r.runAll();
    for (const id of r.members) expect(r.received.get(id)).toEqual([1, 2]);
  });

  it("lets a newer bid overtake: watchers not yet written get only the newest, the others get it next", () => {
    const r = rig(9);
    r.fanout.push(bid(1)); // s0-s2 get 1
    r.fanout.push(bid(2)); // queued behind the waiting ones
    r.step(); // s3-s5 get 2
    r.fanout.push(bid(3));
    r.runAll();
    expect(r.received.get("s0")).toEqual([1, 3]);
    expect(r.received.get("s3")).toEqual([2, 3]);
    expect(r.received.get("s8")).toEqual([3]);
    for (const id of r.members) expect(r.received.get(id)?.at(-1)).toBe(3);
  });

  it("never sends an older bid after a newer one, and ignores a late older bid", () => {
    const r = rig(5);
    r.fanout.push(bid(4));
    r.fanout.push(bid(3));
    r.runAll();
    for (const id of r.members) expect(r.received.get(id)).toEqual([4]);
    expect(r.fanout.lastBidNumber).toBe(4);
  });

  it("skips watchers who left and reaches those who joined during a pass", () => {
    const r = rig(6);
    r.fanout.push(bid(1));
    r.members.delete("s4");
    r.members.add("late");
    r.fanout.push(bid(2));
    r.runAll();
    expect(r.received.has("s4")).toBe(false);
    expect(r.received.get("late")).toEqual([2]);
    expect(r.received.get("s5")).toEqual([2]);
  });

  it("reports one duration per pass, when the last watcher has the newest bid", () => {
    const r = rig(7);
    r.fanout.push(bid(1));
    r.fanout.push(bid(2)); // joins the pass in progress
    r.step();
    expect(r.passes).toHaveLength(0);
    r.runAll();
    expect(r.passes).toHaveLength(1);
    r.fanout.push(bid(3));
    r.runAll();
    expect(r.passes).toHaveLength(2);
    for (const seconds of r.passes) expect(seconds).toBeGreaterThanOrEqual(0);
  });
});
