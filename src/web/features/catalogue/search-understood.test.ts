import { describe, expect, it } from "vitest";
import { everyWordUnderstood } from "./search-understood";

describe("an empty search's message", () => {
  it("knows a search whose every word was understood (a chip's word or a word of no condition)", () => {
    const chips = [{ Text: "srebrna" }, { Text: "toyota" }];
    expect(everyWordUnderstood("srebrna toyota", chips)).toBe(true);
    expect(everyWordUnderstood("srebrna  toyota z", chips)).toBe(true);
    expect(everyWordUnderstood("srebrny samochód toyota", [{ Text: "srebrny" }, { Text: "toyota" }])).toBe(
      true,
    );
    expect(everyWordUnderstood("tesla do 20 tys", [{ Text: "tesla" }, { Text: "do 20 tys" }])).toBe(true);
    expect(everyWordUnderstood("srebrna toyotka xyz", chips)).toBe(false);
    expect(everyWordUnderstood("ferrari", [])).toBe(false);
  });
});
