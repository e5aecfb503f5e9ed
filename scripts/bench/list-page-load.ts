/**
 * Throughput of the server-rendered list page: N concurrent clients request list pages (with varying
 * filters) for a fixed time against a running server; prints requests per second and latencies.
 *
 *   npx tsx scripts/bench/list-page-load.ts --url http://localhost:3352 --seconds 20 --connections 16
 */
import { parseArgs } from "node:util";
import { ms, percentile } from "./stats";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "16" },
  },
});
const base = values.url.replace(/\/$/, "");
const paths = [
  "/lista-pojazdow",
  "/nowe-samochody?selectedSortingValue=1",
  "/samochody-poleasingowe?bodyType=kombi",
  "/lista-pojazdow?makes=Audi,BMW&priceTo=200000",
  "/suv?fuelType=EL",
  "/lista-pojazdow?page=3&selectedSortingValue=3",
];
const until = Date.now() + Number(values.seconds) * 1000;
const latencies: number[] = [];
let errors = 0;
let bytes = 0;

async function client(k: number) {
  let i = k;
  while (Date.now() < until) {
    const t = performance.now();
    try {
      const res = await fetch(base + paths[i++ % paths.length], {
        headers: { "accept-encoding": "identity" },
      });
      const body = await res.arrayBuffer();
      bytes += body.byteLength;
      if (res.status !== 200) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(values.connections) }, (_, k) => client(k)));
const seconds = (performance.now() - started) / 1000;
console.log(
  `Strona listy SSR: ${(latencies.length / seconds).toFixed(1)} zapytań/s (${latencies.length} w ${seconds.toFixed(1)} s, ${values.connections} połączeń), ` +
    `p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, błędy ${errors}, średnio ${Math.round(bytes / Math.max(1, latencies.length) / 1024)} KB HTML`,
);
