import { describe, expect, it } from "vitest";
import { conditionGrade } from "./condition-grade";

const parts = (...ratings: ("bardzo dobry" | "dobry" | "dostateczny" | "wymaga naprawy")[]) =>
  ratings.map((Rating) => ({ Rating }));
const tyres = (...mm: number[]) => mm.map((TreadDepthMm) => ({ TreadDepthMm }));

describe("the condition grade", () => {
  it("starts from the mean of the rated parts, rounded half up", () => {
    expect(conditionGrade({ parts: parts("bardzo dobry", "bardzo dobry"), tyres: [], damages: [] })).toBe(5);
    expect(conditionGrade({ parts: parts("bardzo dobry", "dobry"), tyres: [], damages: [] })).toBe(5);
    expect(conditionGrade({ parts: parts("dobry", "dostateczny"), tyres: [], damages: [] })).toBe(4);
    expect(
      conditionGrade({ parts: parts("dostateczny", "dostateczny", "dobry"), tyres: [], damages: [] }),
    ).toBe(3);
  });

  it("takes worn tyres and damages off, the damages at most 2", () => {
    const good = parts("bardzo dobry");
    expect(conditionGrade({ parts: good, tyres: tyres(7, 6.5, 2.9, 2.5), damages: [] })).toBe(4);
    expect(conditionGrade({ parts: good, tyres: tyres(1.2), damages: [] })).toBe(4);
    expect(conditionGrade({ parts: good, tyres: [], damages: [1, 2, 3] })).toBe(4);
    expect(conditionGrade({ parts: good, tyres: [], damages: [1, 2, 3, 4, 5, 6, 7, 8] })).toBe(3);
  });

  it("a part that needs repair keeps it at 3 or below; never below 1; none without rated parts", () => {
    expect(
      conditionGrade({
        parts: parts("bardzo dobry", "bardzo dobry", "wymaga naprawy"),
        tyres: [],
        damages: [],
      }),
    ).toBe(3);
    expect(
      conditionGrade({ parts: parts("wymaga naprawy"), tyres: tyres(1, 1, 1, 1), damages: [1, 2, 3, 4] }),
    ).toBe(1);
    expect(conditionGrade({ parts: [], tyres: tyres(7), damages: [] })).toBeNull();
  });
});
