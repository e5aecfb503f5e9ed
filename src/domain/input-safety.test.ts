import { describe, expect, it } from "vitest";
import { findInputProblem, inputProblemText, withoutControlCharacters } from "./input-safety";

describe("findInputProblem", () => {
  it("names the path of the first control character, in values and keys, nested and in lists", () => {
    expect(findInputProblem({ a: "ok", b: { c: ["x", "y\u0000"] } })?.path).toEqual(["b", "c", 1]);
    expect(findInputProblem({ "k\u0001": 1 })?.path).toEqual([]);
    expect(findInputProblem(Object.assign(Object.create(null), { q: "\u009b" }))?.path).toEqual(["q"]);
  });

  it("lets tabs, line breaks, Polish letters and emoji through", () => {
    expect(findInputProblem({ text: "Zażółć\tgęślą\r\njaźń 🚗" })).toBeNull();
  });

  it("refuses numbers beyond PostgreSQL's integer, either sign, and nothing within", () => {
    expect(findInputProblem({ id: 2_147_483_647, min: -2_147_483_647, price: 12.5 })).toBeNull();
    expect(inputProblemText(findInputProblem({ id: 2 ** 31 }) ?? { path: [], message: "" })).toBe(
      "Pole id: liczba poza zakresem (najwyżej 2147483647)",
    );
    expect(findInputProblem([1, -1e300])?.path).toEqual([1]);
  });

  it("does not walk what is not plain data", () => {
    expect(findInputProblem(Buffer.from([0, 1, 2]))).toBeNull();
    expect(findInputProblem(new Date(8.64e15))).toBeNull();
  });

  it("strips control characters and keeps the rest", () => {
    expect(withoutControlCharacters("a\u0000b\u007fc\nd")).toBe("abc\nd");
  });
});
