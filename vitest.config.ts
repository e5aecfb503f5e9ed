import os from "node:os";
import { defineConfig } from "vitest/config";

// Unit and API integration tests; browser journeys run under Playwright (tests/e2e).
export default defineConfig({
  test: {
    // tests/postgres need a PostgreSQL server: they are part of the PostgreSQL pass only.
    include: [
      "src/**/*.test.ts",
      "tests/api/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      ...(process.env.TEST_ON_POSTGRES === "1" ? ["tests/postgres/**/*.test.ts"] : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One test file per core. Vitest's own default here is one fewer, which on a 2-core machine ran the
    // files one at a time although a file's server waits on its database and sockets much of the time:
    // measured on 2 cores, the PGlite pass 472 → 331 s and the PostgreSQL pass 535 → 233 s (3 workers
    // gave no more).
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
