import { describe, expect, it } from "vitest";
import {
  formatCalendarDay,
  newestFirst,
  odometerDropNote,
  odometerDrops,
  type ServiceVisit,
} from "./service-history";

const visit = (day: string, Mileage: number, Description = "Przegląd okresowy"): ServiceVisit => ({
  Date: day,
  Mileage,
  Description,
  Workshop: null,
});

describe("a reading that goes back", () => {
  it("finds none in a rising history, whatever order it came in", () => {
    expect(
      odometerDrops([visit("2024-05-01", 60_000), visit("2023-05-01", 30_000), visit("2024-05-01", 60_000)]),
    ).toEqual([]);
    expect(odometerDrops([])).toEqual([]);
  });

  it("compares each reading with the highest before it, by day, and words the note", () => {
    const history = [
      visit("2024-03-12", 85_000),
      visit("2023-04-12", 15_200),
      visit("2023-11-05", 92_000),
      visit("2024-09-01", 88_000),
      visit("2025-02-01", 101_000),
    ];
    const drops = odometerDrops(history);
    expect(drops.map((d) => [d.visit.Date, d.earlier.Date])).toEqual([
      ["2024-03-12", "2023-11-05"],
      ["2024-09-01", "2023-11-05"],
    ]);
    expect(odometerDropNote(drops[0])).toBe(
      "Uwaga: odczyt licznika 12.03.2024 (85\u00a0000\u00a0km) jest niższy niż wcześniejszy (92\u00a0000\u00a0km).",
    );
  });

  it("reads two visits of one day in the order the fleet system gave them", () => {
    const drops = odometerDrops([visit("2024-01-10", 50_000, "a"), visit("2024-01-10", 49_000, "b")]);
    expect(drops.map((d) => d.visit.Description)).toEqual(["b"]);
    expect(newestFirst([visit("2023-01-01", 1), visit("2024-01-01", 2)]).map((v) => v.Date)).toEqual([
      "2024-01-01",
      "2023-01-01",
    ]);
  });

  it("writes a calendar day as Polish pages do, whatever the time zone", () => {
    expect(formatCalendarDay("2024-03-02")).toBe("02.03.2024");
  });
});
