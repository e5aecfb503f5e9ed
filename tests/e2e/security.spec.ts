import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type APIResponse, expect, type Page, test } from "@playwright/test";
import { e2eDataDir, mailsTo } from "../support/e2e-outbox";

/**
 * Security against the production build: security headers with a fresh CSP nonce per page, the
 * development outbox closed to HTTP (mail only in DATA_DIR/outbox), and no CSP violation while a
 * person uses the site: catalogue, offer, live auction, contact form with captcha, chat widget.
 */

function expectHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  expect(h["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(h["content-security-policy"], what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["x-frame-options"], what).toBe("DENY");
  expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], what).toContain("microphone=()");
}

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

test("every kind of response carries the security headers; each page its own nonce", async ({ request }) => {
  // A page rendered for each request (not stored by the page cache, ADR 018) carries a fresh nonce.
  const first = await request.get("/login");
  const second = await request.get("/login");
  expectHeaders(first, "page");
  const nonces = [first, second].map((r) => nonceOf(r.headers()["content-security-policy"]));
  expect(nonces[0]).toBeTruthy();
  expect(nonces[1]).toBeTruthy();
  expect(nonces[0]).not.toBe(nonces[1]);
  const login = await first.text();
  const scriptNonces = [...login.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((m) => m[1]);
  expect(scriptNonces.length).toBeGreaterThan(1);
  expect(new Set(scriptNonces)).toEqual(new Set([nonces[0]]));
  // Every inline script carries it (JSON-LD data blocks are not run, so they need none).
  const inlineOf = (page: string) =>
    [...page.matchAll(/<script\b([^>]*)>(?!<\/script>)([\s\S]*?)<\/script>/g)].filter(
      (m) => !m[1].includes("src=") && !m[1].includes("application/ld+json"),
    );
  for (const m of inlineOf(login)) expect(m[1]).toContain(`nonce="${nonces[0]}"`);

  // A public page served from the page cache repeats its bytes, so it carries no nonce at all: its
  // inline scripts are allowed by their hashes.
  await request.get("/");
  const stored = await request.get("/");
  expectHeaders(stored, "stored page");
  expect(stored.headers()["x-page-cache"]).toBe("hit");
  const storedCsp = stored.headers()["content-security-policy"];
  expect(nonceOf(storedCsp)).toBeUndefined();
  const html = await stored.text();
  expect(html).not.toMatch(/\snonce="/);
  const inline = inlineOf(html);
  expect(inline.length).toBeGreaterThan(1);
  for (const m of inline) {
    const hash = crypto.createHash("sha256").update(m[2]).digest("base64");
    expect(storedCsp).toContain(`'sha256-${hash}'`);
  }

  const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
  const image = /\/api\/OfferImages\/Get\?[^"]+/.exec(html)![0].replaceAll("&amp;", "&");
  for (const [what, url] of [
    ["asset", asset],
    ["image", image],
    ["pdf", "/dokumenty/regulamin-serwisu.pdf"],
    ["api", "/api/OffersFilterData"],
    ["api error", "/api/Nie/Ma"],
    ["missing asset", "/assets/nie-ma-takiego-pliku.js"],
    ["404 page", "/nie-ma-takiej-strony"],
    // Refused (400): live connections are WebSocket only (ADR 022); the refusal has the headers too.
    ["socket.io polling handshake", "/socket.io/?EIO=4&transport=polling"],
  ]) {
    const res = await request.get(url);
    expect(res.status(), what).toBeLessThan(500);
    expectHeaders(res, what);
  }
  expect((await request.get("/nie-ma-takiej-strony")).status()).toBe(404);
  const missing = await request.get("/assets/nie-ma-takiego-pliku.js");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ ErrorCode: 3, ErrorMessage: "Nie ma takiego pliku." });
});

test("the production server has no /dev/outbox: mail is only in DATA_DIR/outbox", async ({ request }) => {
  expect((await request.get("/dev/outbox")).status()).toBe(404);
  expect((await request.get("/dev/outbox.json")).status()).toBe(404);
  expect((await request.get("/dev/outbox.json?to=sprzedaz@marketplace.local")).status()).toBe(404);
  const email = `outbox-${Date.now()}@firma-e2e.pl`;
  const res = await request.post("/api/Register", {
    data: {
      Nip: "5260250274",
      CompanyName: "Firma Skrzynka",
      Street: "ul. Polna 3",
      PostalCode: "30-001",
      City: "Kraków",
      Email: email,
      Password: "Mocne1haslo!",
      RepeatPassword: "Mocne1haslo!",
      AcceptSiteRules: true,
      AcceptAuctionRules: true,
    },
  });
  expect(res.status()).toBe(200);
  const [mail] = await mailsTo(email);
  expect(mail.subject).toContain("Potwierdź adres e-mail");
  expect(fs.existsSync(path.join(e2eDataDir(), "outbox", mail.file))).toBe(true);
});

/** Collects CSP violations: the browser's console reports and `securitypolicyviolation` events. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction("__reportCspViolation", (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return seen;
}

test("a visit through the site breaks no CSP rule", async ({ page }) => {
  const violations = await watchCsp(page);

  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByRole("button", { name: "Akceptuję" }).click();

  await page.goto("/samochody-poleasingowe");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The calculator on the offer page recomputes in the browser.
  await page.waitForLoadState("networkidle");

  // An auction page watches its price live over socket.io.
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/socket.io/"));
  await page.goto("/aukcje-samochodowe");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await socket;

  await page.goto("/formularz-kontaktowy");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByRole("textbox", { name: "Imię", exact: true }).fill("Zofia");
  await page.getByRole("textbox", { name: "Nazwisko", exact: true }).fill("Wójcik-Łęcka");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("zofia.csp@example.com");
  await page.getByRole("textbox", { name: "Telefon", exact: true }).fill("601 202-303");
  await page.getByRole("checkbox", { name: /Akceptuję regulamin/ }).check();
  await page.getByRole("checkbox", { name: /Zgadzam się na kontakt telefoniczny lub e-mailowy/ }).check();
  await page.getByText("Nie jestem robotem", { exact: true }).click();
  await expect(page.getByText("Zweryfikowano")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Wyślij zapytanie" }).click();
  await expect(page).toHaveURL(/\/wyslano-pomyslnie$/);

  await page.getByRole("button", { name: "Czat z konsultantem" }).click();
  await expect(page.getByRole("region", { name: "Czat z konsultantem" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(violations).toEqual([]);
});
