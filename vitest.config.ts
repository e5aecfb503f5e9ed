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
  },
});
