// `npm test`: typecheck, lint and knip beside the production build, then one Vitest run (unit tests, and
// the API tests on PostgreSQL with the engine-specific ones on PGlite: vitest.config.ts), then the
// browser journeys in Chromium against the production build. It is the whole CI: missing Debian
// packages (chromium, postgresql, nginx) are installed when allowed, and a throw-away PostgreSQL server
// is started and stopped here unless TEST_DATABASE_URL names one (see scripts/test-environment.mjs).
// Nothing is retried: a test that fails once fails the run. Prints each step's time, and ends with
// one line "tests: N passed, N failed" counting every Vitest and Playwright test (and failed steps).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureSystemPackages, startThrowawayPostgres } from "./test-environment.mjs";

const runStarted = Date.now();
ensureSystemPackages();
const postgres = process.env.TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? postgres.url;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    postgres?.stop();
    process.exit(130);
  });
}

const reports = mkdtempSync(path.join(os.tmpdir(), "marketplace-test-"));
const vitestReport = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, name)}`,
];
// The demo data the journeys' servers start from, seeded once while the Vitest run goes on
// (playwright.config.ts, tests/support/own-server.ts).
const e2eDataTemplate = path.join(reports, "e2e-data-template");

/** Runs a command with inherited output; resolves to its exit status. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.once("error", () => resolve(1));
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

/**
 * The steps, in order; the commands of one step run side by side (on 2 cores the type checker, the
 * linters and the build each leave a core idle much of the time).
 */
const steps = [
  {
    name: "typecheck, lint, knip, build",
    commands: [
      { name: "typecheck", cmd: "npm", args: ["run", "--silent", "typecheck"] },
      { name: "lint", cmd: "npx", args: ["biome", "check", "."] },
      // Unused files, exports and dependencies (knip.jsonc, ADR 036).
      { name: "knip", cmd: "npx", args: ["knip", "--no-progress"] },
      // Before the API tests: the page cache tests render pages of the production build.
      { name: "build", cmd: "node", args: ["scripts/build.mjs"] },
    ],
  },
  {
    name: "unit+api",
    commands: [
      {
        name: "vitest",
        cmd: "npx",
        args: ["vitest", "run", ...vitestReport("vitest.json")],
        env: { TEST_DATABASE_URL: testDatabaseUrl },
        report: "vitest.json",
      },
      {
        name: "demo data for the journeys",
        cmd: "node",
        args: ["build/server/first-start.js"],
        env: { DATA_DIR: e2eDataTemplate, LOG_LEVEL: "warn" },
      },
    ],
  },
  {
    name: "e2e",
    commands: [
      {
        name: "playwright",
        cmd: "npx",
        args: ["playwright", "test", "--reporter=list,json"],
        env: {
          PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "playwright.json"),
          E2E_DATA_TEMPLATE: e2eDataTemplate,
        },
        report: "playwright.json",
      },
    ],
  },
];

function readReport(file) {
  const full = path.join(reports, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
}

/** Counts passed and failed tests in a Vitest or Playwright JSON report. */
function count(r) {
  if ("numPassedTests" in r) return { passed: r.numPassedTests, failed: r.numFailedTests };
  return { passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky };
}

/**
 * The first lines of a failure's messages, indented under the test's name: a CI log often shows only
 * its tail, and the assertion's message is what tells a loaded machine from a real defect.
 */
const excerpt = (messages = []) =>
  messages
    .map(
      (m) =>
        `\n      ${m
          .split("\n")
          .filter((line) => !/^\s+at /.test(line))
          .slice(0, 12)
          .join("\n        ")}`,
    )
    .join("");

/** The tests of a report that failed: Vitest's `file › test`, Playwright's `[project] file › test`. */
function outcomes(r) {
  const failed = [];
  if ("testResults" in r) {
    for (const f of r.testResults) {
      // A file can fail outside its tests (a hook timing out, an import throwing).
      if (f.status === "failed" && !f.assertionResults.some((t) => t.status === "failed"))
        failed.push(
          `${path.relative(process.cwd(), f.name)}: ${String(f.message).split("\n")[0] || "failed outside its tests (a hook or the import)"}`,
        );
      for (const t of f.assertionResults) {
        const name = `${path.relative(process.cwd(), f.name)} › ${t.fullName}`;
        if (t.status === "failed") failed.push(`${name}${excerpt(t.failureMessages)}`);
      }
    }
    return failed;
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const name = `[${t.projectName}] ${spec.file} › ${spec.title}`;
        if (t.status !== "expected" && t.status !== "skipped")
          failed.push(`${name}${excerpt(t.results.flatMap((res) => res.error?.message ?? []))}`);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  return failed;
}

let passed = 0;
let failed = 0;
const failedSteps = [];
const failedTests = [];
const timings = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const statuses = await Promise.all(
    step.commands.map(async (c) => {
      const t = Date.now();
      const status = await run(c.cmd, c.args, c.env);
      timings.push(`${c.name} ${((Date.now() - t) / 1000).toFixed(0)} s`);
      return status;
    }),
  );
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  step.commands.forEach((c, i) => {
    const report = c.report ? readReport(c.report) : null;
    const counted = report ? count(report) : null;
    if (report) {
      passed += counted.passed;
      failed += counted.failed;
      failedTests.push(...outcomes(report).map((n) => `${c.name}: ${n}`));
    }
    if (statuses[i] === 0) return;
    failedSteps.push(c.name);
    if (!counted?.failed) failed++; // a command that failed without a failing test (typecheck, crash) counts once
  });
  console.log(`=== ${step.name}: ${statuses.every((x) => x === 0) ? "ok" : "FAILED"} (${secs} s) ===`);
}
postgres?.stop();
// Repeated at the end, where a CI log's tail shows them, whatever step printed them further up.
const list = (names) => names.map((n) => `  ${n}`).join("\n");
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
if (failedTests.length) console.log(`\nFailed tests:\n${list(failedTests)}`);
console.log(`\nTimes: ${timings.join(", ")}; all ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
