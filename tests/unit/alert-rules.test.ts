import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Metrics } from "../../src/server/metrics";

// The shipped Prometheus alert rules (deploy/prometheus): valid, each firing on its situation and not
// on a healthy site (promtool's own rule tests), naming only metrics the server exports, and each
// pointing to a section of the runbook that exists.
const root = path.resolve(import.meta.dirname, "../..");
const dir = path.join(root, "deploy/prometheus");
const rules = fs.readFileSync(path.join(dir, "alerts.yml"), "utf8");

function promtool(...args: string[]): string {
  try {
    return execFileSync("promtool", args, { cwd: dir, encoding: "utf8" });
  } catch (err) {
    const e = err as { code?: string; stdout?: string; stderr?: string };
    if (e.code === "ENOENT")
      throw new Error("promtool is missing: install Debian's prometheus package (npm test does)");
    throw new Error(`promtool ${args.join(" ")}:\n${e.stdout}${e.stderr}`);
  }
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");

describe("the Prometheus alert rules", () => {
  it("are valid and pass their tests (promtool)", () => {
    expect(promtool("check", "rules", "alerts.yml")).toMatch(/SUCCESS: \d+ rules found/);
    expect(promtool("test", "rules", "alerts.test.yml")).toContain("SUCCESS");
  });

  it("name only metrics the server exports", async () => {
    // As a server with the embedded database's backup schedule registers them.
    const metrics = new Metrics();
    metrics.watchBackups({ newestAt: () => undefined, now: () => new Date(0), startedAt: new Date(0) });
    const exported = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name as string));
    const named = [...new Set(rules.match(/flotis_\w+/g))].map((n) => n.replace(/_(count|bucket|sum)$/, ""));
    expect(named.filter((n) => !exported.has(n))).toEqual([]);
  });

  it("point each to a section of the runbook", () => {
    const runbook = fs.readFileSync(path.join(root, "docs/operations.md"), "utf8");
    const headings = new Set([...runbook.matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchor(m[1])));
    const targets = [...rules.matchAll(/runbook: "docs\/operations\.md#([\w-]+)"/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((t) => !headings.has(t))).toEqual([]);
  });
});
