import { describe, expect, it } from "vitest";
import { OutageBackoff } from "./backoff";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("OutageBackoff", () => {
  it("skips polls for 1, 2, 4, then at most 5 s after passes failing on an unreachable database", () => {
    let now = 0;
    const backoff = new OutageBackoff(5_000, 1_000, () => now);
    const pauses: number[] = [];
    for (let i = 0; i < 5; i++) {
      expect(backoff.failed(refused)).toBe(true);
      const from = now;
      while (backoff.waiting) now += 100;
      pauses.push(now - from);
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it("goes back to the job's own interval after a pass that works or fails for another reason", () => {
    let now = 0;
    const backoff = new OutageBackoff(5_000, 1_000, () => now);
    backoff.failed(refused);
    backoff.failed(refused);
    backoff.succeeded();
    expect(backoff.waiting).toBe(false);
    backoff.failed(refused);
    now += 1_000;
    expect(backoff.waiting).toBe(false);
    expect(backoff.failed(new Error("syntax error at or near"))).toBe(false);
    expect(backoff.waiting).toBe(false);
  });
});
