import { describe, expect, it } from "vitest";
import { elapsed, isOverdue } from "./lead-states";

const at = new Date("2026-11-26T09:00:00Z");
const ago = (minutes: number) => new Date(at.getTime() - minutes * 60_000);

describe("a lead's time since arrival", () => {
  it("is said in the two largest units, with Polish plurals", () => {
    expect(elapsed(ago(0), at)).toBe("0 minut");
    expect(elapsed(ago(1), at)).toBe("1 minuta");
    expect(elapsed(ago(22), at)).toBe("22 minuty");
    expect(elapsed(ago(60), at)).toBe("1 godzina");
    expect(elapsed(ago(125), at)).toBe("2 godziny 5 minut");
    expect(elapsed(ago(5 * 60 + 1), at)).toBe("5 godzin 1 minuta");
    expect(elapsed(ago(24 * 60 + 4 * 60 + 30), at)).toBe("1 dzień 4 godziny");
    expect(elapsed(ago(3 * 24 * 60), at)).toBe("3 dni");
  });

  it("is overdue only while new and past the 4 hours promised", () => {
    expect(isOverdue({ status: "new", createdAt: ago(4 * 60) }, at)).toBe(false);
    expect(isOverdue({ status: "new", createdAt: ago(4 * 60 + 1) }, at)).toBe(true);
    expect(isOverdue({ status: "inProgress", createdAt: ago(10 * 60) }, at)).toBe(false);
    expect(isOverdue({ status: "closed", createdAt: ago(10 * 60) }, at)).toBe(false);
  });
});
