import { describe, expect, it } from "vitest";
import { hashPassword, randomToken, tokenHash, verifyPassword } from "./secrets";

describe("password hashing", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const a = await hashPassword("Zażółć1gęślą");
    const b = await hashPassword("Zażółć1gęślą");
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Zażółć1gęślą", a)).toBe(true);
    // The same text typed with combining accents (another keyboard) is the same password.
    expect(await verifyPassword("Zażółć1gęślą".normalize("NFD"), a)).toBe(true);
    expect(await verifyPassword("zażółć1gęślą", a)).toBe(false);
    expect(await verifyPassword("Zażółć1gęślą", "md5$abc")).toBe(false);
  });

  it("makes URL-safe random tokens stored only as a hash", () => {
    const t = randomToken();
    expect(t).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(t);
    expect(tokenHash(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(t)).toBe(tokenHash(t));
  });
});
