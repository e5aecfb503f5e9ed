import { describe, expect, it } from "vitest";
import { findInputProblem, inputProblemText, withoutControlCharacters } from "./input-safety";

describe("findInputProblem", () => {
  it("names the path of the first control character, in values and keys, nested and in lists", () => {
    expect(findInputProblem({ a: "ok", b: { c: ["x", "y\u0000"] } })?.path).toEqual(["b", "c", 1]);
    expect(findInputProblem({ "k\u0001": 1 })?.path).toEqual([]);
    expect(findInputProblem(Object.assign(Object.create(null), { q: "\u009b" }))?.path).toEqual(["q"]);
  });

  it("refuses half a character (a surrogate without its pair), in values and keys, and names it", () => {
    for (const text of ["\ud800", "a\udfffb", "\ude00\ud83d", "x\ud83d"])
      expect(findInputProblem({ q: text })).toEqual({
        path: ["q"],
        message: "zawiera uszkodzony znak (połowę znaku Unicode bez pary)",
      });
    expect(findInputProblem({ "k\udc00": "x" })?.path).toEqual([]);
    expect(findInputProblem({ q: "🚗 \ud83d\ude97" })).toBeNull();
  });

  it("walks the query parser's objects, made from a constructor with a prototype of no prototype", () => {
    // What `new Empty()` of fast-querystring gives: its prototype is an object of no prototype.
    const query: Record<string, string> = Object.create(Object.create(null));
    query.AuctionId = "x\u0000";
    expect(findInputProblem(query, false)?.path).toEqual(["AuctionId"]);
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
