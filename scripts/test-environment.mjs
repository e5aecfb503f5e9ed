// What `npm test` needs from the machine, so that a newcomer runs exactly what CI runs: Debian's
// Chromium headless shell for the browser journeys, PostgreSQL for the PostgreSQL pass and the cluster tests (which
// start a server of their own), and nginx in front of the cluster (deploy/nginx). Missing
// packages are installed with apt-get when we may (root); otherwise the run stops at once with the
// one command to type. The PostgreSQL server is a throw-away cluster in a temporary directory,
// started here and stopped when the tests end, unless TEST_DATABASE_URL names one already.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const isRoot = process.getuid?.() === 0;

// The journeys run in Debian's headless shell (package chromium-headless-shell), the browser
// Playwright itself runs headless tests in: measured on the catalogue's journeys, half the CPU of the
// full Chromium in its headless mode (28 against 63 s).
const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/<major>/bin). */
function postgresBin() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  return majors.length ? path.join(root, majors.at(-1), "bin") : undefined;
}

/** Installs Debian's chromium-headless-shell, postgresql, nginx and prometheus (promtool) when missing; stops the run when that is not allowed. */
export function ensureSystemPackages() {
  const missing = [];
  if (!existsSync(chromiumPath())) missing.push("chromium-headless-shell");
  if (!postgresBin()) missing.push("postgresql");
  if (!existsSync("/usr/sbin/nginx")) missing.push("nginx");
  // promtool, which checks and tests the shipped alert rules (deploy/prometheus).
  if (!existsSync("/usr/bin/promtool")) missing.push("prometheus");
  if (!missing.length) return;
  const command = `apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  if (!isRoot || process.env.TEST_NO_INSTALL === "1") {
    console.error(`npm test needs ${missing.join(", ")}. Install with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} (Debian packages)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], {
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL cluster on a free loopback port and returns its URL and a stop
 * function. As root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
export async function startThrowawayPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), "marketplace-test-pg-"));
  const port = await freePort();
  const asOwner = (file, args) => {
    const cmd = [path.join(bin, file), ...args];
    const r = isRoot
      ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", cmd.map((a) => `'${a}'`).join(" ")], {
          encoding: "utf8",
        })
      : spawnSync(cmd[0], cmd.slice(1), { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${file} failed: ${r.stderr || r.stdout}`);
  };
  if (isRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
  const data = path.join(dir, "data");
  asOwner("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  asOwner("pg_ctl", [
    "-D",
    data,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  const version = execFileSync(path.join(bin, "postgres"), ["--version"]).toString().trim();
  console.log(`${version}: throw-away server on port ${port}`);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asOwner("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
