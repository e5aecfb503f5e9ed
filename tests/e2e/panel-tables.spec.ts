import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { ownServerPort } from "../support/e2e-ports";
import { expectTabStaysInside } from "../support/focus-trap";
import { waitForHydration } from "../support/hydration";
import { startOwnServer } from "../support/own-server";
import { screenshot } from "../support/screenshot";

/**
 * The panel's tables at 1280 and 1024 px, on a server of their own (the demo catalogue's cars are
 * withdrawn and repriced here): an admin sorts the offers by price, withdraws two ticked ones for a
 * reason given in a dialog, reprices ten by 3 % after looking at the old and new prices, and finds
 * the withdrawals in the audit log by its filters, and gives two cars a label in bulk (after a preview)
 * and one a special promotion on its page, both on the public page at once. Nothing of the table is
 * cut off at 1024 px.
 */
const port = ownServerPort("panelTables");
const dataDir = path.join(os.tmpdir(), `marketplace-e2e-own-${port}`);
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startOwnServer(port, {});
});
test.afterAll(async () => {
  await server?.stop();
});

const admin = { email: "tabele@flotis.example", name: "Tadeusz Tabelski", password: "Tabele2026xx" };
const REASON = "Koniec umowy z dealerem";
const LABEL = "Wyprzedaż zimowa";
const PROMOTION = "Opony zimowe gratis do końca lutego";

/** The table of offers does not reach past its region: no column is cut off or hidden by scrolling. */
async function expectTableFits(page: Page) {
  const region = page.getByRole("region", { name: "Oferty" });
  const [scroll, client] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

const prices = async (page: Page) =>
  (
    await page.getByRole("table", { name: "Oferty" }).locator("tbody tr td:nth-child(5)").allTextContents()
  ).map((t) => Number(t.replace(/\D/g, "")));

/** Two ticked cars get a label in bulk: each car's labels before and after first, then the change. */
async function labelTwoCars(page: Page): Promise<string[]> {
  const boxes = page.getByRole("checkbox", { name: /^Zaznacz ofertę nr/ });
  const labelled = (
    await page.getByRole("table", { name: "Oferty" }).locator("tbody tr td:nth-child(2)").allTextContents()
  ).slice(0, 2);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByLabel("Etykiety i promocje", { exact: true }).selectOption({ label: "Dodaj etykietę" });
  await page.getByLabel("Tekst", { exact: true }).fill(LABEL);
  await page.getByRole("button", { name: "Pokaż zmiany" }).click();
  const labels = page.getByRole("region", { name: "Zmiana etykiet i promocji" });
  await expect(labels.getByRole("heading", { name: `Dodaj etykietę „${LABEL}” (2 z 2)` })).toBeVisible();
  await expect(labels.getByRole("row").filter({ hasText: `(nr ${labelled[0]})` })).toContainText(LABEL);
  await expectNoAxeViolations(page, page.getByRole("region", { name: "Działania na zaznaczonych" }));
  await screenshot(page, { path: "test-results/panel-tables-labels-1280.png", fullPage: true });
  await labels.getByRole("button", { name: "Zatwierdź (2)" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Etykiety i promocje (Dodaj etykietę „${LABEL}”): 2 oferty.` }),
  ).toBeVisible();

  return labelled;
}

/** At 1024 px a car gets a special promotion on its page; its public page shows it and its label. */
async function promoteOnItsPage(narrow: Page, nr: string) {
  await narrow.goto(`/panel/oferty/${nr}`);
  const marketing = narrow.getByRole("form", { name: "Etykiety i promocje" });
  const promotionTexts = marketing.getByLabel(/^Promocja \d$/);
  let free = 0;
  while ((await promotionTexts.nth(free).inputValue()) !== "") free++;
  await promotionTexts.nth(free).fill(PROMOTION);
  await expectNoAxeViolations(narrow, marketing);
  await screenshot(narrow, { path: "test-results/panel-tables-offer-labels-1024.png", fullPage: true });
  await marketing.getByRole("button", { name: "Zapisz etykiety i promocje" }).click();
  await expect(marketing.getByText("Zapisano etykiety i promocje")).toBeVisible();
  await narrow.getByRole("link", { name: "Zobacz na stronie" }).click();
  await expect(narrow.getByText(PROMOTION).first()).toBeVisible();
  await expect(narrow.getByText(LABEL).first()).toBeVisible();
}

test("offers sorted, two withdrawn for a reason, ten repriced by 3 %, the audit log filtered", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await newPage(browser, 1280, server.url);
  await firstSignIn(page, await staffAdd(admin.email, admin.name, "admin", { dataDir, port }), admin, {
    checks: false,
  });
  await page.goto("/panel/oferty?widok=active");
  await waitForHydration(page);

  // Sorted by price: up, then down, each in the address and on the column.
  const priceHead = page.getByRole("columnheader", { name: /Cena netto/ });
  await priceHead.getByRole("link").click();
  await expect(page).toHaveURL(/sortuj=cena/);
  await expect(priceHead).toHaveAttribute("aria-sort", "ascending");
  const up = await prices(page);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await priceHead.getByRole("link").click();
  await expect(page).toHaveURL(/sortuj=-cena/);
  await expect(priceHead).toHaveAttribute("aria-sort", "descending");
  const down = await prices(page);
  expect(down).toEqual([...down].sort((a, b) => b - a));
  await expectTableFits(page);

  // Two ticked and withdrawn: the dialog asks for the reason.
  const boxes = page.getByRole("checkbox", { name: /^Zaznacz ofertę nr/ });
  const withdrawn = await page
    .getByRole("table", { name: "Oferty" })
    .locator("tbody tr td:nth-child(2)")
    .allTextContents();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(page.getByText("Zaznaczono: 2")).toBeVisible();
  await page.getByRole("button", { name: "Wycofaj ze sprzedaży" }).click();
  const dialog = page.getByRole("dialog", { name: "Wycofać zaznaczone oferty (2) ze sprzedaży?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, dialog);
  await expectTabStaysInside(page, dialog);
  await screenshot(page, { path: "test-results/panel-tables-withdraw-1280.png" });
  await dialog.getByRole("button", { name: "Wycofaj" }).click();
  // Without a reason the browser keeps the dialog open.
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Powód wycofania/).fill(REASON);
  await dialog.getByRole("button", { name: "Wycofaj" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Wycofano: 2 oferty." })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Zaznaczono: 0")).toBeVisible();
  for (const nr of withdrawn.slice(0, 2))
    await expect(page.getByRole("checkbox", { name: `Zaznacz ofertę nr ${nr}` })).toHaveCount(0);

  // Ten repriced by 3 % down: the old and new prices first.
  for (let i = 0; i < 10; i++) await boxes.nth(i).check();
  const first = (await prices(page))[0];
  const firstNr = await page
    .getByRole("table", { name: "Oferty" })
    .locator("tbody tr td:nth-child(2)")
    .first()
    .textContent();
  await page.getByLabel("Wartość").fill("3");
  await page.getByRole("button", { name: "Pokaż nowe ceny" }).click();
  const preview = page.getByRole("region", { name: "Nowe ceny" });
  await expect(preview.getByRole("heading", { name: "Nowe ceny: obniżka o 3% (10 z 10)" })).toBeVisible();
  await expect(preview.getByRole("row")).toHaveCount(11);
  const expected = Math.round(first * 0.97);
  await expect(preview.getByRole("row").filter({ hasText: `(nr ${firstNr})` })).toContainText(
    `→ ${new Intl.NumberFormat("pl-PL").format(expected).replace(/\s/g, "\u00a0")}\u00a0zł`,
  );
  await expectNoAxeViolations(page, page.getByRole("region", { name: "Działania na zaznaczonych" }));
  await screenshot(page, { path: "test-results/panel-tables-reprice-1280.png", fullPage: true });
  await preview.getByRole("button", { name: "Zmień ceny (10)" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Zmieniono ceny (obniżka o 3%): 10 ofert." }),
  ).toBeVisible();
  await expect(preview).toBeHidden();
  await expect.poll(() => prices(page)).toContain(expected);

  const labelled = await labelTwoCars(page);

  // At 1024 px the table fits: the wide columns move into each car's line of details.
  const narrow = await newPage(browser, 1024, server.url);
  await narrow.context().addCookies(await page.context().cookies());
  await narrow.goto("/panel/oferty?widok=withdrawn");
  await expect(narrow.getByText(REASON).first()).toBeVisible();
  await expectTableFits(narrow);
  await expect(narrow.getByText("Zdjęcia:").first()).toBeVisible();
  await expectNoAxeViolations(narrow, narrow.getByRole("main"));
  await screenshot(narrow, { path: "test-results/panel-tables-offers-1024.png", fullPage: true });

  await promoteOnItsPage(narrow, labelled[0]);

  // The audit log narrowed to the withdrawals by their reason, the filters in the address.
  await narrow.goto("/panel/dziennik");
  await narrow.getByLabel("Czynność", { exact: true }).selectOption({ label: "Wycofano ofertę" });
  await narrow.getByLabel("Szukaj (osoba, czynność, numer, wartości)").fill("dealerem");
  await narrow.getByRole("button", { name: "Pokaż" }).click();
  await expect(narrow).toHaveURL(/czynnosc=offer\.withdraw.*q=dealerem/);
  await expect(narrow.getByText("Wpisów: 2 (po zawężeniu)")).toBeVisible();
  await expect(narrow.getByRole("table", { name: "Dziennik zmian" }).getByRole("row")).toHaveCount(3);
  await expectNoAxeViolations(narrow, narrow.getByRole("main"));
  await screenshot(narrow, { path: "test-results/panel-tables-audit-1024.png", fullPage: true });
  for (const p of [page, narrow]) await p.context().close();
});
