import { describe, expect, it } from "vitest";
import { editorRules, ruleEditorSchema, rulesToForm } from "./rule-form";
import { DEFAULT_RULES } from "./rules";

const asForm = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

describe("the rules editor's form", () => {
  it("gives back the set it was filled from", () => {
    const parsed = ruleEditorSchema.parse({ ...asForm(rulesToForm(DEFAULT_RULES)), Mode: "save" });
    expect(editorRules(parsed)).toEqual(DEFAULT_RULES);
    expect(parsed.Mode).toBe("save");
  });

  it("takes a changed parameter and refuses crossed thresholds at the field", () => {
    const form = asForm(rulesToForm(DEFAULT_RULES));
    const looser = ruleEditorSchema.parse({ ...form, Vat_removed: "review" });
    expect(editorRules(looser)[0]).toMatchObject({ Kind: "vatStatus", Verdicts: { removed: "review" } });
    const crossed = ruleEditorSchema.safeParse({ ...form, AgeRefuseBelow: "12", AgeReviewBelow: "6" });
    expect(crossed.error?.issues[0]).toMatchObject({
      path: ["AgeRefuseBelow"],
      message: "Próg odmowy nie może być wyższy niż próg analizy",
    });
    const notNumber = ruleEditorSchema.safeParse({ ...form, CarMaxYears: "dziesięć" });
    expect(notNumber.error?.issues[0].path).toEqual(["CarMaxYears"]);
  });
});
