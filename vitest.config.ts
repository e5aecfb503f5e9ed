import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Unit and API integration tests; browser journeys run under Playwright (tests/e2e).
//
// With TEST_DATABASE_URL (npm test starts a throw-away PostgreSQL) the API tests run once, on
// PostgreSQL, the database of a deployment behind nginx; the files named in PGLITE_FILES run on the
// embedded PGlite instead, which `npm start` ships and every browser journey runs against. Without it
// (a developer's `npx vitest`), everything runs on PGlite. ADR 039 says why not every test on both.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && process.env.TEST_ON_POSTGRES !== "0";

/**
 * The API tests whose subject depends on the engine, on PGlite: the search's extensions (unaccent,
 * pg_trgm) as PGlite builds them, concurrent bids on its one connection, its change notifications
 * before the write's answer, its own errors, its backups taken while it serves, and the fuzz run
 * (thousands of requests: in-process queries make it the cheapest place for them).
 */
const PGLITE_FILES = [
  "tests/api/backup.test.ts",
  "tests/api/search.test.ts",
  "tests/api/auctions-bidding.test.ts",
  "tests/api/page-cache.test.ts",
  "tests/api/database-errors.test.ts",
  "tests/api/fuzz.test.ts",
];

const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ["tests/support/database-images.ts"],
};

export default defineConfig({
  test: {
    pool: "forks",
    // A worker imports the server's module graph once for all its files instead of once a file: the
    // imports took ~2.8 s of each of 127 files' time, a third of the run on 2 cores. Files share no
    // state through modules: each starts its own servers and databases (ADR 040).
    isolate: false,
    // One test file per core. Vitest's own default here is one fewer, which on a 2-core machine ran the
    // files one at a time although a file's server waits on its database and sockets much of the time.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: onPostgres
      ? [
          {
            extends: true,
            test: {
              ...shared,
              name: "postgres",
              include: [
                "src/**/*.test.ts",
                "tests/api/**/*.test.ts",
                "tests/unit/**/*.test.ts",
                "tests/postgres/**/*.test.ts",
              ],
              exclude: [...configDefaults.exclude, ...PGLITE_FILES],
              env: { TEST_ON_POSTGRES: "1" },
            },
          },
          {
            extends: true,
            test: { ...shared, name: "pglite", include: PGLITE_FILES, env: { TEST_ON_POSTGRES: "0" } },
          },
        ]
      : [
          {
            extends: true,
            test: {
              ...shared,
              name: "pglite",
              include: ["src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/unit/**/*.test.ts"],
              env: { TEST_ON_POSTGRES: "0" },
            },
          },
        ],
  },
});
