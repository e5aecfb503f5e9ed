import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { pageScripts } from "../../scripts/bench/page-scripts";

// What a browser on a slow connection gets: compressed text (negotiated per request), icons, the
// manifest. Raw node:http instead of Playwright's request fixture, which decodes bodies itself.

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(baseURL: string, path: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL(path, baseURL),
      { headers: { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

async function expectSameBytesInEveryEncoding(baseURL: string, path: string) {
  const plain = await rawGet(baseURL, path, "identity");
  expect(plain.status).toBe(200);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  for (const [encoding, decode] of [
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const) {
    const compressed = await rawGet(baseURL, path, encoding);
    expect(compressed.status, `${path} ${encoding}`).toBe(200);
    expect(compressed.headers["content-encoding"], `${path} ${encoding}`).toBe(encoding);
    expect(compressed.headers.vary?.toLowerCase(), `${path} ${encoding}`).toContain("accept-encoding");
    expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
    expect(decode(compressed.body).equals(plain.body), `${path} ${encoding} decodes to the same bytes`).toBe(
      true,
    );
  }
  return plain;
}

test("pages, API JSON and scripts are sent compressed and decode to the same bytes", async ({ baseURL }) => {
  const page = await expectSameBytesInEveryEncoding(baseURL!, "/faq");
  expect(page.headers["content-type"]).toContain("text/html");
  const docs = await expectSameBytesInEveryEncoding(baseURL!, "/api/docs");
  expect(docs.headers["content-type"]).toContain("application/json");

  // The entry is a few imports; the framework and the shell's modules are one chunk it imports
  // (vite.config.ts), the largest script of every page.
  const entry = page.body.toString().match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  expect(entry).toBeDefined();
  const entryBody = (await rawGet(baseURL!, entry!, "identity")).body.toString();
  const shell = entryBody.match(/\.\/(shell-[\w-]+\.js)/)?.[1];
  expect(shell).toBeDefined();
  const script = `/assets/${shell}`;
  const asset = await expectSameBytesInEveryEncoding(baseURL!, script);
  // Built assets keep their year-long cache when sent pre-compressed.
  expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  const brotli = await rawGet(baseURL!, script, "br");
  expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("the icons and the web manifest are real files with their content types", async ({ page, request }) => {
  for (const [path, type] of [
    ["/favicon.ico", "image/vnd.microsoft.icon"],
    ["/favicon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
    ["/site.webmanifest", "application/manifest+json"],
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
  }
  const ico = await (await request.get("/favicon.ico")).body();
  expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  const manifest = await (await request.get("/site.webmanifest")).json();
  expect(manifest.short_name).toBe("Flotis");
  expect(manifest.lang).toBe("pl");
  expect(manifest.name).toContain("samochody w leasingu");

  await page.goto("/");
  await expect(page.locator('head link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/apple-touch-icon.png",
  );
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");
});

test("the list page loads no chat, no form validation until they are used", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/samochody-poleasingowe");
  await page.waitForSelector("html[data-hydrated]");
  expect(scripts.length).toBeGreaterThan(0);
  // zod (the schemas chunk) and the chat widget with its socket.io client are not part of the page.
  expect(scripts.filter((s) => /\/(schemas|chat-widget|lead-forms|socket-io)-/.test(s))).toEqual([]);

  await page.getByRole("button", { name: "Czat z konsultantem" }).click();
  await expect(page.getByRole("region", { name: "Czat z konsultantem" })).toBeVisible();
  expect(scripts.some((s) => /\/chat-widget-/.test(s))).toBe(true);
});

/**
 * The call-back form loads when the menu's or a car page's "Zamów rozmowę" opens it. Looked for by its
 * button's words, not a file name: imported by the site's shell it would be inside the shell's chunk.
 */
async function expectNoCallBackForm(baseURL: string, scripts: string[]) {
  for (const script of scripts) {
    const code = await (await fetch(new URL(script, baseURL))).text();
    expect(code.includes("Zadzwońcie do mnie"), `${script}: the call-back form`).toBe(false);
  }
}

test("home and list: no form fields, form library or call-back form among the first scripts", async ({
  request,
  baseURL,
}) => {
  for (const path of ["/", "/lista-pojazdow"]) {
    const scripts = await pageScripts(baseURL!, await (await request.get(path)).text());
    expect(scripts.length, path).toBeGreaterThan(5);
    // The home page asked the form fields' module for one hook (useHydrated), and got all the fields.
    expect(
      scripts.filter((s) => /\/(fields|use-checked-form|schemas)-/.test(s)),
      path,
    ).toEqual([]);
    await expectNoCallBackForm(baseURL!, scripts);
  }
});

test("a car page's first scripts hold no form schemas, leasing application, bid forms or socket.io; 'Złóż wniosek online' works without them", async ({
  browser,
  request,
  baseURL,
}) => {
  // The modules that validate forms and count costs (zod's schemas, the leasing application's rules,
  // the auction cost tables, the bid box's form library) load with the form or box that uses them:
  // a link or an import of one of their constants pulled them into every car page at once. The
  // socket.io client comes once an auction is watched.
  const later = /\/(schemas|application|rules|costs|bidding-forms|use-checked-form|conform|socket-io)-/;
  const pages: Record<string, string> = {};
  let applyPage = "";
  for (const sale of ["nowe-samochody", "samochody-poleasingowe", "aukcje-samochodowe"]) {
    const list = await (await request.get(`/${sale}`)).text();
    const detail = list.match(new RegExp(`href="(/${sale}/[^"]+-id-\\d+)"`))?.[1];
    expect(detail, sale).toBeDefined();
    const html = await (await request.get(detail!)).text();
    const scripts = await pageScripts(baseURL!, html);
    expect(scripts.length, detail).toBeGreaterThan(5);
    expect(
      scripts.filter((s) => later.test(s)),
      detail,
    ).toEqual([]);
    pages[sale] = detail!;
    await expectNoCallBackForm(baseURL!, scripts);
    if (!applyPage && /<a href="\/wniosek-leasingowy\?oferta=\d+"[^>]*>Złóż wniosek online/.test(html))
      applyPage = detail!;
  }
  // The button is a link in the server's HTML: without scripts (or before they came) it opens the form.
  expect(applyPage).not.toBe("");
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScripts.newPage();
  await page.goto(new URL(applyPage, baseURL).href);
  await page.getByTestId("offer-actions").getByRole("link", { name: "Złóż wniosek online" }).click();
  await expect(page).toHaveURL(/\/wniosek-leasingowy\?oferta=\d+$/);
  await expect(page.getByRole("form", { name: "Wniosek leasingowy" })).toBeVisible();
  await noScripts.close();

  // Only an auction's page connects to the bidding hub: a new car's has nothing live to hear.
  const withScripts = await browser.newContext({ baseURL });
  for (const [sale, connects] of [
    ["nowe-samochody", false],
    ["aukcje-samochodowe", true],
  ] as const) {
    const tab = await withScripts.newPage();
    const sockets: string[] = [];
    tab.on("websocket", (ws) => sockets.push(ws.url()));
    await tab.goto(pages[sale]);
    await tab.waitForSelector("html[data-hydrated]");
    if (connects) await expect.poll(() => sockets.filter((u) => u.includes("/socket.io/")).length).toBe(1);
    else {
      await tab.waitForLoadState("networkidle");
      expect(sockets, pages[sale]).toEqual([]);
    }
    await tab.close();
  }
  await withScripts.close();
});

test("an offer's calculator and contact form: in the page's HTML, their code loaded only near them, and a lead is sent @phone-only", async ({
  page,
  request,
}) => {
  const list = await (await request.get("/samochody-poleasingowe")).text();
  const detail = list.match(/href="(\/samochody-poleasingowe\/[^"]+-id-\d+)"/)?.[1];
  expect(detail).toBeDefined();
  // Without JavaScript (and for search engines) the server's HTML holds the whole form.
  const html = await (await request.get(detail!)).text();
  expect(html).toContain('id="offer-financing"');
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*>(?:<[^>]+>)*Wyślij zapytanie/);

  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  // A small phone screen: the financing section starts well below the first screen.
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto(detail!);
  await page.waitForSelector("html[data-hydrated]");
  await page.waitForLoadState("networkidle");
  // The section's own chunks (name, then Vite's 8-character hash): not "calculator-link", the small
  // module of the price box's link to the calculator, which the first screen needs.
  const sectionCode = (s: string) => /\/(offer-lead-section|contact-form|calculator)-[\w-]{8}\.js$/.test(s);
  expect(scripts.filter(sectionCode)).toEqual([]);
  // Its server markup stands meanwhile.
  const section = page.locator("#offer-financing");
  await expect(section.getByRole("button", { name: "Wyślij zapytanie" })).toBeAttached();
  await section.scrollIntoViewIfNeeded();
  await expect.poll(() => scripts.filter(sectionCode).length).toBeGreaterThan(0);
  await section.getByRole("textbox", { name: "Imię", exact: true }).fill("Zofia");
  await section.getByRole("textbox", { name: "Nazwisko", exact: true }).fill("Wójcik-Łęcka");
  await section.getByRole("textbox", { name: "E-mail", exact: true }).fill("zofia.oferta@example.com");
  await section.getByRole("textbox", { name: "Telefon", exact: true }).fill("601 202-303");
  await section.getByRole("checkbox", { name: /Akceptuję regulamin/ }).check();
  await section.getByRole("checkbox", { name: /Zgadzam się na kontakt telefoniczny lub e-mailowy/ }).check();
  await section.getByText("Nie jestem robotem", { exact: true }).click();
  await expect(section.getByText("Zweryfikowano")).toBeVisible({ timeout: 30_000 });
  const sent = page.waitForResponse("**/api/Contact/SendQuestion");
  await section.getByRole("button", { name: "Wyślij zapytanie" }).click();
  expect((await sent).status()).toBe(200);
  await expect(page).toHaveURL(/\/wyslano-pomyslnie$/);
});

test("home: a carousel below the first screen is hydrated when the visitor comes near it, then works @phone-only", async ({
  page,
  request,
}) => {
  const electric = await (
    await request.post("/api/Home/ElectricVehicles", { data: { ResultsPerPage: 8 } })
  ).json();
  expect(electric.Count, "the demo catalogue has electric cars to scroll through").toBeGreaterThan(1);
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]");
  const track = page.getByTestId("elektryczne-track");
  // React marks every element it has hydrated with its fiber; the server's markup is there either way.
  const hydrated = () => track.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$")));
  await expect(track.getByRole("article").first()).toBeAttached();
  // Still waiting once the page has settled: nothing after hydration (React Router discovering the
  // routes of the page's links did) may make React render it before it is near.
  await page.waitForLoadState("networkidle");
  expect(await hydrated()).toBe(false);

  await track.scrollIntoViewIfNeeded();
  await expect.poll(hydrated).toBe(true);
  await page.getByRole("button", { name: "Samochody elektryczne: następne" }).click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test("home: the carousels are painted in place, nothing below them jumps while the page loads @phone", async ({
  page,
}) => {
  // React outlines a big finished Suspense boundary to the end of the document and reveals it later
  // with a script: the first paint then shows the carousels empty (Lighthouse CLS 0.35 on a phone).
  const html = await (await page.request.get("/")).text();
  expect(
    html.match(/<template id="B:\d+"|<div hidden id="S:\d+"/g),
    "boundaries streamed out of place",
  ).toBeNull();
  // Module preloads ahead of the stylesheet took a slow connection's bandwidth from the first paint.
  expect(html).not.toContain('rel="modulepreload"');
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]");
  // Until the page has settled, not for a set time: the cookie notice has come, the fonts and the
  // pictures on the screen have loaded, and two frames have been laid out since.
  await expect(page.getByRole("region", { name: "Zgoda na pliki cookie" })).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Pictures on the screen only: a carousel's next slides (right of it) load lazily, when scrolled to.
    const onScreen = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect();
      const visible = r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
      return !img.complete && visible;
    });
    await Promise.all(
      onScreen.map(
        (img) =>
          new Promise((settled) => {
            img.addEventListener("load", settled, { once: true });
            img.addEventListener("error", settled, { once: true });
          }),
      ),
    );
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
  });
  // The cookie notice slides the chat button up a little (≈0.01); a carousel appearing late moves a screen.
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.05);
});
