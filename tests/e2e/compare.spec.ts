import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { OfferList, OfferTile } from "../../src/domain/catalogue/offer";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration } from "../support/hydration";
import { screenshot } from "../support/screenshot";

// Comparing cars: three chosen from list tiles and an offer page, a fourth refused, the comparison
// page with the differences marked, every car's instalments at the same terms, and its address
// shared with a fresh browser. On a phone the cars' columns swipe while the row labels stay.

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/compare35-shots";
const zl = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

async function newCars(request: APIRequestContext): Promise<OfferTile[]> {
  const res = await request.post("/api/Offers/NewVehicles", { data: { ResultsPerPage: 40 } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as OfferList).Tails;
}

const addButton = (page: Page, name: string) =>
  page.getByRole("button", { name: `Dodaj do porównania: ${name}`, exact: true });
const removeButton = (page: Page, name: string) =>
  page.getByRole("button", { name: `Usuń z porównania: ${name}`, exact: true });

/** The names of the list's first tiles, in the order shown. */
async function tileNames(page: Page, n: number): Promise<string[]> {
  const buttons = page.getByRole("button", { name: /^Dodaj do porównania: / });
  await expect(buttons.nth(n - 1)).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const label = (await buttons.nth(i).getAttribute("aria-label")) ?? "";
    names.push(label.replace("Dodaj do porównania: ", ""));
  }
  return names;
}

/** The value of a row of the comparison in one car's column (1-based, after the label column). */
const cell = (table: Locator, row: string, column: number) =>
  table
    .getByRole("row")
    .filter({ has: table.page().getByRole("rowheader", { name: row }) })
    .getByRole("cell")
    .nth(column - 1);

/**
 * Differences are marked; "Pokaż tylko różnice" hides the rows where the cars are alike, and stays in
 * the address so that a reload or a shared link shows the same.
 */
async function onlyDifferences(page: Page, table: Locator) {
  const rows = table.locator("tbody tr[data-differs]");
  const alike = table.locator('tbody tr[data-differs="false"]');
  await expect(table.locator('tbody tr[data-differs="true"]').first()).toContainText("różni się");
  const alikeBefore = await alike.count();
  expect(alikeBefore, "the three cars share some rows").toBeGreaterThan(0);
  const allBefore = await rows.count();
  await page.getByRole("checkbox", { name: "Pokaż tylko różnice" }).check();
  await expect(alike).toHaveCount(0);
  await expect(rows).toHaveCount(allBefore - alikeBefore);
  // The choice is in the address: a reload (or the link sent to someone) shows only the differences.
  await expect(page).toHaveURL(/[?&]roznice=1/);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Pokaż tylko różnice" })).toBeChecked();
  await expect(rows).toHaveCount(allBefore - alikeBefore);
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Pokaż tylko różnice" }).uncheck();
  await expect(page).not.toHaveURL(/roznice/);
  await expect(rows).toHaveCount(allBefore);
}

/**
 * On a phone's offer page, one bar at the bottom: the page's contact bar carries the comparison's
 * link, and the chat's button stands above it, over neither the bar nor the photo's controls.
 */
async function oneBarOnAPhone(page: Page) {
  const bar = page.getByTestId("compare-bar");
  const contact = page.getByTestId("contact-bar");
  await expect(bar).toBeHidden();
  await expect(contact.getByRole("link", { name: "Zapytaj o samochód" })).toBeInViewport({ ratio: 1 });
  await expect(contact.getByRole("link", { name: "Porównaj: 3 samochody" })).toBeInViewport({ ratio: 1 });
  // Not by its role: stepped aside, the button is out of the accessibility tree.
  const chat = page.locator("button", { hasText: "Czat z konsultantem" });
  const [chatBox, contactBox] = [await chat.boundingBox(), await contact.boundingBox()];
  expect((chatBox?.y ?? 0) + (chatBox?.height ?? 0)).toBeLessThanOrEqual(contactBox?.y ?? 0);
  await expectNoAxeViolations(page, contact);
  // On a shorter phone screen the photo's next-arrow lies where the chat's button floats: it steps
  // aside, and the arrow takes the tap.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 520 });
  const next = page.getByRole("button", { name: "Następne zdjęcie" });
  const [nextBox, chatThere] = [await next.boundingBox(), await chat.boundingBox()];
  expect((nextBox?.y ?? 0) + (nextBox?.height ?? 0)).toBeGreaterThan(chatThere?.y ?? 0);
  await expect(chat).toHaveAttribute("data-stepped-aside", "true");
  await next.click();
  if (size) await page.setViewportSize(size);
}

test("compare three cars from tiles and an offer page, refuse a fourth, share the link @phone", async ({
  page,
  request,
  browser,
}, info) => {
  const phone = info.project.name === "phone";
  const cars = await newCars(request);
  await page.goto("/nowe-samochody");
  await page.getByRole("button", { name: "Akceptuję" }).click();
  await waitForHydration(page);
  const names = await tileNames(page, 4);
  // The third car comes from its offer page: one in leasing and rent that is not among the tiles used.
  const detailCar = cars.find(
    (c) =>
      c.IsLeasingAvailable && c.IsRentAvailable && c.TotalPriceNetto !== null && !names.includes(c.MakeModel),
  );
  expect(detailCar, "the demo catalogue has a financed new car beyond the first tiles").toBeTruthy();
  const third = detailCar as OfferTile;

  // Two from the list's tiles: each toggle says what it does and shows its state.
  for (const name of names.slice(0, 2)) {
    await addButton(page, name).click();
    await expect(removeButton(page, name)).toHaveAttribute("aria-pressed", "true");
  }
  const bar = page.getByTestId("compare-bar");
  await expect(bar.getByRole("status")).toHaveText("Do porównania: 2 samochody");
  // One row, also on a phone, where it stands over the offer page's contact bar.
  expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(64);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: `${SHOTS}/list-bar-${info.project.name}.png` });

  // The third from its offer page, beside the favourite heart.
  await page.goto(third.Url);
  await waitForHydration(page);
  await addButton(page, third.MakeModel).click();
  await expect(removeButton(page, third.MakeModel)).toHaveAttribute("aria-pressed", "true");
  if (phone) {
    await oneBarOnAPhone(page);
  } else await expect(bar.getByRole("status")).toHaveText("Do porównania: 3 samochody");
  await screenshot(page, { path: `${SHOTS}/detail-bar-${info.project.name}.png` });

  // A fourth is refused with a message, and the choice stays as it was.
  await page.goto("/nowe-samochody");
  await waitForHydration(page);
  await addButton(page, names[3]).click();
  await expect(
    page.getByText("Porównać można najwyżej 3 samochody. Usuń jeden z porównania, aby dodać ten."),
  ).toBeVisible();
  await expect(addButton(page, names[3])).toHaveAttribute("aria-pressed", "false");
  await expect(bar.getByRole("status")).toHaveText("Do porównania: 3 samochody");

  // The comparison: its address names the three cars.
  await bar.getByRole("link", { name: "Porównaj" }).click();
  await expect(page).toHaveURL(new RegExp(`/porownanie\\?oferty=\\d+,\\d+,${third.AuctionId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Porównanie samochodów" })).toBeVisible();
  const table = page.getByRole("table");
  const heads = table.getByRole("columnheader");
  for (const name of [...names.slice(0, 2), third.MakeModel])
    await expect(heads.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByTestId("compare-bar")).toHaveCount(0);

  // Every car's leasing and rent at the same, stated terms (the calculator's defaults): what the
  // calculator API answers for that car at them, above the car's lowest "od" instalment.
  await expect(page.getByText(/Leasing: 48\u00a0mies\., opłata wstępna 10%, wykup 20%/)).toBeVisible();
  const atSameTerms = async (product: string, terms: Record<string, number>) => {
    const res = await request.post(`/api/InstallmentCalculator/${product}`, {
      data: { AuctionId: third.AuctionId, AdditionalServices: [], Insurance: "financed", ...terms },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { InstallmentPriceNetto: number }).InstallmentPriceNetto;
  };
  const leasingCell = zl(await cell(table, "Leasing: rata netto/mies.", 3).textContent());
  expect(leasingCell).toBe(await atSameTerms("Leasing", { Period: 48, OwPercent: 10, RvPercent: 20 }));
  expect(leasingCell).toBeGreaterThan(third.LeasePriceDiscount ?? (third.LeasePrice as number));
  const rentCell = zl(await cell(table, "Najem: rata netto/mies.", 3).textContent());
  expect(rentCell).toBe(await atSameTerms("LongTimeRent", { Period: 36, OwPercent: 0, Mileage: 20_000 }));
  expect(zl(await cell(table, "Leasing: koszt całkowity brutto", 3).textContent())).toBeGreaterThan(0);

  await onlyDifferences(page, table);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: `${SHOTS}/comparison-${info.project.name}.png`, fullPage: true });

  if (phone) {
    // The cars' columns swipe and snap one by one; the row labels stay in place on the left.
    const scroller = page.getByTestId("comparison-scroller");
    const label = table.getByRole("rowheader", { name: "Rok produkcji" });
    const labelBox = await label.boundingBox();
    await scroller.evaluate((el) => el.scrollBy({ left: 120 }));
    // Snapping brings the second car's column to the labels' edge.
    await expect
      .poll(async () => Math.round((await heads.nth(1).boundingBox())?.x ?? -1))
      .toBe(Math.round((labelBox?.x ?? 0) + (labelBox?.width ?? 0)));
    expect((await label.boundingBox())?.x).toBe(labelBox?.x);
    await screenshot(page, { path: `${SHOTS}/comparison-swiped-${info.project.name}.png` });
  }

  // The shared link in a fresh browser shows the same cars and figures.
  const address = page.url();
  const leasing = await cell(table, "Leasing: rata netto/mies.", 3).textContent();
  const use = info.project.use;
  const fresh = await browser.newContext({
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: "pl-PL",
  });
  const other = await fresh.newPage();
  await other.goto(address);
  const otherTable = other.getByRole("table");
  for (const name of [...names.slice(0, 2), third.MakeModel])
    await expect(otherTable.getByRole("columnheader").getByRole("link", { name, exact: true })).toBeVisible();
  await expect(cell(otherTable, "Leasing: rata netto/mies.", 3)).toHaveText(leasing ?? "");
  await fresh.close();
});

test("on a phone the page stays as wide as the phone, also with a value a car lacks @phone", async ({
  page,
  request,
}) => {
  // An electric car has no engine capacity: its cell says "brak" to screen readers only.
  const res = await request.post("/api/Offers/NewVehicles", { data: { FuelTypes: ["EL"] } });
  const [electric] = ((await res.json()) as OfferList).Tails;
  const [a, b] = (await newCars(request)).filter((t) => t.AuctionId !== electric.AuctionId);
  await page.goto(`/porownanie?oferty=${a.AuctionId},${b.AuctionId},${electric.AuctionId}`);
  await expect(page.getByRole("table").getByText("brak").first()).toBeAttached();
  // Only the table's columns move sideways, never the page (a wider page was zoomed out to fit).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()?.width);
  // A line above the table says which car of how many is in view and that the others are a swipe away.
  if ((page.viewportSize()?.width ?? 0) >= 640) return; // a wide screen shows every column
  const hint = page.getByTestId("comparison-hint");
  await expect(hint).toHaveText(/^Samochód 1 z 3\s*Przesuń tabelę w bok, aby zobaczyć kolejne/);
  await expectNoAxeViolations(page, hint);
  const scroller = page.getByTestId("comparison-scroller");
  const column = await page
    .getByRole("table")
    .getByRole("columnheader")
    .first()
    .evaluate((th) => th.getBoundingClientRect().width);
  await scroller.evaluate((el, by) => el.scrollBy({ left: by }), column);
  await expect(hint).toHaveText(/^Samochód 2 z 3/);
  await scroller.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
  await expect(hint).toHaveText(/^Samochód 3 z 3\s*Przesuń tabelę w bok, aby wrócić/);
  await screenshot(page, { path: `${SHOTS}/comparison-hint-phone.png` });
});

test("a shared address with offers gone and bad ids shows what it can, with notes", async ({
  page,
  request,
}) => {
  const [car] = await newCars(request);
  await page.goto(`/porownanie?oferty=abc,${car.AuctionId},${car.AuctionId},-1,2000000000`);
  await expect(page.getByText("Pominęliśmy 2 nieprawidłowe identyfikatory oferty w adresie.")).toBeVisible();
  await expect(
    page.getByText("Oferta nr 2000000000 nie jest już dostępna, więc nie ma jej w porównaniu."),
  ).toBeVisible();
  await expect(
    page.getByRole("table").getByRole("columnheader").getByRole("link", { name: car.MakeModel, exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
