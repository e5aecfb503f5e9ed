import { describe, expect, it } from "vitest";
import { equipmentLines, movedPhoto, offerFormSchema, photoOrderSchema } from "./offers";

describe("a car's photos in the panel", () => {
  const order = ["a", "b", "c"];
  it("move one place earlier or later, or to the front as the main photo", () => {
    expect(movedPhoto(order, "b", "earlier")).toEqual(["b", "a", "c"]);
    expect(movedPhoto(order, "b", "later")).toEqual(["a", "c", "b"]);
    expect(movedPhoto(order, "c", "main")).toEqual(["c", "a", "b"]);
  });

  it("stay put at the ends and when the photo is unknown", () => {
    expect(movedPhoto(order, "a", "earlier")).toEqual(order);
    expect(movedPhoto(order, "c", "later")).toEqual(order);
    expect(movedPhoto(order, "x", "main")).toEqual(order);
  });

  it("take an order of known ids only", () => {
    const id = "ab".repeat(32);
    expect(photoOrderSchema.parse({ Order: `${id},${id}` }).Order).toEqual([id, id]);
    expect(photoOrderSchema.parse({}).Order).toEqual([]);
    expect(photoOrderSchema.safeParse({ Order: "../etc/passwd" }).success).toBe(false);
  });
});

describe("a car's form", () => {
  it("keeps each equipment line once, without the empty ones", () => {
    expect(equipmentLines(" nawigacja \r\n\nkamera\nnawigacja\n")).toEqual(["nawigacja", "kamera"]);
  });

  it("wants the discounted price below the price", () => {
    const car = {
      SaleType: "new",
      Make: "Kia",
      Model: "EV3",
      BodyType: "suv",
      FuelType: "EL",
      GearBoxType: "automatic",
      Color: "szary",
      Year: 2026,
      Mileage: 0,
      EngineCapacity: 0,
      PowerHp: 204,
      VehicleRange: 600,
      Doors: 5,
      Seats: 5,
      TotalPriceNetto: 150_000,
    };
    expect(offerFormSchema.safeParse(car).success).toBe(true);
    const result = offerFormSchema.safeParse({ ...car, TotalPriceNettoDiscount: 150_000 });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["TotalPriceNettoDiscount"],
      message: "Cena po obniżce musi być niższa od ceny",
    });
  });
});
