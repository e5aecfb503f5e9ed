/**
 * Public pages as a visitor and a server see them: starts the production server on a fresh
 * data directory (first start: migrations, demo data, photos), then for home, a list and a detail
 * page: wrk rendering each request (with credentials, so past the page cache) with one connection
 * (p50) and with 32 (req/s, p50, p99), then from the page cache, the same HTML bytes served by
 * Debian's nginx as the yardstick (and the cache's share of its rate), the bytes the list page sends (HTML, JS, CSS as sent,
 * brotli), and the server's RSS idle (15 s without requests) after the first start, at the peak of the
 * load and after it.
 * Lighthouse (mobile, slow 4G, 4x CPU) with --lighthouse (LIGHTHOUSE_SH: the team's lighthouse.sh,
 * default /work/shared/tools/lighthouse.sh); it takes minutes.
 *
 *   node scripts/build.mjs && npx tsx scripts/bench/pages.ts [--build build] [--port 3701] [--seconds 10] [--lighthouse]
 *
 * Uses ports PORT (server) and PORT+1 (nginx). wrk sends no Accept-Encoding: both serve plain HTML.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pageScripts } from "./page-scripts";
import { startNginx, waitReady } from "./yardsticks";

const { values } = parseArgs({
  options: {
    build: { type: "string", default: "build" },
    port: { type: "string", default: "3701" },
    seconds: { type: "string", default: "10" },
    lighthouse: { type: "boolean", default: false },
  },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
// nginx's worker runs as an unprivileged user when started as root: it must be able to read the files.
fs.chmodSync(work, 0o755);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

interface WrkResult {
  rps: number;
  p50: string;
  p99: string;
}

async function wrk(url: string, headers: string[] = [], connections = 32): Promise<WrkResult> {
  // Not execFileSync: the RSS sampler keeps running while wrk loads the server.
  const child = spawn("wrk", [
    `-t${Math.min(2, connections)}`,
    `-c${connections}`,
    `-d${values.seconds}s`,
    "--latency",
    ...headers.flatMap((h) => ["-H", h]),
    url,
  ]);
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  await new Promise((resolve) => child.on("close", resolve));
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const p = (q: string) => out.match(new RegExp(`^\\s+${q}%\\s+(\\S+)`, "m"))?.[1] ?? "?";
  const non2xx = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  if (non2xx) console.warn(`${url}: ${non2xx} odpowiedzi z błędem`);
  return { rps, p50: p("50"), p99: p("99") };
}

async function sentBytes(pagePath: string): Promise<{ html: number; js: number; css: number }> {
  const get = async (u: string) => {
    const res = await fetch(new URL(u, base), { headers: { "accept-encoding": "br" } });
    // fetch decodes; the length as sent is the Content-Length of a pre-compressed asset, else re-measure.
    const body = Buffer.from(await res.arrayBuffer());
    const sent = Number(res.headers.get("content-length") ?? 0);
    return { body, sent: res.headers.get("content-encoding") === "br" && sent ? sent : body.length };
  };
  const page = await get(pagePath);
  const html = page.body.toString();
  // A page from the page cache says its compressed length (Content-Length); one compressed while it
  // streams does not: then its brotli size at the server's quality (4).
  const { brotliCompressSync, constants } = await import("node:zlib");
  const streamed = await fetch(new URL(pagePath, base), { headers: { "accept-encoding": "br" } });
  await streamed.arrayBuffer();
  const htmlSent =
    streamed.headers.get("content-encoding") && !streamed.headers.get("content-length")
      ? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length
      : page.sent;
  const scripts = await pageScripts(base, html);
  const styles = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+href="(\/assets\/[^"]+\.css)"/g)) styles.add(m[1]);
  let js = 0;
  for (const u of scripts) js += (await get(u)).sent;
  let css = 0;
  for (const u of styles) css += (await get(u)).sent;
  return { html: htmlSent, js, css };
}

const server = spawn(process.execPath, [path.resolve(values.build, "server/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, "data"),
    LOG_LEVEL: "warn",
    // As `npm start` and the systemd unit run it (ADR 026).
    MALLOC_MMAP_THRESHOLD_: "131072",
    MALLOC_TRIM_THRESHOLD_: "131072",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
let nginx: ChildProcess | undefined;
try {
  const started = Date.now();
  await waitReady(`${base}/readyz`, server);
  const pid = server.pid ?? 0;
  const listHtml = await (await fetch(`${base}/samochody-poleasingowe`)).text();
  const detail = listHtml.match(/href="(\/samochody-poleasingowe\/[^"]+-id-\d+)"/)?.[1];
  if (!detail) throw new Error("no detail link on the list page");
  const pages = { home: "/", list: "/samochody-poleasingowe", detail };
  // Idle: 15 s without requests. The server looks every 5 s whether it is quiet and its heap grew,
  // and only then collects (src/server/memory.ts); the figure at 5 s is printed beside it.
  await sleep(5000);
  const idleAt5s = rssMb(pid);
  await sleep(10_000);
  const idle = rssMb(pid);
  console.log(
    `Pierwszy start: ${((Date.now() - started) / 1000).toFixed(1)} s, RSS bezczynnie ${idle} MB (po 5 s: ${idleAt5s} MB)`,
  );

  // The yardstick: the same HTML bytes, from files.
  const root = path.join(work, "static");
  for (const [name, p] of Object.entries(pages)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await (await fetch(base + p)).arrayBuffer()));
  }
  nginx = startNginx(work, port + 1, root);
  await waitReady(`http://127.0.0.1:${port + 1}/home`);

  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 250);
  const rows: string[] = [];
  for (const [name, p] of Object.entries(pages)) {
    // A request with credentials is rendered for its sender (never from the page cache, ADR 018).
    const miss = await wrk(base + p, ["Authorization: Bearer bench"]);
    // One visitor at a time: how long a page takes to render when nothing queues (≤ 25 ms).
    const alone = await wrk(base + p, ["Authorization: Bearer bench"], 1);
    const ours = await wrk(base + p);
    const theirs = await wrk(`http://127.0.0.1:${port + 1}/${name}`);
    const bytes = fs.statSync(path.join(root, name)).size;
    rows.push(
      `| ${name} | ${alone.p50} | ${miss.rps.toFixed(0)} | ${miss.p50} | ${miss.p99} | ${ours.rps.toFixed(0)} | ${ours.p50} | ${ours.p99} | ${theirs.rps.toFixed(0)} | ${((100 * ours.rps) / theirs.rps).toFixed(1)} % | ${(bytes / 1024).toFixed(0)} KB |`,
    );
  }
  clearInterval(sampler);
  await sleep(5000);
  const afterAt5s = rssMb(pid);
  await sleep(10_000);
  const after = rssMb(pid);
  const sent = await sentBytes(pages.list);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

  console.log(
    "\n| page | rendered alone p50 | rendered req/s | p50 | p99 | page cache req/s | p50 | p99 | nginx req/s | cache/nginx | HTML |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) console.log(r);
  console.log(
    `\nRSS: bezczynnie po pierwszym starcie ${idle} MB, szczyt pod obciążeniem ${peak} MB, po obciążeniu ${after} MB (po 5 s: ${afterAt5s} MB); bezczynnie = 15 s bez żądań`,
  );
  console.log(
    `Lista, wysłane (Accept-Encoding: br): HTML ${kb(sent.html)}, JS ${kb(sent.js)}, CSS ${kb(sent.css)}, razem ${kb(sent.html + sent.js + sent.css)} (bez zdjęć)`,
  );
  if (values.lighthouse) {
    console.log("");
    execFileSync(
      process.env.LIGHTHOUSE_SH ?? "/work/shared/tools/lighthouse.sh",
      Object.values(pages).map((p) => base + p),
      { stdio: "inherit" },
    );
  }
} finally {
  nginx?.kill("SIGTERM");
  server.kill("SIGTERM");
  await sleep(1000);
  fs.rmSync(work, { recursive: true, force: true });
}
