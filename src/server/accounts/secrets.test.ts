import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { hashPassword, randomToken, tokenHash, verifyPassword } from "./secrets";

describe("password hashing", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    // A deployment's cost unless its operator sets another: scrypt's N = 2^15, r = 8, p = 3.
    const cost = loadConfig({}).PASSWORD_HASH_COST;
    const a = await hashPassword("Zażółć1gęślą", cost);
    const b = await hashPassword("Zażółć1gęślą", cost);
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Zażółć1gęślą", a)).toBe(true);
    // The same text typed with combining accents (another keyboard) is the same password.
    expect(await verifyPassword("Zażółć1gęślą".normalize("NFD"), a)).toBe(true);
    expect(await verifyPassword("zażółć1gęślą", a)).toBe(false);
    expect(await verifyPassword("Zażółć1gęślą", "md5$abc")).toBe(false);
  });

  it("verifies a hash made at another cost: each hash keeps its own parameters", async () => {
    const cheap = await hashPassword("Zażółć1gęślą", 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$3\$/);
    expect(await verifyPassword("Zażółć1gęślą", cheap)).toBe(true);
    expect(await verifyPassword("Zażółć1gęśla", cheap)).toBe(false);
  });

  it("makes URL-safe random tokens stored only as a hash", () => {
    const t = randomToken();
    expect(t).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(t);
    expect(tokenHash(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(t)).toBe(tokenHash(t));
  });
});
