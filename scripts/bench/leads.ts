/**
 * Throughput of POST /api/Contact/SendQuestion (leads per second): each lead is validated, its
 * captcha verified and consumed, the lead and two e-mails written in one transaction.
 *
 *   npx tsx scripts/bench/leads.ts [--leads 400] [--concurrency 8] [--url http://localhost:3000]
 *
 * Without --url it starts its own server (embedded PGlite in a temporary directory, the mail worker
 * delivering to the development outbox as usual). Captchas are solved before the clock starts, as
 * browsers solve them before sending. Each request comes from its own address (X-Forwarded-For) so
 * the per-address rate limit is not what is measured (its own server trusts one proxy hop; a server
 * given with --url needs TRUST_PROXY_HOPS=1 for the same).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "400" },
    concurrency: { type: "string", default: "8" },
    url: { type: "string" },
  },
});
const total = Number(values.leads);
const concurrency = Number(values.concurrency);

async function ownServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const { buildApp } = await import("../../src/server/app");
  const { loadConfig } = await import("../../src/server/config");
  const { openDatabase } = await import("../../src/server/db/client");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-leads-"));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PORT: "0",
    NODE_ENV: "production",
    // The bench stands in for one proxy hop: its X-Forwarded-For addresses are then trusted.
    TRUST_PROXY_HOPS: "1",
  });
  const database = await openDatabase({ dataDir });
  const { app } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = values.url ? { url: values.url, close: async () => {} } : await ownServer();
const base = server.url;
console.log(`Serwer: ${base}; rozwiązywanie ${total} zadań captcha…`);

const captchas: string[] = [];
for (let i = 0; i < total; i++) {
  const challenge = await (await fetch(`${base}/api/Captcha/Challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  captchas.push(Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"));
}

let next = 0;
let ok = 0;
const failures = new Map<number, number>();
const latencies: number[] = [];
async function worker() {
  while (next < total) {
    const i = next++;
    const started = performance.now();
    const res = await fetch(`${base}/api/Contact/SendQuestion`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({
        Name: "Jan",
        Surname: "Testowy",
        Email: `bench${i}@example.com`,
        PhoneNumber: "600 700 800",
        MessageBody: "Pomiar przepustowości formularza.",
        TermsConsent: true,
        MarketingConsent: true,
        Captcha: captchas[i],
        CampaignId: "bench",
      }),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status === 200) ok++;
    else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const p = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
console.log(
  `SendQuestion: ${ok}/${total} przyjętych w ${seconds.toFixed(2)} s = ${(ok / seconds).toFixed(1)} leadów/s ` +
    `(współbieżność ${concurrency}; opóźnienie p50 ${p(0.5)} ms, p95 ${p(0.95)} ms)`,
);
if (failures.size) console.log("Odrzucone:", Object.fromEntries(failures));
await server.close();
