import { describe, expect, it } from "vitest";
import { auctionTermsSchema } from "./auctions";
import { conditionReportFormSchema } from "./condition-report";
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
    const schema = offerFormSchema(new Date("2026-11-27T12:00:00Z"));
    expect(schema.safeParse(car).success).toBe(true);
    const result = schema.safeParse({ ...car, TotalPriceNettoDiscount: 150_000 });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["TotalPriceNettoDiscount"],
      message: "Cena po obniżce musi być niższa od ceny",
    });
  });
});

// The forms' rules that compare with today read the time they are given (the server's clock, or the
// page's time in the browser), not the computer's: a server whose clock was moved judges by it.
describe("the panel forms' rules of time", () => {
  const year = (now: string, Year: number) =>
    offerFormSchema(new Date(now))
      .safeParse({ Year })
      .error?.issues.some((i) => i.path[0] === "Year");

  it("take a car of at most next year, as the given time counts years", () => {
    expect(year("2026-11-27T12:00:00Z", 2027)).toBe(false);
    expect(year("2026-11-27T12:00:00Z", 2028)).toBe(true);
    expect(year("2031-03-01T12:00:00Z", 2032)).toBe(false);
  });

  it("want an auction's end after the given time", () => {
    const terms = { Start: "2030-05-01T10:00", End: "2030-05-02T10:00", StartingPrice: 50_000 };
    expect(auctionTermsSchema(new Date("2030-04-01T00:00:00Z")).safeParse(terms).success).toBe(true);
    expect(
      auctionTermsSchema(new Date("2030-06-01T00:00:00Z")).safeParse(terms).error?.issues[0],
    ).toMatchObject({
      path: ["End"],
      message: "Koniec aukcji musi być w przyszłości.",
    });
  });

  it("want an inspection no later than the given time", () => {
    const inspected = (now: string) =>
      conditionReportFormSchema(new Date(now))
        .safeParse({ InspectedAt: "2030-05-01T10:00" })
        .error?.issues.some((i) => i.message === "Oględziny nie mogą być w przyszłości");
    expect(inspected("2030-05-01T12:00:00Z")).toBe(false);
    expect(inspected("2030-04-30T12:00:00Z")).toBe(true);
  });
});
