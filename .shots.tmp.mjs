import { chromium } from "@playwright/test";
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const [w, h, tag] of [[1280, 900, "d"], [390, 844, "m"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: "pl-PL" });
  const page = await ctx.newPage();
  for (const p of pages) {
    await page.goto(`http://localhost:3312${p}`);
    await page.waitForTimeout(300);
    const name = p.replace(/[^a-z0-9]+/gi, "_").replace(/^_/, "") || "home";
    if (tag === "d") await page.screenshot({ path: `/tmp/content-shots/${name}-${tag}.png`, fullPage: true });
    else {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height; y += 1800, i++)
        await page.screenshot({ path: `/tmp/content-shots/${name}-${tag}${i}.png`, fullPage: true, clip: { x: 0, y, width: 390, height: Math.min(1800, height - y) } });
    }
  }
  await ctx.close();
}
await browser.close();
