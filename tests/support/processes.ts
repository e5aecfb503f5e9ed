import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts tests/support/api-process.ts with tsx and waits for its "LISTENING <port>" line. */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const entry = path.resolve(import.meta.dirname, "api-process.ts");
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { ...process.env, NODE_ENV: "test", PORT: "0", ...env },
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
