import { describe, expect, it } from "vitest";
import {
  ALL_ACCEPTED,
  CONSENT_CATEGORIES,
  OFFERED_CATEGORIES,
  OPTIONAL_CATEGORIES_IN_SENTENCE,
} from "./consent";

describe("the consent categories offered", () => {
  it("offers only categories that cover something: none asks for a consent to nothing", () => {
    for (const c of OFFERED_CATEGORIES) expect(c.always || c.items.length > 0, c.name).toBe(true);
    // Every category with a cookie, storage key or tag is offered.
    for (const c of CONSENT_CATEGORIES.filter((x) => x.items.length > 0))
      expect(OFFERED_CATEGORIES.map((x) => x.key)).toContain(c.key);
  });

  it("with no analytics tag in the configuration, neither asks for nor records an analytics consent", () => {
    const analytics = CONSENT_CATEGORIES.find((c) => c.key === "analytics");
    expect(analytics?.items).toHaveLength(0);
    expect(OFFERED_CATEGORIES.map((c) => c.name)).toEqual(["Niezbędne", "Marketingowe"]);
    expect(ALL_ACCEPTED).toEqual({ analytics: false, marketing: true });
    expect(OPTIONAL_CATEGORIES_IN_SENTENCE).toBe("marketingowych (Meta, LinkedIn)");
  });
});
