import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { type App, buildApp } from "../../src/server/app";
import type { Clock } from "../../src/server/clock";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { testPasswordHashEnv } from "./password-hash-cost";

export interface TestServer extends App {
  url: string;
  close(): Promise<void>;
}

/** What vitest's global setup (database-images.ts) provides; nothing outside a Vitest run. */
function provided<K extends "postgresTemplate" | "pgliteImage">(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

let pgliteImage: Promise<Blob | undefined> | undefined;

/**
 * With TEST_ON_POSTGRES=1 each test server gets its own fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL (so test files can run in parallel); otherwise an in-memory PGlite. Both start
 * from the migrated image the global setup made, when there is one.
 */
async function freshDatabase(): Promise<{ url?: string; image?: Blob; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_ON_POSTGRES === "1" && base)
    return createScratchDatabase(base, "test", provided("postgresTemplate"));
  pgliteImage ??= (async () => {
    const file = provided("pgliteImage");
    return file ? new Blob([await fs.promises.readFile(file)]) : undefined;
  })();
  return { image: await pgliteImage, drop: async () => {} };
}

/**
 * The production build of the web app (`npm run build`; `npm test` builds before the API tests), for
 * tests of what the server renders.
 */
export function productionWeb(): NonNullable<Parameters<typeof buildApp>[0]["web"]> {
  const root = path.resolve(import.meta.dirname, "../../build/web");
  const serverBuild = path.join(root, "server", "index.js");
  if (!fs.existsSync(serverBuild))
    throw new Error(`No production build at ${serverBuild}: run npm run build first.`);
  return {
    getBuild: async () => (await import(pathToFileURL(serverBuild).href)) as ServerBuild,
    clientDir: path.join(root, "client"),
    mode: "production",
  };
}

/**
 * A real API server over real HTTP for integration tests, on PGlite or PostgreSQL (see above). It
 * listens on loopback; `listenHost` "0.0.0.0" also reaches it through the machine's other addresses.
 * `web`: pages too, from the production build.
 */
export async function startApiServer(
  env: Record<string, string> = {},
  opts: {
    web?: boolean;
    listenHost?: string;
    clock?: Clock;
    /** Log lines (at LOG_LEVEL of `env`) go here instead of nowhere: for tests that read the log. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: "0",
    DATA_DIR: ":memory:",
    ...testPasswordHashEnv,
    ...env,
  });
  const fresh = await freshDatabase();
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: ":memory:", image: fresh.image });
  const built = await buildApp({
    config,
    database,
    logger: opts.logStream ? undefined : false,
    logStream: opts.logStream,
    web: opts.web ? productionWeb() : undefined,
    clock: opts.clock,
  });
  await built.app.listen({ port: 0, host: opts.listenHost ?? "127.0.0.1" });
  const address = built.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      // Each step within a deadline that names it: once in CI the whole close hung for the hook's
      // 60 s on PostgreSQL with no sign of which step (tests/api/metrics.test.ts, site password).
      await withinDeadline("app.close()", built.app.close(), () => built.app.server.closeAllConnections());
      await withinDeadline("database.close()", database.close());
      await fresh.drop();
      // The in-memory database got a temporary image cache folder (services.ts): remove it.
      fs.rmSync(built.services.images.cacheDir, { recursive: true, force: true });
    },
  };
}

const CLOSE_STEP_MS = 15_000;

/** Waits for `step`; past the deadline it says which step hangs, runs `force` and waits on for it. */
async function withinDeadline(name: string, step: Promise<unknown>, force?: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), CLOSE_STEP_MS);
  });
  const outcome = await Promise.race([step.then(() => "done" as const), late]);
  clearTimeout(timer);
  if (outcome === "done") return;
  console.error(`Test server: ${name} has not finished after ${CLOSE_STEP_MS / 1000} s`);
  force?.();
  await step;
}
