import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { type Database, openDatabase } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { testPasswordHashEnv } from "./password-hash-cost";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** What the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts tests/support/api-process.ts with tsx and waits for its "LISTENING <port>" line. */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const entry = path.resolve(import.meta.dirname, "api-process.ts");
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { ...process.env, NODE_ENV: "test", PORT: "0", ...testPasswordHashEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), timeoutMs);
    child.stderr?.on("data", (d) => {
      log += d;
    });
    child.stdout?.on("data", (d: Buffer) => {
      log += d;
      const m = /LISTENING (\d+)/.exec(log);
      if (!m) return;
      clearTimeout(timer);
      const port = Number(m[1]);
      resolve({
        child,
        port,
        url: `http://127.0.0.1:${port}`,
        output: () => log,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${log}`));
    });
  });
}

export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  /** The shared database, opened by the test itself too (for fixtures). */
  database: Database;
  stop(): Promise<void>;
}

/**
 * Two server processes on one fresh database of `opts.serverUrl` (default TEST_DATABASE_URL's
 * server), with `opts.env` added to their environment.
 */
export async function startTwoProcesses(
  prefix: string,
  opts: { serverUrl?: string; env?: Record<string, string> } = {},
): Promise<TwoProcesses> {
  const env = opts.env ?? {};
  const scratch = await createScratchDatabase(
    opts.serverUrl ?? (process.env.TEST_DATABASE_URL as string),
    prefix,
  );
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: ":memory:" });
  const [a, b] = await Promise.all([
    startServerProcess({ ...env, DATABASE_URL: scratch.url }),
    startServerProcess({ ...env, DATABASE_URL: scratch.url }),
  ]);
  return {
    a,
    b,
    database,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await database.close();
      await scratch.drop();
    },
  };
}
