/**
 * Phone profile of the home, list and detail pages: largest contentful paint (time and element),
 * whether that image was preloaded in the HTML, cumulative layout shift, and the main thread's long
 * tasks until the network is idle: how many, the longest, and their time over 50 ms each (the total
 * blocking time, counted from the start rather than Lighthouse's first paint) (JavaScript weight:
 * page-weight.ts). `--runs N` loads each page N times and adds the medians (a shared machine's
 * figures move from one load to the next).
 * Uses Debian's Chromium through Playwright, 390 px wide, 4× CPU slowdown, fast 4G-like network.
 *
 *   npx tsx scripts/bench/phone-vitals.ts --url http://localhost:3352 [--runs 5] / /lista-pojazdow /nowe-samochody/…
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

const { values, positionals } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    runs: { type: "string", default: "1" },
  },
  allowPositionals: true,
});
const base = values.url.replace(/\/$/, "");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});

/** One load of the page on an emulated phone: its line, and its long tasks for the medians. */
async function measure(path: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 60,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  });
  await page.addInitScript(() => {
    const w = window as unknown as {
      __lcp: { time: number; tag: string; url: string } | null;
      __cls: number;
      __tasks: number[];
    };
    w.__lcp = null;
    w.__cls = 0;
    w.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push(e.duration);
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        element?: Element;
        url?: string;
        renderTime: number;
        loadTime: number;
      })[]) {
        w.__lcp = {
          time: e.renderTime || e.loadTime || e.startTime,
          tag: e.element?.tagName ?? "?",
          url: e.url ?? "",
        };
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const response = await page.goto(base + path, { waitUntil: "networkidle" });
  const html = (await response?.text()) ?? "";
  await page.waitForTimeout(500);
  const r = await page.evaluate(() => {
    const w = window as unknown as {
      __lcp: { time: number; tag: string; url: string } | null;
      __cls: number;
      __tasks: number[];
    };
    return { __lcp: w.__lcp, __cls: w.__cls, __tasks: w.__tasks };
  });
  const preloaded = r.__lcp?.url
    ? html.includes('rel="preload"') &&
      html.includes(new URL(r.__lcp.url).search.split("&")[0].replace(/&/g, "&amp;"))
    : false;
  const tasks = {
    count: r.__tasks.length,
    longest: Math.round(Math.max(0, ...r.__tasks)),
    blocking: Math.round(r.__tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
  };
  console.log(
    `${path}: LCP ${r.__lcp ? `${Math.round(r.__lcp.time)} ms (${r.__lcp.tag}${r.__lcp.url ? `, obraz ${preloaded ? "wczytany wcześniej (preload)" : "bez preload"}` : ""})` : "brak"}, ` +
      `CLS ${r.__cls.toFixed(3)}, długie zadania ${tasks.count} (najdłuższe ${tasks.longest} ms), ` +
      `blokowanie ${tasks.blocking} ms`,
  );
  await context.close();
  return tasks;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = Math.max(1, Number(values.runs) || 1);
for (const path of positionals.length ? positionals : ["/", "/lista-pojazdow"]) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await measure(path));
  if (runs > 1)
    console.log(
      `${path}: mediana z ${runs}: najdłuższe zadanie ${median(all.map((t) => t.longest))} ms, ` +
        `blokowanie ${median(all.map((t) => t.blocking))} ms`,
    );
}
await browser.close();
