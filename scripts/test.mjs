// `npm test`: typecheck, lint, knip, a production build, unit and API integration tests on PGlite, the API
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
// In CI a Vitest test that fails is run once more, as Playwright's journeys are (playwright.config.ts):
// the PostgreSQL pass starts clusters of server processes on a shared machine. One that passes only on
// the retry is named in the summary with its first failure.
const vitestReport = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, name)}`,
  ...(process.env.CI ? ["--retry=1"] : []),
];

const steps = [
  { name: "typecheck", cmd: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", cmd: "npx", args: ["biome", "check", "."] },
  // Unused files, exports and dependencies (knip.jsonc, ADR 036).
  { name: "knip", cmd: "npx", args: ["knip", "--no-progress"] },
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

function readReport(file) {
  const full = path.join(reports, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
}

/** Counts passed and failed tests in a Vitest or Playwright JSON report. */
function count(r) {
  if ("numPassedTests" in r) return { passed: r.numPassedTests, failed: r.numFailedTests };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
}

/**
 * The first lines of each failed attempt, indented under the test's name: a CI log often shows only its
 * tail, and the assertion's message is what tells a loaded machine from a real defect.
 */
const excerpt = (messages = []) =>
  messages
    .map(
      (m, i) =>
        `\n      attempt ${i + 1}: ${m
          .split("\n")
          .filter((line) => !/^\s+at /.test(line))
          .slice(0, 12)
          .join("\n        ")}`,
    )
    .join("");

/**
 * The tests of a report that failed, and those that passed only on CI's retry (with the first line of
 * their first failure): Vitest's `file › test`, Playwright's `[project] file › test`.
 */
function outcomes(r) {
  const failed = [];
  const retried = [];
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
        else if (t.status === "passed" && t.failureMessages?.length)
          retried.push(`${name}: ${t.failureMessages[0].split("\n")[0]}`);
      }
    }
    return { failed, retried };
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const name = `[${t.projectName}] ${spec.file} › ${spec.title}`;
        if (t.status === "unexpected")
          failed.push(`${name}${excerpt(t.results.flatMap((res) => res.error?.message ?? []))}`);
        else if (t.status === "flaky") retried.push(name);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  return { failed, retried };
}

let passed = 0;
let failed = 0;
const failedSteps = [];
const failedTests = [];
const retriedTests = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { stdio: "inherit", env: { ...process.env, ...step.env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const report = step.report ? readReport(step.report) : null;
  const counted = report ? count(report) : null;
  if (report) {
    passed += counted.passed;
    failed += counted.failed;
    const names = outcomes(report);
    failedTests.push(...names.failed.map((n) => `${step.name}: ${n}`));
    retriedTests.push(...names.retried.map((n) => `${step.name}: ${n}`));
  }
  if (r.status === 0) console.log(`=== ${step.name}: ok (${secs} s) ===`);
  else {
    failedSteps.push(step.name);
    if (!counted?.failed) failed++; // a step that failed without a failing test (typecheck, crash) counts once
    console.log(`=== ${step.name}: FAILED (${secs} s) ===`);
  }
}
postgres?.stop();
// Repeated at the end, where a CI log's tail shows them, whatever step printed them further up.
const list = (names) => names.map((n) => `  ${n}`).join("\n");
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
if (failedTests.length) console.log(`\nFailed tests:\n${list(failedTests)}`);
if (retriedTests.length) console.log(`\nPassed only on CI's retry:\n${list(retriedTests)}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
