import os from "node:os";
import path from "node:path";
import { devices, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { ownServerPort } from "../support/e2e-ports";
import { waitForHydration } from "../support/hydration";
import { startOwnServer } from "../support/own-server";
import { screenshot } from "../support/screenshot";
import { startTagStandIn, type TagStandIn } from "../support/tag-stand-in";

// Consent and conversion tracking: a server of its own with both advertising tags configured
// and pointed at a local stand-in of the vendors' hosts, which records every request the browser sends.
const PIXEL_ID = "123456789012345";
const PARTNER_ID = "4242";
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/consent-shots";
let standIn: TagStandIn;
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.describe.configure({ mode: "serial" });

// Not tagged @phone: the desktop project alone runs these (the phone width is a context of its own
// below), so the server and the stand-in on their own ports start once.
test.beforeAll(async () => {
  test.setTimeout(180_000);
  standIn = await startTagStandIn(ownServerPort("consentTags"));
  server = await startOwnServer(ownServerPort("consent"), {
    META_PIXEL_ID: PIXEL_ID,
    META_PIXEL_SCRIPT_URL: `${standIn.origin}/fbevents.js`,
    LINKEDIN_PARTNER_ID: PARTNER_ID,
    LINKEDIN_SCRIPT_URL: `${standIn.origin}/insight.min.js`,
    LINKEDIN_CONVERSION_IDS: "lead=11,callBack=22,registration=33",
    RATE_LIMITS_SCALE: "100",
    LEADS_RATE_LIMIT: "100",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

const calls = (path: string) => standIn.requests.filter((r) => r.path === path).map((r) => r.params);

async function callBack(page: Page, phone: string) {
  await page.goto(`${server.url}/formularz-kontaktowy`);
  const banner = page.getByRole("form", { name: "Zadzwonimy do Ciebie" });
  await banner.getByLabel("Twój numer telefonu").fill(phone);
  await banner.getByLabel(/Zgadzam się na kontakt telefoniczny w sprawie ofert/).check();
  await banner.getByRole("button", { name: "Zadzwońcie do mnie" }).click();
  await expect(page).toHaveURL(/\/przeslano-numer$/);
}

test("nothing reaches the tags before consent or after rejecting; after consent the tags load and the three conversions arrive; withdrawing stops them", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${server.url}/?utm_campaign=zima-2026&fbclid=FB-9`);
  const notice = page.getByRole("region", { name: "Zgoda na pliki cookie" });
  await expect(notice).toBeVisible();
  // The page's CSP names the configured tags' host; their scripts are not requested yet.
  const csp = (await page.request.get(`${server.url}/`)).headers()["content-security-policy"];
  expect(csp).toContain(standIn.origin);
  // The notice; the home page under it is checked whole by the shell's journeys.
  await expectNoAxeViolations(page, notice);
  await screenshot(page, { path: `${SHOTS}/notice-1280.png` });
  // Campaign values are marketing data: not in the browser's storage without that consent.
  expect(await page.evaluate(() => localStorage.getItem("campaignTracking"))).toBeNull();

  const recorded = page.waitForResponse((r) => r.url().endsWith("/api/Consent"));
  await notice.getByRole("button", { name: "Odrzuć wszystkie" }).click();
  expect((await recorded).status()).toBe(200);
  await expect(notice).toHaveCount(0);
  const consent = await page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "null"));
  expect(consent).toMatchObject({ analytics: false, marketing: false, version: 1 });

  await callBack(page, "601 202 505");
  expect(standIn.requests).toEqual([]);

  // The footer reopens the settings: marketing only.
  await page.getByRole("button", { name: "Ustawienia cookie" }).click();
  const settings = page.getByRole("dialog", { name: "Ustawienia plików cookie" });
  await expect(settings).toBeVisible();
  await expect(settings.getByRole("checkbox", { name: /Niezbędne/ })).toBeDisabled();
  await expect(settings.getByRole("checkbox", { name: /Niezbędne/ })).toBeChecked();
  await expect(settings.getByRole("checkbox", { name: /Marketingowe/ })).not.toBeChecked();
  // No analytics tag is configured, so no analytics consent is asked for.
  await expect(settings.getByRole("checkbox")).toHaveCount(2);
  await expectNoAxeViolations(page, settings);
  await screenshot(page, { path: `${SHOTS}/settings-1280.png` });
  await settings.getByRole("checkbox", { name: /Marketingowe/ }).check();
  await settings.getByRole("button", { name: "Zapisz wybór" }).click();
  await expect(settings).toBeHidden();

  // The tags load, as their base code makes them: the pixel's init and page view, LinkedIn's page view.
  await expect
    .poll(() => calls("/tr"))
    .toEqual([
      { a: "init", ev: PIXEL_ID, cd: "{}" },
      { a: "track", ev: "PageView", cd: "{}" },
    ]);
  await expect.poll(() => calls("/collect")).toEqual([{ pid: PARTNER_ID, a: "pageview", conversionId: "" }]);
  // With marketing consent, the campaign values of a landing URL are stored (2 hours, spec section 9).
  await page.goto(`${server.url}/?utm_campaign=zima-2026&fbclid=FB-9`);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("campaignTracking") ?? "null")))
    .toMatchObject({ campaignName: "zima-2026", clickId: "FB-9" });

  // A call-back: the conversion goes to both tags with its parameters.
  await callBack(page, "601 202 506");
  await expect
    .poll(() => calls("/tr").filter((c) => c.ev === "Contact"))
    .toEqual([{ a: "track", ev: "Contact", cd: "{}" }]);
  await expect
    .poll(() => calls("/collect").filter((c) => c.conversionId))
    .toEqual([{ pid: PARTNER_ID, a: "track", conversionId: "22" }]);

  // A lead: the self-financing form.
  await page.goto(`${server.url}/formularz-samofinansowanie`);
  await page.getByRole("textbox", { name: "Imię", exact: true }).fill("Zofia");
  await page.getByRole("textbox", { name: "Nazwisko", exact: true }).fill("Wójcik");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("zofia.zgody@example.com");
  await page.getByRole("textbox", { name: "Telefon", exact: true }).fill("601 202 507");
  await page.getByRole("checkbox", { name: /Akceptuję regulamin/ }).check();
  await page.getByRole("checkbox", { name: /Zgadzam się na kontakt telefoniczny lub e-mailowy/ }).check();
  await page.getByText("Nie jestem robotem", { exact: true }).click();
  await expect(page.getByText("Zweryfikowano")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: /Wyślij/ }).click();
  await expect(page).toHaveURL(/\/wyslano-pomyslnie$/);
  await expect
    .poll(() => calls("/tr").filter((c) => c.ev === "Lead"))
    .toEqual([{ a: "track", ev: "Lead", cd: JSON.stringify({ content_name: "selfFinancing" }) }]);
  await expect.poll(() => calls("/collect").filter((c) => c.conversionId === "11")).toHaveLength(1);

  // A bidder account registered.
  await page.goto(`${server.url}/rejestracja`);
  await page.getByLabel("NIP firmy").fill("1234563218");
  await page.getByRole("button", { name: "Pobierz dane firmy" }).click();
  await page.getByLabel("Nazwa firmy").fill("Transport Zgoda sp. z o.o.");
  await page.getByLabel("Ulica i numer").fill("ul. Leśna 12");
  await page.getByLabel("Kod pocztowy").fill("80-001");
  await page.getByLabel("Miejscowość").fill("Gdańsk");
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill("zgoda@firma-e2e.pl");
  await page.getByLabel("Hasło", { exact: true }).fill("Mocne1haslo!");
  await page.getByLabel("Powtórz hasło").fill("Mocne1haslo!");
  await page.getByLabel(/regulamin serwisu/).check();
  await page.getByLabel(/regulamin aukcji/).check();
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page).toHaveURL(/\/pomyslnie-zarejestrowano$/);
  await expect
    .poll(() => calls("/tr").filter((c) => c.ev === "CompleteRegistration"))
    .toEqual([{ a: "track", ev: "CompleteRegistration", cd: "{}" }]);
  await expect.poll(() => calls("/collect").filter((c) => c.conversionId === "33")).toHaveLength(1);
  // Withdrawn: the tags leave the page (it reloads once) and nothing more reaches their hosts.
  await page.getByRole("button", { name: "Ustawienia cookie" }).click();
  await page
    .getByRole("dialog", { name: "Ustawienia plików cookie" })
    .getByRole("button", { name: "Odrzuć wszystkie" })
    .click();
  await page.waitForLoadState("load");
  await expect(page.locator("script[data-marketing-tag]")).toHaveCount(0);
  expect(await page.evaluate(() => typeof window.fbq)).toBe("undefined");
  expect(await page.evaluate(() => localStorage.getItem("campaignTracking"))).toBeNull();
  const before = standIn.requests.length;
  // What the page asks of the tags' host is seen as the page asks it (not when it arrives there): the
  // conversion would be sent before the page moves on to the thank-you page.
  const toTags: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(standIn.origin)) toTags.push(r.url());
  });
  await callBack(page, "601 202 508");
  expect(toTags).toEqual([]);
  expect(standIn.requests.length).toBe(before);
});

test("a new policy version asks again; on a phone the notice leaves the page's actions free", async ({
  browser,
}) => {
  const context = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  const scripts = () => standIn.requests.filter((r) => r.path.endsWith(".js")).length;
  const scriptsBefore = scripts();
  await page.evaluate(() =>
    localStorage.setItem(
      "cookieConsent",
      JSON.stringify({
        analytics: true,
        marketing: true,
        version: 0,
        date: "2026-01-01T00:00:00.000Z",
        id: "stara-zgoda-1",
      }),
    ),
  );
  const toTags: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(standIn.origin)) toTags.push(r.url());
  });
  await page.reload();
  const notice = page.getByRole("region", { name: "Zgoda na pliki cookie" });
  await expect(notice).toBeVisible();
  // A consent to an older policy is no consent: no tag loads. The tags would be added as the page
  // hydrates (its effects have run once it is marked hydrated), and asked for from the page at once.
  await waitForHydration(page);
  expect(toTags).toEqual([]);
  expect(scripts()).toBe(scriptsBefore);
  // Not a quarter of the first screen: at most a fifth.
  expect((await notice.boundingBox())?.height).toBeLessThanOrEqual(844 / 5);
  await screenshot(page, { path: `${SHOTS}/notice-390.png` });
  await notice.getByRole("button", { name: "Ustawienia plików cookie" }).click();
  const settings = page.getByRole("dialog", { name: "Ustawienia plików cookie" });
  await expect(settings).toBeVisible();
  await expectNoAxeViolations(page, settings);
  await screenshot(page, { path: `${SHOTS}/settings-390.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Ustawienia plików cookie" })).toBeHidden();
  await notice.getByRole("button", { name: "Akceptuję wszystkie" }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(scripts).toBe(scriptsBefore + 2);
  await context.close();
});

test("accepted everything on the public site: no tag and no cookie notice on the consultants' console or the panel", async ({
  browser,
}) => {
  const page = await newPage(browser, 1280, server.url);
  await page.goto("/");
  const before = standIn.requests.length;
  const notice = page.getByRole("region", { name: "Zgoda na pliki cookie" });
  await notice.getByRole("button", { name: "Akceptuję wszystkie" }).click();
  // The public page's tags: two scripts, the pixel's init and page view, LinkedIn's page view.
  await expect.poll(() => standIn.requests.length).toBe(before + 5);

  const toTags: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(standIn.origin)) toTags.push(r.url());
  });
  // An administrator (the console opens for the roles with the chat) signs in to the panel.
  const port = ownServerPort("consent");
  const who = { email: "konsola-zgody@flotis.example", name: "Olga Konsola", password: "HasloPanelu2026!" };
  const link = await staffAdd(who.email, who.name, "admin", {
    dataDir: path.join(os.tmpdir(), `marketplace-e2e-own-${port}`),
    port,
  });
  await firstSignIn(page, link, who, { checks: false });
  for (const staffPath of ["/konsultant", "/panel"]) {
    await page.goto(staffPath);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Zgoda na pliki cookie" })).toHaveCount(0);
    await expect(page.locator("script[data-marketing-tag]")).toHaveCount(0);
    expect(await page.evaluate(() => typeof window.fbq), staffPath).toBe("undefined");
  }
  // The consent still stands: back on the public site the tags load again.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cookieConsent") ?? "{}").marketing)).toBe(
    true,
  );
  expect(toTags).toEqual([]);
  await page.goto("/kontakt");
  await expect(page.locator("script[data-marketing-tag]")).toHaveCount(2);
  await page.context().close();
});
