import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { type AuctionScene, startAuctionScene } from "../support/e2e-auction-server";
import { ownServerPort } from "../support/e2e-ports";
import { screenshot } from "../support/screenshot";

/**
 * Company data after verification: the settings form says that a new NIP or company name
 * means a new verification, and says so again once it has been saved; an auction's page then shows
 * why the person cannot bid instead of the bid box. A profile to complete comes before the auction
 * the bidder was going to, and leads back to it. Own server (e2e-ports.ts).
 */
const port = ownServerPort("companyReverification");
const shots = path.join(os.tmpdir(), "auctions-shots");
let scene: AuctionScene;

// One scene (one server) for both journeys.
test.describe.configure({ mode: "serial" });
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

  // On an auction's page the bid box is replaced by the reason and the way out (it used to be offered,
  // and the refused bid turned the page into the not-found page).
  await page.goto(`/aukcje-samochodowe/volkswagen-passat-id-${scene.live}`);
  const panel = page.getByTestId(`auction-panel-${scene.live}`);
  const refused = panel.getByTestId("bidding-refused");
  await expect(refused).toContainText("Nie możesz jeszcze licytować w tej aukcji.");
  await expect(refused).toContainText("Zmieniono NIP lub nazwę firmy: sprawdzamy dane ponownie.");
  await expect(panel.getByRole("button", { name: "Licytuj" })).toHaveCount(0);
  await expectNoAxeViolations(page, refused);
  await screenshot(page, { path: path.join(shots, "weryfikacja-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await refused.scrollIntoViewIfNeeded();
  await screenshot(page, { path: path.join(shots, "weryfikacja-390.png") });
  await refused.getByRole("link", { name: "Sprawdź dane firmy w ustawieniach konta" }).click();
  await expect(page).toHaveURL(/\/ustawienia$/);
  await context.close();
});

test("a profile to complete comes first, then the bidder is back on the auction with its bid box", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: scene.url, locale: "pl-PL" });
  const page = await context.newPage();
  const auction = `/aukcje-samochodowe/volkswagen-passat-id-${scene.live}`;
  await page.goto(`/login?returnTo=${encodeURIComponent(auction)}`);
  await page.getByLabel("Adres e-mail").fill(scene.ewa.email);
  await page.getByLabel("Hasło").fill(scene.ewa.password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page).toHaveURL(/\/ustawienia\?editmode=true&returnTo=/);
  const form = page.getByRole("form", { name: "Uzupełnienie danych konta" });
  await form.getByLabel("Nazwisko").fill("Wiśniewska");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Zapisz dane" }).click();
  await expect(page).toHaveURL(new RegExp(`${auction}$`));
  await expect(
    page.getByTestId(`auction-panel-${scene.live}`).getByRole("button", { name: "Licytuj" }),
  ).toBeVisible();
  await context.close();
});
