import { describe, expect, it } from "vitest";
import { ManualClock } from "../../tests/support/manual-clock";
import { cachedValue } from "./cache";

/** A load the test finishes by hand; `count` is how many loads are still unfinished. */
function loads() {
  const pending: ((v: number) => void)[] = [];
  return {
    load: () => new Promise<number>((resolve) => pending.push(resolve)),
    finish: (v: number) => pending.shift()?.(v),
    count: () => pending.length,
  };
}

describe("cachedValue", () => {
  it("past its time to live, serves the last value while the next one loads; an invalidation waits", async () => {
    const clock = new ManualClock();
    const l = loads();
    const cache = cachedValue(l.load, { ttlMs: 30_000, clock });
    const first = cache.get();
    l.finish(1);
    expect(await first).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(l.count()).toBe(0);

    clock.advance(30_000);
    // Expired: the old value at once, one reload under way for everyone.
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(l.count()).toBe(1);
    l.finish(2);
    await Promise.resolve();
    expect(await cache.get()).toBe(2);

    // A reported change: readers wait for the new value rather than see the old one.
    cache.invalidate();
    const afterChange = cache.get();
    let settled = false;
    afterChange.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    l.finish(3);
    expect(await afterChange).toBe(3);
  });
});
