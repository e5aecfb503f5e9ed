import { describe, expect, it } from "vitest";
import { deliveryText, proFormaNumber, staffStepRefusal } from "./after-win";

describe("the steps after the win", () => {
  const at = new Date("2026-11-28T10:00:00Z");

  it("are set in their order, each once", () => {
    expect(staffStepRefusal("proForma", {})).toBeNull();
    expect(staffStepRefusal("payment", {})).toBe("Najpierw wystaw fakturę pro forma.");
    expect(staffStepRefusal("documents", { proForma: at })).toBe("Najpierw potwierdź otrzymanie wpłaty.");
    expect(staffStepRefusal("payment", { proForma: at })).toBeNull();
    expect(staffStepRefusal("documents", { proForma: at, payment: at })).toBeNull();
    expect(staffStepRefusal("proForma", { proForma: at })).toBe("Ten krok jest już ustawiony.");
  });

  it("number the pro-forma by the Polish year of its issue", () => {
    expect(proFormaNumber(12, at)).toBe("PF/2026/12");
    // 23:30 UTC on New Year's Eve is already the next year in Poland.
    expect(proFormaNumber(12, new Date("2026-12-31T23:30:00Z"))).toBe("PF/2027/12");
  });

  it("say how the car leaves: transport to a voivodeship or pick-up at its place", () => {
    expect(deliveryText("mazowieckie", "Poznań")).toBe("transport (woj. mazowieckie)");
    expect(deliveryText(null, "Poznań")).toBe("odbiór własny: Poznań");
    expect(deliveryText(null, null)).toBe("odbiór własny");
  });
});
