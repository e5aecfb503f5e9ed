import { defineConfig } from "vitest/config";

// Unit and API integration tests; browser journeys run under Playwright (tests/e2e).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/unit/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
