import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { OfferList, OfferTile } from "../../src/domain/catalogue/offer";
import { makeSlug } from "../../src/domain/make-slug";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration } from "../support/hydration";
import { screenshot } from "../support/screenshot";

// The journeys read the catalogue through the API first, so they hold for any demo data.

async function list(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown> = {},
): Promise<OfferList> {
  const res = await request.post(`/api${path}`, { data: body });
  expect(res.ok()).toBe(true);
  return (await res.json()) as OfferList;
}

async function count(request: APIRequestContext, body: Record<string, unknown>): Promise<number> {
  const res = await request.post("/api/Offers/Count", { data: body });
  return ((await res.json()) as { Count: number }).Count;
}

async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByTestId("result-count").textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

test("home shows the slider and the four carousels, and the dots move the slider", async ({
  page,
  request,
}) => {
  await page.goto("/");
  for (const name of [
    "Nowe samochody",
    "Samochody poleasingowe",
    "Kończące się aukcje",
    "Samochody elektryczne",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
  const newCars = await list(request, "/Home/NewVehicles", { ResultsPerPage: 8 });
  const track = page.getByTestId("nowe-track");
  if (newCars.Count > 0)
    await expect(track.getByRole("article").first()).toContainText(newCars.Tails[0].MakeModel);

  const slides = page.locator('[aria-roledescription="slajd"]');
  const n = await slides.count();
  if (n > 1) {
    await page.getByRole("button", { name: "Pokaż slajd 2" }).click();
    await expect(slides.nth(1)).toHaveAttribute("data-active", "true");
    // The timer restarted at the click: the slider then moves on by itself.
    await expect(slides.nth(2 % n)).toHaveAttribute("data-active", "true", { timeout: 9000 });
    await page.getByRole("button", { name: "Zatrzymaj" }).click();
    await expect(page.getByRole("button", { name: "Wznów" })).toBeVisible();
  }
  // The slider after its controls were used; the home page whole: the shell's journeys.
  await expectNoAxeViolations(
    page,
    page.locator('[aria-roledescription="karuzela"]', { has: slides }).first(),
  );
});

test("a carousel fetches the next page near its end", async ({ page, request }) => {
  const all = await list(request, "/Home/NewVehicles", { ResultsPerPage: 8 });
  expect(all.Count, "the demo catalogue has more than one page of new cars").toBeGreaterThan(8);
  await page.goto("/");
  const track = page.getByTestId("nowe-track");
  await expect(track.getByRole("article")).toHaveCount(8);
  // The buttons scroll once React has taken over; each scroll is smooth, and a click during one starts
  // from where it has got to, so clicks made at once moved the track less than a page each. The
  // visitor clicks on, as a person would, until the next page has come.
  await waitForHydration(page);
  await expect
    .poll(async () => {
      await page.getByRole("button", { name: "Nowe samochody: następne" }).click();
      return track.getByRole("article").count();
    })
    .toBeGreaterThan(8);
});

test("filters by make, body type, fuel and price with the URL following and back working", async ({
  page,
  request,
}) => {
  await page.goto("/lista-pojazdow");
  const total = await shownCount(page);
  expect(total).toBe(await count(request, {}));
  // This journey is about the filters once the page is interactive (before-hydration.spec.ts covers
  // the time before): a tick made as React hydrated was undone once on a loaded CI machine.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  const data = await (await request.get("/api/OffersFilterData")).json();
  const make: string = data.MakesAndModels[0].Make.Value;
  await page.getByRole("checkbox", { name: data.MakesAndModels[0].Make.Name, exact: true }).check();
  await expect(page).toHaveURL(new RegExp(`makes=${encodeURIComponent(make).replace(/%20/g, "(\\+|%20)")}`));
  await expect.poll(() => shownCount(page)).toBe(await count(request, { Makes: [make] }));
  const afterMake = await shownCount(page);

  const body = data.BodyTypes[0];
  await page.getByRole("checkbox", { name: body.Name, exact: true }).check();
  await expect(page).toHaveURL(/bodyType=/);
  await expect
    .poll(() => shownCount(page))
    .toBe(await count(request, { Makes: [make], BodyTypes: [body.Value] }));

  const fuel = data.FuelTypes[0];
  await page.getByRole("checkbox", { name: fuel.Name, exact: true }).check();
  await expect(page).toHaveURL(/fuelType=/);
  await expect
    .poll(() => shownCount(page))
    .toBe(await count(request, { Makes: [make], BodyTypes: [body.Value], FuelTypes: [fuel.Value] }));

  // Each change is a history entry once the list has loaded it (an interrupted navigation is not).
  await page.getByRole("checkbox", { name: fuel.Name, exact: true }).uncheck();
  await expect(page).not.toHaveURL(/fuelType=/);
  await page.getByRole("checkbox", { name: body.Name, exact: true }).uncheck();
  await expect(page).not.toHaveURL(/bodyType=/);
  await expect.poll(() => shownCount(page)).toBe(afterMake);
  const priceTo = page.getByRole("group", { name: "Cena netto" }).getByLabel("do (zł)");
  await priceTo.fill("150000");
  await priceTo.press("Enter");
  await expect(page).toHaveURL(/priceTo=150000/);
  await expect.poll(() => shownCount(page)).toBe(await count(request, { Makes: [make], PriceTo: 150_000 }));

  // Back walks through the filter history, the list following the URL.
  await page.goBack();
  await expect(page).not.toHaveURL(/priceTo|fuelType|bodyType/);
  await expect(page).toHaveURL(/makes=/);
  await expect.poll(() => shownCount(page)).toBe(afterMake);
  await expect(
    page.getByRole("checkbox", { name: data.MakesAndModels[0].Make.Name, exact: true }),
  ).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/bodyType=/);
  await expect(page).not.toHaveURL(/fuelType=/);
  await expect(page.getByRole("checkbox", { name: body.Name, exact: true })).toBeChecked();
  await page.goForward();
  await expect(page).not.toHaveURL(/bodyType=/);

  // A reload of a filtered URL shows the same list (it can be shared).
  await page.reload();
  expect(await shownCount(page)).toBe(afterMake);
  await expectNoAxeViolations(page);
});

test("a private buyer sees what a private person can buy: cash prices brutto, no instalments or auctions @phone", async ({
  page,
  request,
}) => {
  await page.goto("/lista-pojazdow?financialMethod=installment");
  await waitForHydration(page);
  const filters = page.locator('aside[aria-label="Filtry"]');
  const openFilters = page.getByRole("button", { name: /^Filtry/ });
  if (await openFilters.isVisible()) await openFilters.click();
  await filters.getByRole("radio", { name: "prywatnie" }).check();
  await expect(page).toHaveURL(/isCompany=false/);
  // The company-only filters go: the instalment way of paying, the instalment range, auctions.
  await expect(page).not.toHaveURL(/financialMethod=installment/);
  await expect(filters.getByTestId("private-buyer-note")).toContainText(
    "Leasing, najem i aukcje są dla firm.",
  );
  await expect(filters.getByRole("group", { name: "Cena brutto" })).toBeVisible();
  await expect(filters.getByRole("group", { name: /Rata miesięczna/ })).toHaveCount(0);
  await expect(filters.getByRole("radio", { name: /rata miesięczna/ })).toHaveCount(0);
  await expect(filters.getByRole("checkbox", { name: "Poleasingowe", exact: true })).toBeVisible();
  await expect(filters.getByRole("checkbox", { name: "Aukcje", exact: true })).toHaveCount(0);
  await expect.poll(() => shownCount(page)).toBe(await count(request, { IsCompany: false }));
  expect(await count(request, { IsCompany: false })).toBeLessThan(await count(request, {}));
  const done = page.getByRole("button", { name: /^Pokaż \d/ });
  if (await done.isVisible()) await done.click();
  const tiles = page.getByRole("main").getByRole("article");
  await expect(tiles.first()).toBeVisible();
  await expect(tiles.first()).toContainText("brutto");
  await expect(page.getByRole("main").getByText(/^(Leasing|Najem) od$/)).toHaveCount(0);
  await expect(page.getByTestId("instalment-terms")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A search from the header keeps the private view.
  const openSearch = page.getByRole("button", { name: "Szukaj" });
  if (await openSearch.isVisible()) await openSearch.click();
  const box = page.getByRole("combobox", { name: "Szukaj samochodu" }).locator("visible=true");
  await box.fill("toyota");
  await box.press("Enter");
  await expect(page).toHaveURL(/search=toyota/);
  await expect(page).toHaveURL(/isCompany=false/);
  await expect(page.getByRole("main").getByText(/^(Leasing|Najem) od$/)).toHaveCount(0);

  // The offer opened from a private list shows the private prices and the calculator at "prywatnie".
  await tiles.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\?isCompany=false$/);
  const price = page.getByRole("complementary", { name: "Cena" });
  await expect(price.getByText("Gotówka", { exact: true })).toBeVisible();
  await expect(price).toContainText("brutto");
  await expect(price.getByText(/^(Leasing|Najem) od$/)).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "prywatnie" }).last()).toBeChecked();
  // Compared from here, the cars keep a private buyer's prices: brutto cash, no instalments. (The
  // cookie notice, still unanswered, lies over the comparison bar.)
  await page.getByRole("button", { name: "Akceptuję" }).click();
  await page
    .getByRole("button", { name: /^Dodaj do porównania: / })
    .first()
    .click();
  // The comparison bar's link, or on a phone the one bottom bar's "Porównaj: 1 samochód" (ADR 054).
  await page
    .getByRole("link", { name: /^Porównaj(: \d)?/ })
    .locator("visible=true")
    .first()
    .click();
  await expect(page).toHaveURL(/\/porownanie\?oferty=\d+&isCompany=false$/);
  const compared = page.getByRole("table", { name: "Porównanie wybranych samochodów" });
  await expect(compared.getByRole("rowheader", { name: "Cena za gotówkę brutto" })).toBeVisible();
  await expect(
    compared.getByRole("rowheader", { name: /^(Leasing|Najem|Cena za gotówkę netto)/ }),
  ).toHaveCount(0);
  await expect(page.getByText(/^Ceny brutto dla osoby prywatnej/)).toBeVisible();
  await page.goBack();
  // One click back to the company view.
  await price.getByRole("link", { name: "Kupujesz na firmę? Pokaż ceny netto, leasing i najem" }).click();
  await expect(page).not.toHaveURL(/isCompany/);
  await expect(price.getByText(/^(Leasing|Najem) od$/).first()).toBeVisible();
});

test("a private buyer's choice lasts the visit: other lists and tabs, the home page, offers and auctions; 'na firmę' ends it @phone", async ({
  page,
  request,
}) => {
  test.slow(); // six pages, two of them loaded whole twice
  const shot = (name: string) =>
    screenshot(page.getByRole("complementary", { name: "Cena" }), {
      path: `test-results/private-buyer-${name}-${test.info().project.name}.png`,
    });
  const filters = page.locator('aside[aria-label="Filtry"]');
  const choose = async (name: "prywatnie" | "na firmę") => {
    const openFilters = page.getByRole("button", { name: /^Filtry/ });
    if (await openFilters.isVisible()) await openFilters.click();
    await filters.getByRole("radio", { name }).check();
    const done = page.getByRole("button", { name: /^Pokaż \d/ });
    if (await done.isVisible()) await done.click();
  };
  const tiles = page.getByRole("main").getByRole("article");
  const instalments = page.getByRole("main").getByText(/^(Leasing|Najem) od$/);
  await page.goto("/lista-pojazdow");
  await waitForHydration(page);
  await choose("prywatnie");
  await expect(page).toHaveURL(/isCompany=false/);

  // Another list loaded whole (a typed address, a new tab) takes the choice as its scripts start.
  await page.goto("/nowe-samochody");
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/nowe-samochody\?isCompany=false$/);
  await expect
    .poll(() => shownCount(page))
    .toBe(await count(request, { IsCompany: false, SaleTypes: ["new"] }));
  await expect(tiles.first()).toContainText("brutto");
  await expect(instalments).toHaveCount(0);
  await expect(filters.getByRole("radio", { name: "prywatnie", includeHidden: true })).toBeChecked();

  // An offer opened from there shows a private person's price box: no company instalment to calculate.
  await tiles.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\?isCompany=false$/);
  const price = page.getByRole("complementary", { name: "Cena" });
  await expect(price).toContainText("Ceny dla osoby prywatnej.");
  await expect(price).toContainText("brutto");
  await expect(price.getByText(/^(Leasing|Najem) od$/)).toHaveCount(0);
  await expect(price.getByRole("link", { name: "Oblicz ratę" })).toHaveCount(0);
  await shot("offer");

  // A link inside the site to a list that does not say who buys loads the private list, never a company's.
  const loaded: string[] = [];
  page.on("request", (r) => r.url().includes(".data") && loaded.push(r.url()));
  const afterLease = (await list(request, "/Offers/AfterLease", { IsCompany: false })).Tails[0];
  await page.goto(afterLease.Url);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\?isCompany=false$/);
  await expect(price).toContainText("Ceny dla osoby prywatnej.");
  await page.getByRole("navigation", { name: "Ścieżka" }).getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/samochody-poleasingowe\?isCompany=false$/);
  await expect(tiles.first()).toContainText("brutto");
  expect(loaded.filter((u) => u.includes("samochody-poleasingowe.data"))).not.toEqual([]);
  for (const u of loaded.filter((x) => x.includes("samochody-poleasingowe.data")))
    expect(u).toContain("isCompany=false");

  // The home page's tiles show a private person's prices too, in the lists below the first screen as
  // well (before they are scrolled to).
  await page.goto("/");
  await waitForHydration(page);
  for (const list of ["nowe", "elektryczne"]) {
    const tile = page.getByTestId(`${list}-track`).getByRole("article").first();
    await expect(tile).toContainText("brutto");
    await expect(tile).not.toContainText("netto");
  }

  // A tab opened by hand (a typed address, a bookmark) keeps the choice too.
  const tab = await page.context().newPage();
  await tab.goto("/samochody-elektryczne");
  await waitForHydration(tab);
  await expect(tab).toHaveURL(/\/samochody-elektryczne\?isCompany=false$/);
  await tab.close();

  // An auction's page does not invite a private person to bid: one sentence says why.
  const auction = (await list(request, "/Offers/EndingAuctions")).Tails[0];
  await page.goto(auction.Url);
  await waitForHydration(page);
  await expect(page.getByTestId("auction-private-buyer")).toContainText(
    "Aukcje są przeznaczone wyłącznie dla przedsiębiorców: osobom prywatnym proponujemy zakup z kredytem gotówkowym w banku.",
  );
  // Its price, netto like every bid, says what it is brutto for a private person.
  const netto = Number(
    ((await price.getByTestId("current-price").textContent()) ?? "").split("zł")[0].replace(/\D/g, ""),
  );
  await expect(price.getByTestId("current-price-brutto")).toHaveText(
    `${new Intl.NumberFormat("pl-PL").format(Math.round(netto * 1.23))}\u00a0zł brutto (z VAT 23%)`,
  );
  await expect(price.getByRole("link", { name: "Zaloguj się" })).toHaveCount(0);
  await expect(price.getByRole("link", { name: "zarejestruj" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot("auction");

  // The auctions' own list is not emptied by the choice (it would say there are no auctions): it
  // shows them, reached by a link or loaded whole.
  await page.getByRole("navigation", { name: "Ścieżka" }).getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/aukcje-samochodowe$/);
  await expect(tiles.first()).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  // No buyer to choose there (a "na firmę" ticked without a word read as if the choice was lost): it
  // says for whom auctions are.
  await expect(filters.getByRole("radio", { name: "na firmę", includeHidden: true })).toHaveCount(0);
  await expect(filters.getByTestId("auctions-for-companies")).toHaveText(
    "Aukcje są przeznaczone wyłącznie dla przedsiębiorców. Ceny i oferty są netto.",
  );
  await expect(page).toHaveURL(/\/aukcje-samochodowe$/);
  await expect(tiles.first()).toBeVisible();

  // "na firmę" ends the choice: the lists and offers are a company's again.
  await page.goto("/lista-pojazdow");
  await waitForHydration(page);
  await expect(page).toHaveURL(/isCompany=false/);
  await expect(filters.getByRole("radio", { name: "prywatnie", includeHidden: true })).toBeChecked();
  await choose("na firmę");
  await expect(page).not.toHaveURL(/isCompany/);
  await page.goto("/nowe-samochody");
  await waitForHydration(page);
  await expect(instalments.first()).toBeVisible();
  await expect(page).toHaveURL(/\/nowe-samochody$/);
});

test("a private buyer's kept choice on brand counts and on a comparison shared by someone else @phone", async ({
  page,
  request,
}) => {
  // "prywatnie" chosen earlier (localStorage, ADR 047); these pages' addresses do not say who buys.
  await page.addInitScript(() => localStorage.setItem("privateBuyer", String(Date.now())));
  // The brands' page counts what a private person can buy, as each brand's list then shows.
  await page.goto("/marki");
  await waitForHydration(page);
  const brands = page.getByRole("list", { name: "Marki w ofercie" }).getByRole("link");
  const shown = await brands.evaluateAll((links) =>
    links.map((a) => [a.firstElementChild?.textContent ?? "", a.lastElementChild?.textContent ?? ""]),
  );
  let differs = false;
  for (const [make, offers] of shown) {
    const own = await count(request, { IsCompany: false, Makes: [make] });
    expect(Number(offers.replace(/\D/g, "")), make).toBe(own);
    differs ||= own !== (await count(request, { Makes: [make] }));
  }
  expect(differs, "some brand has offers only a company can buy").toBe(true);

  // A brand sold only to companies (leasing, rent, auctions) says so to a private buyer, with the way
  // to the company's view, instead of "change or clear the filters" that were never set.
  const data = (await (await request.get("/api/OffersFilterData")).json()) as {
    MakesAndModels: { Make: { Name: string } }[];
  };
  let companiesOnly: string | undefined;
  for (const { Make } of data.MakesAndModels)
    if ((await count(request, { IsCompany: false, Makes: [Make.Name] })) === 0) companiesOnly = Make.Name;
  expect(companiesOnly, "the demo has a brand sold only to companies").toBeDefined();
  await page.goto(`/marki/${makeSlug(companiesOnly as string)}`);
  await waitForHydration(page);
  await expect(page).toHaveURL(/isCompany=false/);
  const empty = page.getByTestId("private-buyer-empty");
  await expect(empty).toContainText(
    "Część samochodów oferujemy tylko firmom: w leasingu, najmie lub na aukcjach.",
  );
  await empty.getByRole("link", { name: "Kupujesz na firmę? Zobacz oferty dla firm" }).click();
  await expect(page).not.toHaveURL(/isCompany/);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();

  // A comparison shared by someone else (its address says nothing of the buyer) compares as the private
  // buyer does: brutto cash prices, no company instalments.
  const compared = (await list(request, "/Offers/AfterLease", { IsCompany: false })).Tails.slice(0, 2);
  await page.goto(`/porownanie?oferty=${compared.map((t) => t.AuctionId).join(",")}`);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/porownanie\?oferty=[\d,%C]+&isCompany=false$/);
  const table = page.getByRole("table", { name: "Porównanie wybranych samochodów" });
  await expect(table.getByRole("rowheader", { name: "Cena za gotówkę brutto" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: /^(Leasing|Najem|Cena za gotówkę netto)/ })).toHaveCount(
    0,
  );
});

test("sorting by price orders the tiles", async ({ page }) => {
  await page.goto("/nowe-samochody");
  await page.getByLabel("Sortuj:").selectOption("1");
  await expect(page).toHaveURL(/selectedSortingValue=1/);
  // The cash price each tile shows ("Gotówka", the price after any cut), in the order of the tiles.
  const cashPrices = () =>
    page.getByRole("article").evaluateAll((tiles) =>
      tiles.flatMap((tile) => {
        const label = [...tile.querySelectorAll("dt")].find((dt) => dt.textContent?.trim() === "Gotówka");
        const shown = label?.parentElement?.querySelector("dd strong")?.textContent;
        return shown ? [Number(shown.replace(/\D/g, ""))] : [];
      }),
    );
  // The list reloads after the URL changes: wait until the tiles are the sorted ones.
  await expect
    .poll(async () => {
      const prices = await cashPrices();
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
    })
    .toBe(true);
  const prices = await cashPrices();
  expect(prices[0]).toBeLessThan(prices[prices.length - 1]);
});

test("each list alias shows its own offers", async ({ page, request }) => {
  const data = await (await request.get("/api/OffersFilterData")).json();
  const variants = (await (await request.get("/api/Offers/NewVehiclesMultipleVariantsInfo")).json()) as {
    Make: string;
    Model: string;
  }[];
  const slug = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  const make: string = data.AvailableAlertMakes[0];
  const cases: [string, Record<string, unknown>][] = [
    ["/lista-pojazdow", {}],
    ["/nowe-samochody", { SaleTypes: ["new"] }],
    ["/samochody-poleasingowe", { SaleTypes: ["afterLease"] }],
    ["/aukcje-samochodowe", { SaleTypes: ["auction"] }],
    ["/samochody-elektryczne", { SaleTypes: ["new", "afterLease"], FuelTypes: ["EL"] }],
    ...["sedan", "hatchback", "kombi", "suv", "bus", "van"].map((b): [string, Record<string, unknown>] => [
      `/${b}`,
      { BodyTypes: [b] },
    ]),
    [`/marki/${make.toLowerCase().replace(/\s+/g, "-")}`, { Makes: [make] }],
  ];
  if (variants[0])
    cases.push([
      `/${slug(variants[0].Make)}-${slug(variants[0].Model)}`,
      { SaleTypes: ["new"], Makes: [variants[0].Make], Models: [variants[0].Model] },
    ]);
  for (const [path, filter] of cases) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(await shownCount(page), path).toBe(await count(request, filter));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
  }
  // Upper-case make paths answer with the lower-case form.
  await page.goto(`/marki/${make.toUpperCase().replace(/\s+/g, "-")}`);
  await expect(page).toHaveURL(new RegExp(`/marki/${make.toLowerCase().replace(/\s+/g, "-")}$`));
});

test("an electric list with no offers says so in Polish", async ({ page, request }) => {
  const electric = await count(request, { SaleTypes: ["new", "afterLease"], FuelTypes: ["EL"], PriceTo: 1 });
  expect(electric).toBe(0);
  await page.goto("/samochody-elektryczne?priceTo=1");
  await expect(page.getByText("Obecnie nie ma pojazdów nowych")).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText("0 ofert");
});

for (const [endpoint, name] of [
  ["/Offers/NewVehicles", "nowego samochodu"],
  ["/Offers/AfterLease", "samochodu poleasingowego"],
  ["/Offers/EndingAuctions", "aukcji"],
] as const) {
  test(`detail page of a ${name}: data, JSON-LD, canonical, wrong slug redirect`, async ({
    page,
    request,
  }) => {
    const { Tails } = await list(request, endpoint, { ResultsPerPage: 1 });
    expect(Tails.length, "the demo catalogue has offers of each sale type").toBeGreaterThan(0);
    const offer = Tails[0] as OfferTile;
    const res = await page.goto(offer.Url);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(offer.MakeModel);
    await expect(page.getByRole("heading", { name: "Dane pojazdu" })).toBeVisible();
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(ld["@type"]).toBe("Car");
    expect(ld.offers["@type"]).toBe("Offer");
    expect(ld.offers.priceCurrency).toBe("PLN");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${offer.Url}$`));
    if (offer.SaleType === "auction")
      await expect(
        page
          .getByRole("complementary", { name: "Cena" })
          .getByText(/do końca aukcji pozostało|aukcja rozpocznie się za/),
      ).toBeVisible();
    await expectNoAxeViolations(page);

    const wrong = offer.Url.replace(/\/[^/]*-id-/, "/zla-nazwa-id-");
    await page.goto(wrong);
    await expect(page).toHaveURL(new RegExp(`${offer.Url}$`));
  });
}

test("the detail page remembers the dark theme and the gallery answers the keyboard", async ({
  page,
  request,
}) => {
  const { Tails } = await list(request, "/Offers/AfterLease", { ResultsPerPage: 1 });
  expect(Tails.length).toBeGreaterThan(0);
  await page.goto(Tails[0].Url);
  // The theme button works once React runs the page; on a loaded machine a click before that was lost.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Motyw ciemny" }).click();
  await expect(page.locator('[data-theme="dark"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-theme="dark"]')).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Motyw jasny" }).click();

  const counter = page.getByText(/^1 \/ \d+$/);
  if (await counter.count()) {
    await page
      .getByRole("region", { name: /^Zdjęcia:/ })
      .locator("[tabindex='0']")
      .focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(/^2 \/ \d+$/)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByText(/^1 \/ \d+$/)).toBeVisible();
  }
});

test("an unknown offer id gives the page of an offer no longer there, with status 404", async ({ page }) => {
  const res = await page.goto("/nowe-samochody/audi-a4-id-987654321");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ta oferta jest już niedostępna");
  const other = await page.goto("/marki/marka-ktorej-nie-ma");
  expect(other?.status()).toBe(404);
});

test("the favourite toggle saves the offer, /ulubione lists it in every tab and drops missing ones", async ({
  page,
  context,
}) => {
  await page.goto("/nowe-samochody");
  const tile = page.getByRole("article").first();
  const name = (await tile.getByRole("heading").textContent()) ?? "";
  const other = await context.newPage();
  await other.goto("/ulubione");
  await expect(other.getByText("Nie masz jeszcze ulubionych ofert.", { exact: false })).toBeVisible();

  await tile.getByRole("button", { name: /Dodaj do ulubionych/ }).click();
  await expect(tile.getByRole("button", { name: /Usuń z ulubionych/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("favorites") ?? "[]"));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ AuctionType: "Nowy" });

  // The other tab hears the storage change and shows the offer.
  await expect(other.getByRole("heading", { name })).toBeVisible();
  await expectNoAxeViolations(other);

  // An offer that no longer exists is dropped from storage when the page loads.
  await page.evaluate(() => {
    const list = JSON.parse(localStorage.getItem("favorites") ?? "[]");
    list.push({ AuctionType: "Nowy", AuctionId: 987654321 });
    localStorage.setItem("favorites", JSON.stringify(list));
  });
  await page.goto("/ulubione");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("favorites") ?? "[]").length))
    .toBe(1);

  await page.getByRole("button", { name: /Usuń z ulubionych/ }).click();
  await expect(page.getByText("Nie masz jeszcze ulubionych ofert.", { exact: false })).toBeVisible();
});

test("on a phone the filter button shows the count and opens the filters over a locked page @phone-only", async ({
  page,
  request,
}) => {
  // The filter button belongs to the phone layout: only the phone project runs this (@phone-only).
  await page.setViewportSize({ width: 390, height: 844 });
  const data = await (await request.get("/api/OffersFilterData")).json();
  await page.goto(`/lista-pojazdow?bodyType=${encodeURIComponent(data.BodyTypes[0].Value)}&priceTo=500000`);
  const button = page.getByRole("button", { name: /^Filtry/ });
  await expect(button).toContainText("2");
  // The server-rendered button already shows the count; storage gets it once the page has hydrated.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("activeFiltersCount"))).toBe("2");
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Filtry" });
  await expect(dialog).toBeVisible();
  await expect(page.locator("body")).toHaveClass(/scroll-locked/);
  await expectNoAxeViolations(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  // The button is the navigation bar's (spec section 2), in the page's header.
  await expect(page.getByRole("banner").getByRole("button", { name: "Filtry, aktywne: 2" })).toBeVisible();
});
