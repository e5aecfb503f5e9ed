/**
 * JavaScript a page ships: every script and module preload of the server-rendered HTML, fetched and
 * compressed with gzip and brotli as the server would send them (the budget: list page at most 120 KB compressed).
 *
 *   npx tsx scripts/bench/page-weight.ts --url http://localhost:3352 /lista-pojazdow / /nowe-samochody/…
 */
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { pageScripts } from "./page-scripts";

const { values, positionals } = parseArgs({
  options: { url: { type: "string", default: "http://localhost:3000" } },
  allowPositionals: true,
});
const base = values.url.replace(/\/$/, "");
const BUDGET_KB = 120;

for (const path of positionals.length ? positionals : ["/lista-pojazdow"]) {
  const html = await (await fetch(base + path)).text();
  const urls = await pageScripts(base, html);
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const u of urls) {
    const buf = Buffer.from(await (await fetch(new URL(u, base))).arrayBuffer());
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
    br += zlib.brotliCompressSync(buf).length;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${path}: ${urls.length} plików JS, ${kb(raw)} bez kompresji, ${kb(gz)} gzip, ${kb(br)} brotli ` +
      `(limit ${BUDGET_KB} KB brotli: ${br / 1024 <= BUDGET_KB ? "w normie" : "PRZEKROCZONY"}); HTML ${kb(Buffer.byteLength(html))}`,
  );
}
