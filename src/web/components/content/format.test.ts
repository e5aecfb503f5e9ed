import { describe, expect, it } from "vitest";
import { keepNumbersTogether } from "./format";

describe("content formats", () => {
  it("keeps numbers with their units on one line", () => {
    expect(keepNumbersTogether("do 300 km i 18 750 zł, 30 %")).toBe(
      "do 300\u00a0km i 18\u00a0750\u00a0zł, 30\u00a0%",
    );
    expect(keepNumbersTogether("w 2021 roku")).toBe("w 2021 roku");
  });
});
