// `npm test`: typecheck, lint, a production build, unit and API integration tests on PGlite, the API
// and scale-out tests again on PostgreSQL, then browser journeys in Chromium. It is the whole CI:
// missing Debian packages (chromium, postgresql) are installed when allowed, and a throw-away
// PostgreSQL server is started and stopped here unless TEST_DATABASE_URL names one (see
// scripts/test-environment.mjs). Ends with one line "tests: N passed, N failed" counting every
// Vitest and Playwright test (and failed steps).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureSystemPackages, startThrowawayPostgres } from "./test-environment.mjs";

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

const steps = [
  { name: "typecheck", cmd: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", cmd: "npx", args: ["biome", "check", "."] },
  // Before the API tests: the page cache tests render pages of the production build.
  { name: "build", cmd: "node", args: ["scripts/build.mjs"] },
  {
    name: "unit+api (PGlite)",
    cmd: "npx",
    args: ["vitest", "run", ...vitestReport("vitest.json")],
    report: "vitest.json",
  },
  {
    name: "api (PostgreSQL)",
    cmd: "npx",
    args: ["vitest", "run", "tests/api", "tests/postgres", ...vitestReport("vitest-pg.json")],
    env: { TEST_ON_POSTGRES: "1", TEST_DATABASE_URL: testDatabaseUrl },
    report: "vitest-pg.json",
  },
  {
    name: "e2e",
    cmd: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "playwright.json") },
    report: "playwright.json",
  },
];

/** Counts passed and failed tests in a Vitest or Playwright JSON report. */
function count(file) {
  const full = path.join(reports, file);
  if (!existsSync(full)) return null;
  const r = JSON.parse(readFileSync(full, "utf8"));
  if ("numPassedTests" in r) return { passed: r.numPassedTests, failed: r.numFailedTests, flaky: 0 };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, flaky: r.stats.flaky };
}

/** The names of the failed tests in a report: Vitest's `file › test`, Playwright's `[project] file › test`. */
function failedNames(file) {
  const full = path.join(reports, file);
  if (!existsSync(full)) return [];
  const r = JSON.parse(readFileSync(full, "utf8"));
  if ("testResults" in r)
    return r.testResults.flatMap((f) =>
      f.assertionResults
        .filter((t) => t.status === "failed")
        .map((t) => `${path.relative(process.cwd(), f.name)} › ${t.fullName}`),
    );
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === "unexpected") names.push(`[${t.projectName}] ${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  return names;
}

let passed = 0;
let failed = 0;
let flaky = 0;
const failedSteps = [];
const failedTests = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const counted = step.report ? count(step.report) : null;
  if (counted) {
    passed += counted.passed;
    failed += counted.failed;
    flaky += counted.flaky;
  }
  if (r.status === 0) console.log(`=== ${step.name}: ok (${secs} s) ===`);
  else {
    failedSteps.push(step.name);
    failedTests.push(...(step.report ? failedNames(step.report).map((n) => `${step.name}: ${n}`) : []));
    if (!counted?.failed) failed++; // a step that failed without a failing test (typecheck, crash) counts once
    console.log(`=== ${step.name}: FAILED (${secs} s) ===`);
  }
}
postgres?.stop();
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
// Repeated at the end, where a CI log's tail shows them, whatever step printed them further up.
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((n) => `  ${n}`).join("\n")}`);
// Journeys that failed once and passed on CI's retry (playwright.config.ts): counted as passed, named here.
if (flaky)
  console.log(`\n${flaky} journey(s) passed only on a retry: see "flaky" in the Playwright summary above.`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
