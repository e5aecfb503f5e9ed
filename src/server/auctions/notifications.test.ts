import { describe, expect, it } from "vitest";
import { weeklySlot } from "./notifications";

describe("weeklySlot: the latest Monday 8:00 in Poland", () => {
  const slot = (iso: string) => {
    const s = weeklySlot(new Date(iso));
    return { monday: s.monday, at: s.at.toISOString() };
  };

  it("is this week's Monday from its 8:00 Polish time on, winter or summer", () => {
    expect(slot("2026-12-02T10:00:00Z")).toEqual({ monday: "2026-11-30", at: "2026-11-30T07:00:00.000Z" });
    expect(slot("2026-11-30T07:00:00Z")).toEqual({ monday: "2026-11-30", at: "2026-11-30T07:00:00.000Z" });
    expect(slot("2026-06-01T06:00:00Z")).toEqual({ monday: "2026-06-01", at: "2026-06-01T06:00:00.000Z" });
  });

  it("is the Monday before until 8:00, and on the Sunday the clocks change", () => {
    expect(slot("2026-11-30T06:59:00Z")).toEqual({ monday: "2026-11-23", at: "2026-11-23T07:00:00.000Z" });
    expect(slot("2026-03-29T12:00:00Z")).toEqual({ monday: "2026-03-23", at: "2026-03-23T07:00:00.000Z" });
    // Sunday 23:30 UTC is already Monday 0:30 in Poland, still before its 8:00.
    expect(slot("2026-11-29T23:30:00Z")).toEqual({ monday: "2026-11-23", at: "2026-11-23T07:00:00.000Z" });
  });
});
