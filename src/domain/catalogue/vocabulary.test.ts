import { describe, expect, it } from "vitest";
import { capacityText } from "./vocabulary";

describe("an engine's or a battery's capacity as pages, comparisons and PDFs write it", () => {
  it("in cm³, or in kWh for an electric car, joined by a no-break space", () => {
    expect(capacityText("ON", 1968)).toBe("1\u00a0968\u00a0cm³");
    expect(capacityText("EL", 77)).toBe("77\u00a0kWh");
  });

  it("is left out when not known: an electric car from the fleet system without its battery is not '0 kWh'", () => {
    expect(capacityText("EL", 0)).toBeNull();
    expect(capacityText("PB", 0)).toBeNull();
  });
});
