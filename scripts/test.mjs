// `npm test`: typecheck, lint, unit and API integration tests, then browser journeys in Chromium on
// a fresh production build. Ends with one summary line "N passed, N failed".
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npx", ["biome", "check", "."]],
  ["unit+api (PGlite)", "npx", ["vitest", "run"]],
  ...(process.env.TEST_DATABASE_URL
    ? [["api (PostgreSQL)", "npx", ["vitest", "run", "tests/api"], { TEST_ON_POSTGRES: "1" }]]
    : []),
  ["build", "node", ["scripts/build.mjs"]],
  ["e2e", "npx", ["playwright", "test"]],
];

let passed = 0;
let failed = 0;
for (const [name, cmd, args, extraEnv] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) {
    passed++;
    console.log(`=== ${name}: ok (${secs} s) ===`);
  } else {
    failed++;
    console.log(`=== ${name}: FAILED (${secs} s) ===`);
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
