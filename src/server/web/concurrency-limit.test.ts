import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency-limit";

describe("concurrencyLimit", () => {
  it("runs at most `size` tasks at once, the rest in the order they came, failures included", async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i === 1) throw new Error("zadanie 1");
      return i;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((i) => limit(task(i))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    // The slots are all free again: two more run at once straight away.
    await Promise.all([limit(task(5)), limit(task(6))]);
    expect(most).toBe(2);
  });

  it("refuses a size that would make every task wait", () => {
    expect(() => concurrencyLimit(Number.NaN)).toThrow(RangeError);
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
  });
});
