import { expect, test } from "@playwright/test";
import { ownServerPort } from "../support/e2e-ports";
import { startOwnServer } from "../support/own-server";

// A second server with SITE_PASSWORD set (the test-environment gate of spec section 6), on the port
// e2e-ports.ts gives it, with its own data directory.
const port = ownServerPort("sitePassword");
const base = `http://localhost:${port}`;
const password = "tajne-haslo-testowe";
let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(port, { SITE_PASSWORD: password });
});

test.afterAll(async () => {
  await server?.stop();
});

test("with SITE_PASSWORD every page asks for the password until the right one is given", async ({ page }) => {
  const first = await page.goto(`${base}/`);
  expect(first?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Środowisko testowe" })).toBeVisible();
  expect((await page.request.get(`${base}/api/docs`)).status()).toBe(401);

  await page.getByLabel("Hasło").fill("zle-haslo");
  await page.getByRole("button", { name: "Wejdź" }).click();
  await expect(page.getByRole("alert")).toHaveText("Hasło jest nieprawidłowe. Spróbuj ponownie.");

  await page.getByLabel("Hasło").fill(password);
  await page.getByRole("button", { name: "Wejdź" }).click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByRole("navigation", { name: "Menu główne" })).toBeAttached();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The browser now carries the pass: other pages open too, and the API answers.
  const other = await page.goto(`${base}/to-nie-istnieje`);
  expect(other?.status()).toBe(404);
  expect((await page.request.get(`${base}/api/docs`)).status()).toBe(200);
});

test("health checks stay open behind the gate", async ({ request }) => {
  expect((await request.get(`${base}/healthz`)).status()).toBe(200);
});
