import { describe, expect, it } from "vitest";
import { parseCompared } from "./comparison-store";

describe("parseCompared", () => {
  it("reads the stored ids", () => {
    expect(parseCompared("[12,7]")).toEqual([12, 7]);
  });

  it("keeps at most three distinct positive integers and survives broken storage", () => {
    expect(parseCompared('[1,"2",-3,0,1.5,1,4,5,6]')).toEqual([1, 4, 5]);
    expect(parseCompared("{not json")).toEqual([]);
    expect(parseCompared('{"a":1}')).toEqual([]);
    expect(parseCompared(null)).toEqual([]);
  });
});
