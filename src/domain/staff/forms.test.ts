import { describe, expect, it } from "vitest";
import { staffCodeSchema } from "./forms";

describe("the panel's sign-in code", () => {
  const code = (Code: string) => staffCodeSchema.safeParse({ Code });

  it("takes a recovery code as people type it: any case, with a space or no dash", () => {
    for (const typed of ["6vffp-kypva", "6VFFP-KYPVA", "6vffp kypva", "6vffpkypva", " 6vffp - kypva "])
      expect(code(typed).data?.Code, typed).toBe("6vffp-kypva");
  });

  it("takes the app's six digits with spaces, and refuses what is neither", () => {
    expect(code("123 456").data?.Code).toBe("123456");
    expect(code("1234567890").success).toBe(false);
    expect(code("6vffp-kyp").success).toBe(false);
  });
});
