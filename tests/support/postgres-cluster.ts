import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A PostgreSQL server of the test's own (initdb in a temp dir), which the test may stop and restart. */
export interface PostgresCluster {
  /** postgresql://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** pg_ctl restart -m fast: every connection is ended, the server is back when this resolves. */
  restart(): Promise<void>;
  /** pg_ctl stop -m fast. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and removes its directory. */
  destroy(): Promise<void>;
}

/**
 * The newest PostgreSQL under /usr/lib/postgresql/VERSION/bin (Debian's layout, which .ci/run installs).
 * Throws when there is none: a test that needs its own server fails loudly instead of skipping.
 */
export function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) {
    throw new Error(`No PostgreSQL binaries under ${root}/*/bin (install the Debian package postgresql)`);
  }
  return path.join(root, versions[0], "bin");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** PostgreSQL refuses to run as root: as root, the commands run as the postgres user (like .ci/run). */
async function asPostgres(args: string[]): Promise<void> {
  const root = process.getuid?.() === 0;
  const [cmd, ...rest] = root ? ["su", "postgres", "-s", "/bin/sh", "-c", args.map(quote).join(" ")] : args;
  await run(cmd, rest, { timeout: 60_000 });
}

/** initdb into a temp dir and start the server on a free port of 127.0.0.1, trust auth, UTF-8. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flotis-pg-"));
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  await asPostgres([
    path.join(bin, "initdb"),
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    asPostgres([path.join(bin, "pg_ctl"), "-D", data, "-l", path.join(dir, "log"), ...args]);
  const start = () => pgCtl("-o", options, "-w", "start");
  await start();
  let destroyed = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    restart: () => pgCtl("-o", options, "-m", "fast", "-w", "restart"),
    stop: () => pgCtl("-m", "fast", "-w", "stop"),
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await pgCtl("-m", "immediate", "-w", "stop").catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
