import { describe, expect, it } from "vitest";
import {
  BODY_TYPES,
  bodyTypeName,
  COLORS,
  carTitle,
  colorHex,
  FUEL_TYPES,
  fuelTypeName,
  GEARBOX_TYPES,
  gearBoxTypeName,
  isBodyType,
  isFuelType,
  SALE_TYPES,
  saleStatusText,
  saleTypeOfStatus,
  saleTypeOfVehicleSaleStatus,
  toBrutto,
} from "./vehicles";

describe("vehicle vocabulary", () => {
  it("has the six body types of the spec, each with its list alias", () => {
    expect(BODY_TYPES.map((b) => b.value)).toEqual(["sedan", "hatchback", "kombi", "suv", "bus", "van"]);
    for (const b of BODY_TYPES) expect(b.path).toBe(`/${b.value}`);
    expect(bodyTypeName("kombi")).toBe("Kombi");
    expect(isBodyType("suv")).toBe(true);
    expect(isBodyType("cabrio")).toBe(false);
  });

  it("names every fuel code in Polish, electric being 'EL'", () => {
    expect(FUEL_TYPES.map((f) => f.value)).toContain("EL");
    expect(fuelTypeName("EL")).toBe("Elektryczny");
    expect(fuelTypeName("ON")).toBe("Diesel");
    expect(fuelTypeName("XX")).toBe("XX");
    expect(isFuelType("PHEV")).toBe(true);
    expect(new Set(FUEL_TYPES.map((f) => f.name)).size).toBe(FUEL_TYPES.length);
  });

  it("names the gearboxes", () => {
    expect(GEARBOX_TYPES).toHaveLength(2);
    expect(gearBoxTypeName("automatic")).toBe("Automatyczna");
  });

  it("maps sale types to the spec's Status texts and vehicleSaleStatus numbers", () => {
    expect(saleStatusText("new")).toBe("Nowy");
    expect(saleStatusText("afterLease")).toBe("Poleasingowy");
    expect(saleTypeOfStatus("Poleasingowy")).toBe("afterLease");
    expect(saleTypeOfVehicleSaleStatus(2)).toBe("auction");
    expect(saleTypeOfVehicleSaleStatus(3)).toBeUndefined();
    expect(SALE_TYPES.map((s) => s.basePath)).toEqual([
      "/nowe-samochody",
      "/samochody-poleasingowe",
      "/aukcje-samochodowe",
    ]);
  });

  it("has distinct Polish colour names with a paint for the photos", () => {
    expect(new Set(COLORS.map((c) => c.name)).size).toBe(COLORS.length);
    expect(colorHex("czerwony")).toMatch(/^#[0-9a-f]{6}$/);
    expect(colorHex("beżowy")).toBeDefined();
  });

  it("writes a car's title with the model once, also when its version repeats it", () => {
    expect(carTitle({ make: "Mercedes-Benz", model: "EQA", version: "EQA 250+" })).toBe(
      "Mercedes-Benz EQA 250+",
    );
    expect(carTitle({ make: "Audi", model: "A4 Avant", version: "a4 avant 40 TDI" })).toBe(
      "Audi A4 Avant 40 TDI",
    );
    expect(carTitle({ make: "Kia", model: "EV6", version: "EV6GT" })).toBe("Kia EV6 EV6GT");
    expect(carTitle({ make: "Škoda", model: "Octavia", version: "" })).toBe("Škoda Octavia");
    expect(carTitle({ make: "BMW", model: "X5", version: "xDrive40d" })).toBe("BMW X5 xDrive40d");
  });

  it("adds 23% VAT rounded to whole złoty", () => {
    expect(toBrutto(100_000)).toBe(123_000);
    expect(toBrutto(99_999)).toBe(122_999);
    expect(toBrutto(1)).toBe(1);
  });
});
