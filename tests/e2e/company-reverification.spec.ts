import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { type AuctionScene, startAuctionScene } from "../support/e2e-auction-server";
import { ownServerPort } from "../support/e2e-ports";

/**
 * Company data after verification: the settings form says that a new NIP or company name
 * means a new verification, and says so again once it has been saved. Own server (e2e-ports.ts).
 */
const port = ownServerPort("companyReverification");
let scene: AuctionScene;

test.beforeAll(async () => {
  scene = await startAuctionScene(port, path.join(os.tmpdir(), `company-reverify-e2e-${port}`), 30 * 60_000);
});
test.afterAll(async () => {
  await scene?.stop();
});

test("changing the NIP in the settings sends the account back to verification, as the form says", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: scene.url, locale: "pl-PL" });
  const page = await context.newPage();
  await page.goto("/login?returnTo=%2Fustawienia");
  await page.getByLabel("Adres e-mail").fill(scene.anna.email);
  await page.getByLabel("Hasło").fill(scene.anna.password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page).toHaveURL(/\/ustawienia$/);

  const form = page.getByRole("form", { name: "Dane firmy" });
  await expect(
    form.getByText("Zmiana NIP-u lub nazwy firmy wymaga ponownej weryfikacji konta", { exact: false }),
  ).toBeVisible();
  await form.getByLabel("NIP").fill("123-456-32-18");
  await form.getByRole("button", { name: "Zapisz dane firmy" }).click();
  await expect(
    form.getByText("Zmieniono NIP lub nazwę firmy: sprawdzamy dane ponownie.", { exact: false }),
  ).toBeVisible();
  await expect(form.getByLabel("NIP")).toHaveValue("123-456-32-18");
  await expectNoAxeViolations(page);
  await context.close();
});
