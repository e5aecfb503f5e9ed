import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { testPasswordHashEnv } from "./password-hash-cost";
import { freePort } from "./postgres-cluster";

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const repo = path.resolve(import.meta.dirname, "../..");

/**
 * The shipped loopback site (deploy/nginx/marketplace-loopback.conf) with this cluster's ports: its
 * upstream's servers, its listen address, and the repository's proxy.conf for Debian's snippet.
 */
function loopbackSite(ports: number[], down: number | null, nginxPort: number): string {
  const shipped = fs
    .readFileSync(path.join(repo, "deploy/nginx/marketplace-loopback.conf"), "utf8")
    .replace(/^#.*\n/gm, "");
  const servers = /^( *)server 127\.0\.0\.1:\d+ (max_fails=1 fail_timeout=5s);\n(?:\1server .*\n)*/m;
  const replaced = shipped
    .replace(servers, (_all, indent: string, options: string) =>
      ports
        .map((p, i) => `${indent}server 127.0.0.1:${p} ${options}${i === down ? " down" : ""};\n`)
        .join(""),
    )
    .replace(/listen 127\.0\.0\.1:8080;/, `listen 127.0.0.1:${nginxPort};`)
    .replace("/etc/nginx/snippets/marketplace-proxy.conf", path.join(repo, "deploy/nginx/proxy.conf"));
  if (
    !replaced.includes(`:${ports[0]} `) ||
    !replaced.includes(`:${nginxPort};`) ||
    replaced.includes("/etc/nginx")
  )
    throw new Error(
      "deploy/nginx/marketplace-loopback.conf changed shape: update tests/support/nginx-cluster.ts",
    );
  return replaced;
}

/** One production process of the cluster (build/server/main.js). */
export interface AppProcess {
  port: number;
  /** What the process printed, for failure messages. */
  output(): string;
}

/** How long each step of one process's restart took. */
export interface RestartSteps {
  /** nginx reloaded without the process: new requests and live connections go to the others. */
  drainedMs: number;
  /** SIGTERM until the process exited (requests in flight finished, sockets closed). */
  stoppedMs: number;
  /** Started again until /readyz answered 200 and nginx sends it traffic again. */
  backMs: number;
}

/**
 * The marketplace as an operator runs it on one host: several production processes on one PostgreSQL
 * behind Debian's nginx, configured with the shipped deploy/nginx/proxy.conf (ADR 022).
 */
export interface NginxCluster {
  /** http://127.0.0.1:PORT of nginx: what clients use. */
  url: string;
  processes: AppProcess[];
  /** Rolling restart of one process, the documented way (docs/operations.md). */
  restart(index: number): Promise<RestartSteps>;
  /** The upstream (127.0.0.1:PORT) of each request nginx passed on so far, by user agent. */
  upstreams(): { userAgent: string; uri: string; upstream: string; status: number }[];
  /** nginx's error log: a failed upstream shows here. */
  nginxErrors(): string;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`process did not become ready:\n${output()}`);
    await sleep(150);
  }
}

/**
 * Starts `processes` production processes with DATABASE_URL on loopback ports (all at once, as a
 * deploy does: migrations and the first start's data happen once) and nginx in front of them on a
 * port of its own, in a work directory that stop() removes. Needs the production build and Debian's nginx.
 */
export async function startNginxCluster(opts: {
  databaseUrl: string;
  processes?: number;
  env?: Record<string, string>;
}): Promise<NginxCluster> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-cluster-"));
  // nginx started as root runs its workers as an unprivileged user, which must read the config and
  // write its temporary files.
  fs.chmodSync(work, 0o777);
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const ports: number[] = [];
  for (let i = 0; i < (opts.processes ?? 3); i++) ports.push(await freePort());

  const env = {
    ...process.env,
    ...testPasswordHashEnv,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: opts.databaseUrl,
    PUBLIC_URL: url,
    TRUST_PROXY_HOPS: "1",
    CAPTCHA_SECRET: "cluster-test-captcha-secret-0001",
    LOG_LEVEL: "warn",
    ...opts.env,
  };
  const children: ChildProcess[] = [];
  const logs: string[] = [];
  const startProcess = async (i: number) => {
    logs[i] = "";
    const child = spawn(process.execPath, [path.join(repo, "build/server/main.js")], {
      cwd: repo,
      env: { ...env, PORT: String(ports[i]), DATA_DIR: path.join(work, `app-${i}`) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const append = (d: Buffer) => {
      logs[i] += d;
    };
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    children[i] = child;
    await waitReady(`http://127.0.0.1:${ports[i]}`, child, () => logs[i]);
  };

  const accessLog = path.join(work, "access.log");
  const errorLog = path.join(work, "error.log");
  const conf = path.join(work, "nginx.conf");
  const writeConfig = (down: number | null) =>
    fs.writeFileSync(
      conf,
      `pid ${work}/nginx.pid;
error_log ${errorLog} warn;
worker_processes 2;
events { worker_connections 2048; }
http {
  log_format cluster '$upstream_addr $status "$http_user_agent" $request_uri';
  access_log ${accessLog} cluster;
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
${loopbackSite(ports, down, nginxPort)}
}
`,
    );
  const reload = async (down: number | null) => {
    const before = nginx?.pid ? workersOf(nginx.pid) : [];
    writeConfig(down);
    await run("/usr/sbin/nginx", ["-c", conf, "-p", work, "-s", "reload"]);
    // The old workers stop taking requests once the master has told them to shut down (their title
    // says so); they still finish the ones they carry. A fixed 500 ms was too short on a loaded CI
    // machine: a bid passed to a process already stopping was cut (a POST nginx does not resend).
    const deadline = Date.now() + 15_000;
    while (before.some((pid) => isServingWorker(pid)) && Date.now() < deadline) await sleep(50);
    // Then the operator's second for the requests the old workers still carry (docs/operations.md,
    // rolling restart, step 1): nothing outside nginx says when a request it read has reached the
    // process, so the rig follows the procedure it tests rather than a shorter one.
    await sleep(1000);
  };

  let nginx: ChildProcess | undefined;
  try {
    await Promise.all(ports.map((_, i) => startProcess(i)));
    writeConfig(null);
    nginx = spawn("/usr/sbin/nginx", ["-c", conf, "-p", work, "-g", "daemon off;"], { stdio: "inherit" });
    const deadline = Date.now() + 10_000;
    while (
      !(await fetch(`${url}/readyz`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error("nginx did not start");
      await sleep(100);
    }
  } catch (err) {
    nginx?.kill("SIGQUIT");
    for (const c of children) c?.kill("SIGKILL");
    throw err;
  }

  const stopProcess = (i: number) =>
    new Promise<void>((resolve) => {
      const child = children[i];
      if (child.exitCode !== null || child.signalCode) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });

  return {
    url,
    processes: ports.map((port, i) => ({ port, output: () => logs[i] })),
    async restart(i) {
      let t = Date.now();
      await reload(i);
      const drainedMs = Date.now() - t;
      t = Date.now();
      await stopProcess(i);
      const exitCode = children[i].exitCode;
      if (exitCode !== 0) throw new Error(`process ${i} exited with ${exitCode}:\n${logs[i]}`);
      const stoppedMs = Date.now() - t;
      t = Date.now();
      await startProcess(i);
      await reload(null);
      return { drainedMs, stoppedMs, backMs: Date.now() - t };
    },
    upstreams() {
      if (!fs.existsSync(accessLog)) return [];
      return fs
        .readFileSync(accessLog, "utf8")
        .split("\n")
        .flatMap((line) => {
          const m = /^(\S+) (\d+) "([^"]*)" (\S+)$/.exec(line);
          return m ? [{ upstream: m[1], status: Number(m[2]), userAgent: m[3], uri: m[4] }] : [];
        });
    },
    nginxErrors: () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : ""),
    async stop() {
      const exited = nginx?.exitCode === null ? new Promise((r) => nginx?.once("exit", r)) : null;
      nginx?.kill("SIGQUIT");
      await Promise.all([exited, ...ports.map((_, i) => stopProcess(i))]);
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The worker processes of an nginx master (children in /proc). */
function workersOf(masterPid: number): number[] {
  return fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      // /proc/PID/stat: "pid (comm) state ppid …"
      const ppid = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
      return ppid === String(masterPid) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** Still running and not yet shutting down (nginx retitles a worker when it starts to leave). */
function isServingWorker(pid: number): boolean {
  try {
    return !fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("shutting down");
  } catch {
    return false;
  }
}
