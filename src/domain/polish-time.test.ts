import { describe, expect, it } from "vitest";
import { polishLocalInput, polishLocalTime } from "./polish-time";

describe("Polish local time", () => {
  it("reads winter and summer times with their offsets", () => {
    expect(polishLocalTime("2026-12-01T18:00").toISOString()).toBe("2026-12-01T17:00:00.000Z");
    expect(polishLocalTime("2026-07-01T18:00").toISOString()).toBe("2026-07-01T16:00:00.000Z");
  });

  it("writes a moment back as the form shows it", () => {
    expect(polishLocalInput(new Date("2026-12-01T17:00:00Z"))).toBe("2026-12-01T18:00");
    expect(polishLocalInput(polishLocalTime("2026-03-29T01:30"))).toBe("2026-03-29T01:30");
  });

  it("reads the hour skipped in spring as winter time", () => {
    expect(polishLocalTime("2026-03-29T02:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});
