import { defineConfig, devices } from "@playwright/test";
import { E2E_OFFERS_API_KEY } from "./tests/support/e2e-keys";
import { e2eDataDir, e2ePort } from "./tests/support/e2e-outbox";
import { testPasswordHashEnv } from "./tests/support/password-hash-cost";
import { serverClockFile } from "./tests/support/server-clock";

// Browser journeys against the real production build and server, on a fresh data directory.
const port = e2ePort();
// The journeys read the server's mail from this directory's outbox (tests/support/e2e-outbox.ts).
const dataDir = e2eDataDir(port);
/**
 * A data directory with the demo data that `npm test` seeded once (scripts/test.mjs): a server that
 * starts from a copy of it skips the first start's seeding (20-50 s of CPU each on 2 cores).
 */
const dataTemplate = process.env.E2E_DATA_TEMPLATE;
/** Journeys move the server's time through this file instead of waiting (tests/support/server-clock.ts). */
const clockFile = serverClockFile(`e2e-${port}`);
// The journeys' own servers (tests/support/own-server.ts) inherit the workers' environment.
process.env.BACKUP_INTERVAL_HOURS ??= "0";
/** The VAT register stand-in's port: the journeys' server's port plus 8, inside its block of eleven. */
const registryStandInPort = (serverPort: number) => serverPort + 8;

const chromium = {
  // Debian's chromium-headless-shell, which npm test installs (scripts/test-environment.mjs).
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  // Two journeys at a time on 2 cores: the journeys keep both cores busy (chromium's renderers half of
  // it, then the server and the workers); three finished 106 journeys in the same 370 s as two.
  workers: 2,
  // A journey that fails once fails the run: a flaky journey is a defect to fix at its cause.
  retries: 0,
  // The long journeys (the chat's online visit, axe over every account screen) take 36 s alone and over
  // a minute beside another worker on a 2-core machine; the per-step expectations still say how long
  // a person may wait.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    launchOptions: chromium,
    // Recording a trace for every journey took ~40% more CPU than the journeys themselves; to see one,
    // run the failing journey again with `--trace on`.
    trace: "off",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      // @phone-only: journeys that set a phone's width themselves, which the desktop project would only
      // repeat without the phone's touch and pixel density.
      grepInvert: /@global-state|@phone-only/,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      grep: /@phone/,
      grepInvert: /@global-state/,
    },
    // Journeys that change what every other journey meets on the shared server (a new version of the
    // auction rules makes every bidder accept it again): they run alone, after all the others.
    {
      name: "global-state",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      grep: /@global-state/,
      dependencies: ["desktop", "phone"],
    },
  ],
  webServer: [
    {
      command: `rm -rf "${dataDir}" "${clockFile}" && ${dataTemplate ? `cp -a "${dataTemplate}" "${dataDir}" && ` : ""}node build/server/main.js`,
      url: `http://localhost:${port}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // No scheduled backups of a journey's data (each would cost a second or two of CPU at start).
        BACKUP_INTERVAL_HOURS: "0",
        PUBLIC_URL: `http://localhost:${port}`,
        // Short access tokens so journeys see them expire and be refreshed transparently; the account
        // journeys move the clock past them (CLOCK_OFFSET_FILE) rather than wait. For every other
        // journey a move is as if the machine had stalled that long.
        ACCESS_TOKEN_TTL_SECONDS: "4",
        CLOCK_OFFSET_FILE: clockFile,
        // The VAT register stand-in, the second web server below.
        COMPANY_REGISTRY_URL: `http://127.0.0.1:${registryStandInPort(port)}`,
        OFFERS_API_KEY: E2E_OFFERS_API_KEY,
        // Reuse of a refresh token always ends the session, so the theft journey need not wait out the
        // grace window (the API tests cover it); tabs of one browser share a refresh via a Web Lock.
        REFRESH_REUSE_GRACE_SECONDS: "0",
        // Every journey comes from 127.0.0.1: per-address limits (registration, alerts…) scaled up.
        RATE_LIMITS_SCALE: "100",
        ...testPasswordHashEnv,
      },
      stdout: "pipe",
    },
    {
      // The VAT register ("biała lista") the registration and the panel's verification queue ask.
      command: `node node_modules/tsx/dist/cli.mjs tests/support/registry-stand-in-server.ts ${registryStandInPort(port)}`,
      port: registryStandInPort(port),
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
