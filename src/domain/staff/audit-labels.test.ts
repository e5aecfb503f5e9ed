import { describe, expect, it } from "vitest";
import { auditActionName, auditChanges } from "./audit-labels";

describe("the audit log's lines", () => {
  it("name a change of each field with its before and after, in Polish", () => {
    expect(
      auditChanges(
        { name: "Sabina", role: "sales", active: true },
        { name: "Sabina", role: "content", active: false },
      ),
    ).toEqual(["rola: Sprzedaż → Treści", "aktywny: tak → nie"]);
  });

  it("list a new record's fields, and say what was removed", () => {
    expect(auditChanges(null, { email: "a@flotis.pl", role: "admin" })).toEqual([
      "e-mail: a@flotis.pl",
      "rola: Administrator",
    ]);
    expect(auditChanges({ note: "Oddzwonić jutro" }, {})).toEqual(["notatka: Oddzwonić jutro (usunięto)"]);
    expect(auditChanges({ colour: "x" }, {})).toEqual(["colour: x (usunięto)"]);
  });

  it("name the actions, keeping an unknown key as it is", () => {
    expect(auditActionName("staff.add")).toBe("Dodano pracownika");
    expect(auditActionName("offer.publish")).toBe("Opublikowano ofertę");
    expect(auditActionName("fleet.sync")).toBe("fleet.sync");
  });

  it("show a car's codes and state by their Polish names, and a long text by its beginning", () => {
    expect(
      auditChanges(
        { state: "draft", fuelType: "PB", gearBoxType: "manual" },
        { state: "active", fuelType: "EL", gearBoxType: "automatic" },
      ),
    ).toEqual([
      "stan: szkic → w sprzedaży",
      "paliwo: Benzyna → Elektryczny",
      "skrzynia biegów: Manualna → Automatyczna",
    ]);
    const [line] = auditChanges(null, { description: "a".repeat(500) });
    expect(line).toBe(`opis: ${"a".repeat(160)}…`);
  });
});
