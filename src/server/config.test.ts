import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "./config";

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

// An operator reads the README's table and copies .env.example: both name every variable the server
// reads, so neither hides one.
describe("the configuration's documents", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const read = (name: string) => fs.readFileSync(path.join(root, name), "utf8");
  const readme = new Set([...read("README.md").matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]));
  const example = new Set([...read(".env.example").matchAll(/^#? ?([A-Z_]+)=/gm)].map((m) => m[1]));

  it("the README's table names every variable the server reads", () => {
    expect(CONFIG_VARIABLES.filter((v) => !readme.has(v))).toEqual([]);
  });

  it(".env.example names every variable of the README's table", () => {
    expect([...readme].filter((v) => !example.has(v))).toEqual([]);
  });
});
