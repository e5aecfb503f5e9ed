import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration from the environment", () => {
  it("uses the documented defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.dataDir).toMatch(/data$/);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["SMTP_URL", "http://mail"],
    ["PUBLIC_URL", "nie-adres"],
    ["TRUST_PROXY_HOPS", "-1"],
    ["METRICS_TOKEN", "za-krotki-token"],
  ])("stops with one line naming %s when it is %j", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`Nieprawidłowa zmienna środowiskowa ${name}=`);
    expect(message.split("\n")).toHaveLength(1);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
