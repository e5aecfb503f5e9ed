import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { ownServerPort } from "../support/e2e-ports";
import { waitForHydration } from "../support/hydration";
import { startOwnServer } from "../support/own-server";
import { screenshot } from "../support/screenshot";

/**
 * A sales person's day in the panel, on a server of its own (the queue's counts are exact only where
 * no other journey sends leads): two call-backs come; "Moja praca" lists both against the 4-hour
 * promise and the menu counts them; the seller takes one there and the count drops; the dashboard
 * shows the contact in time, its table and its CSV file. At 1280 and 1024 px.
 */
const port = ownServerPort("panelWork");
let server: { url: string; stop(): Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer(port, { PUBLIC_URL: `http://localhost:${port}` });
});
test.afterAll(async () => {
  await server?.stop();
});

const seller = { email: "praca@flotis.example", name: "Patrycja Pracowita", password: "Praca2026xx" };
const menu = (page: Page) => page.getByRole("navigation", { name: "Panel" });

async function callBack(phone: string): Promise<number> {
  const res = await fetch(`${server.url}/api/FastCall/Post`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ PhoneNumber: phone, ConversationTopic: "Leasing" }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { LeadId: number }).LeadId;
}

test("a seller takes a lead from my work, the menu's count drops, and the dashboard shows it with a CSV", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const first = await callBack("601 100 200");
  const second = await callBack("601 100 300");

  const page = await newPage(browser, 1280, server.url);
  const dataDir = path.join(os.tmpdir(), `marketplace-e2e-own-${port}`);
  await firstSignIn(page, await staffAdd(seller.email, seller.name, "sales", { dataDir, port }), seller);
  await waitForHydration(page);
  await expect(menu(page).getByRole("link", { name: "Zgłoszenia: 2 do obsłużenia" })).toBeVisible();
  const queue = page.getByRole("table", { name: "Nowe zgłoszenia bez opiekuna" });
  await expect(page.getByRole("heading", { name: "Nowe zgłoszenia bez opiekuna: 2" })).toBeVisible();
  // Oldest first, each with the time left of its 4 hours.
  await expect(queue.getByRole("row").nth(1)).toContainText(`${first}`);
  await expect(queue.getByRole("row").nth(1)).toContainText(/do terminu: (4 godziny|3 godziny \d+ minut)/);
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: "test-results/panel-work-1280.png", fullPage: true });

  await queue.getByRole("button", { name: `Biorę zgłoszenie nr ${first}` }).click();
  await expect(page.getByText(`Zgłoszenie nr ${first} jest Twoje i w toku.`)).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Zgłoszenia: 1 do obsłużenia" })).toBeVisible();
  const mine = page.getByRole("table", { name: "Moje otwarte zgłoszenia" });
  await expect(mine).toContainText(/czas do kontaktu: \d+ minut\w* \(w terminie\)/);
  await expect(queue.getByRole("row")).toHaveCount(2);
  await expect(queue).toContainText(`${second}`);

  // The dashboard: the taken lead was contacted in time, the other still has time.
  await menu(page).getByRole("link", { name: "Statystyki" }).click();
  await expect(page.getByRole("heading", { name: "Statystyki", level: 1 })).toBeVisible();
  await expect(page.getByText("100% (1 z 1)")).toBeVisible();
  await expect(
    page.getByRole("img", { name: "Zgłoszenia dziennie według źródła", exact: false }),
  ).toBeVisible();
  const contact = page.getByRole("region", { name: "Czas do pierwszego kontaktu", exact: false });
  await contact.getByText("Tabela danych").click();
  await expect(contact.getByRole("row", { name: "do 1 godziny 1 50" })).toBeVisible();
  await expect(contact.getByRole("row", { name: "bez kontaktu, jeszcze w terminie 1 50" })).toBeVisible();
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: "test-results/panel-dashboard-1280.png", fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    contact.getByRole("link", { name: /^Pobierz CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^statystyki-kontakt-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  expect(csv).toContain("Czas do pierwszego kontaktu;Zgłoszenia;Udział (%)\r\n");
  expect(csv).toContain("do 1 godziny;1;50\r\n");

  // A laptop's 1024 px: the start page and the dashboard fit without scrolling sideways.
  const laptop = await newPage(browser, 1024, server.url);
  await laptop.context().addCookies(await page.context().cookies());
  for (const [address, shot] of [
    ["/panel", "panel-work-1024.png"],
    ["/panel/statystyki", "panel-dashboard-1024.png"],
  ] as const) {
    await laptop.goto(address);
    await expect(menu(laptop).getByRole("link", { name: "Zgłoszenia: 1 do obsłużenia" })).toBeVisible();
    expect(await laptop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await screenshot(laptop, { path: `test-results/${shot}`, fullPage: true });
  }
  await laptop.context().close();
  await page.context().close();
});
