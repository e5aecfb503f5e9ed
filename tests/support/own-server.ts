import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { testPasswordHashEnv } from "./password-hash-cost";

/**
 * A production server (build/server/main.js) of a spec's own, with extra environment, on its own
 * port (tests/support/e2e-ports.ts) and a data directory of its own; resolves once /readyz answers.
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const url = `http://localhost:${port}`;
  const dataDir = path.join(os.tmpdir(), `marketplace-e2e-own-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The demo data npm test seeded once (playwright.config.ts), instead of seeding it again.
  if (process.env.E2E_DATA_TEMPLATE) fs.cpSync(process.env.E2E_DATA_TEMPLATE, dataDir, { recursive: true });
  const server: ChildProcess = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...testPasswordHashEnv,
      ...env,
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 170_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`serwer testowy zakończył się (kod ${server.exitCode})`);
    if (Date.now() > deadline) throw new Error(`serwer testowy na porcie ${port} nie wystartował`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
