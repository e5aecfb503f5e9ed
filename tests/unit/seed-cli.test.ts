import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function seed(args: string[], dataDir: string) {
  const tsx = path.resolve("node_modules/.bin/tsx");
  return spawnSync(tsx, ["scripts/seed.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("npm run seed", () => {
  it("refuses politely while a server holds the data directory, touching nothing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-cli-"));
    dirs.push(dir);
    // This test process plays the running server: its PID is alive.
    fs.writeFileSync(path.join(dir, "server.lock"), String(process.pid));
    const run = seed(["--offers", "5"], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Nie można teraz załadować danych demonstracyjnych.");
    expect(run.stderr).toContain(`PID ${process.pid}`);
    expect(fs.existsSync(path.join(dir, "pgdata"))).toBe(false);
    expect(fs.readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
  });

  it("explains a wrong --offers value", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-cli-"));
    dirs.push(dir);
    for (const value of ["abc", "0", "-3", "2000000"]) {
      const run = seed([`--offers=${value}`], dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("Opcja --offers musi być liczbą całkowitą od 1 do 1000000");
    }
  });
});
