import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration as hydrated } from "../support/hydration";
import { screenshot } from "../support/screenshot";

/** The catalogue search: the header's box on desktop, the navigation bar's overlay on phones. */

async function count(request: APIRequestContext, body: Record<string, unknown>): Promise<number> {
  const res = await request.post("/api/Offers/Count", { data: body });
  return ((await res.json()) as { Count: number }).Count;
}

async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByTestId("result-count").textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

const tileTitles = (page: Page) => page.getByRole("region", { name: "Wyniki" }).getByRole("heading");

test("desktop: a typo gets suggestions, the keyboard picks one, the query combines with a filter and Back", async ({
  page,
  request,
}) => {
  test.slow(); // a long journey: suggestions, two searches, a filter, Back, clearing
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Szukaj samochodu" });
  await box.fill("oktavia");
  const listbox = page.getByRole("listbox", { name: "Podpowiedzi" });
  const option = listbox.getByRole("option", { name: /^Škoda Octavia \d+ ofert/ });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const wanted = (await option.getAttribute("id")) as string;
  const suggested = Number(((await option.textContent()) ?? "").replace(/\D/g, ""));
  // The header with the open suggestions; the home page whole: the shell's journeys.
  await expectNoAxeViolations(page, page.getByRole("banner"));

  // Up and Down move the active option, the focus stays in the box; Escape closes the suggestions.
  await box.press("ArrowDown");
  await expect(listbox.getByRole("option", { selected: true })).toHaveCount(1);
  await expect(box).toBeFocused();
  await box.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  for (let i = 0; i < 10 && (await box.getAttribute("aria-activedescendant")) !== wanted; i++)
    await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");

  // The suggestion leads to exactly the cars it counted.
  await expect(page).toHaveURL(/\/lista-pojazdow\?makes=%C5%A0koda&models=Octavia$/);
  await expect.poll(() => shownCount(page)).toBe(suggested);
  expect(suggested).toBe(await count(request, { Makes: ["Škoda"], Models: ["Octavia"] }));

  // Without diacritics, typed and sent with Enter.
  await box.fill("skoda octavia");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/lista-pojazdow\?search=skoda\+octavia$/);
  await expect(page.getByRole("status")).toContainText("dla „skoda octavia”");
  const octavias = await count(request, { Search: "skoda octavia" });
  expect(octavias).toBeGreaterThanOrEqual(suggested);
  await expect.poll(() => shownCount(page)).toBe(octavias);
  for (const title of await tileTitles(page).allTextContents()) expect(title).toMatch(/Škoda Octavia/);

  // A filter keeps the search; Back gives the search alone again, box and list alike.
  const data = await (await request.get("/api/OffersFilterData")).json();
  const fuel = data.FuelTypes.find((f: { Value: string }) => f.Value === "PB") ?? data.FuelTypes[0];
  await page.getByRole("checkbox", { name: fuel.Name, exact: true }).check();
  await expect(page).toHaveURL(/fuelType=/);
  await expect(page).toHaveURL(/search=skoda\+octavia/);
  await expect
    .poll(() => shownCount(page))
    .toBe(await count(request, { Search: "skoda octavia", FuelTypes: [fuel.Value] }));
  await page.goBack();
  await expect(page).not.toHaveURL(/fuelType=/);
  await expect.poll(() => shownCount(page)).toBe(octavias);
  await expect(box).toHaveValue("skoda octavia");
  // The results of a search; the list page whole: the catalogue's journeys.
  await expectNoAxeViolations(page, page.getByRole("region", { name: "Wyniki" }));

  // Clearing the search shows the whole list.
  await page.getByRole("button", { name: "Wyczyść wyszukiwanie" }).click();
  await expect(page).toHaveURL(/\/lista-pojazdow$/);
  await expect.poll(() => shownCount(page)).toBe(await count(request, {}));
});

test("a private buyer's suggestion counts the cars of the private buyer's list it leads to", async ({
  page,
  request,
}) => {
  await page.goto("/lista-pojazdow?isCompany=false");
  await hydrated(page);
  await page.getByRole("combobox", { name: "Szukaj samochodu" }).fill("oktavia");
  const option = page.getByRole("option", { name: /^Škoda Octavia \d+ ofert/ });
  await expect(option).toBeVisible();
  const suggested = Number(((await option.textContent()) ?? "").replace(/\D/g, ""));
  expect(suggested).toBe(await count(request, { Makes: ["Škoda"], Models: ["Octavia"], IsCompany: false }));
  await option.click();
  await expect(page).toHaveURL(/makes=%C5%A0koda&models=Octavia&isCompany=false$/);
  await expect.poll(() => shownCount(page)).toBe(suggested);
});

test("a text longer than the box takes is cut, and the visitor is told so", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Szukaj samochodu" });
  await box.fill("");
  await box.pressSequentially("a");
  await expect(page.getByText("Wyszukiwanie może mieć najwyżej 100 znaków.")).toBeHidden();
  await box.fill("skoda octavia kombi ".repeat(8)); // 160 characters, as pasted
  await expect(box).toHaveValue("skoda octavia kombi ".repeat(8).slice(0, 100));
  await expect(page.getByRole("status").filter({ hasText: "najwyżej 100 znaków" })).toBeVisible();
  await expect(box).toHaveAccessibleDescription("Wyszukiwanie może mieć najwyżej 100 znaków.");
  // Closed with Escape like the suggestions, it no longer covers the page.
  await box.press("Escape");
  await expect(page.getByText("Wyszukiwanie może mieć najwyżej 100 znaków.")).toBeHidden();
});

test("a search pasted over two lines keeps its words apart, in the box and from the address", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Szukaj samochodu" });
  await box.focus();
  // As a paste from a note or an e-mail: the browser itself would join the lines ("audia4").
  await box.evaluate((input) => {
    const data = new DataTransfer();
    data.setData("text", "audi\r\na4");
    input.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(box).toHaveValue("audi a4");
  // An address with a line break in its search (a link made elsewhere) shows the words apart too.
  await page.goto("/lista-pojazdow?search=audi%0Aa4");
  await hydrated(page);
  await expect(page.getByRole("combobox", { name: "Szukaj samochodu" }).locator("visible=true")).toHaveValue(
    "audi a4",
  );
});

test("phone: the navigation bar's search finds a typo and shows the filter button on the list", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Szukaj", exact: true }).click();
  const box = page.getByRole("combobox", { name: "Szukaj samochodu" });
  await expect(box).toBeFocused();
  await box.fill("oktavia");
  await expect(page.getByRole("option", { name: /^Škoda Octavia \d+ ofert/ })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/lista-pojazdow\?search=oktavia$/);
  const expected = await count(request, { Search: "oktavia" });
  expect(expected).toBeGreaterThan(0);
  await expect.poll(() => shownCount(page)).toBe(expected);
  await expect(page.getByRole("status")).toContainText("dla „oktavia”");
  for (const title of await tileTitles(page).allTextContents()) expect(title).toMatch(/Octavia/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Filtry" })).toBeVisible();
  // The bar with the search and the filter button; the list page whole at 390 px: the catalogue's.
  await expectNoAxeViolations(page, page.getByRole("banner"));
});

test("a page past the end goes to the last page instead of an empty list", async ({ page, request }) => {
  const total = await count(request, {});
  const last = Math.ceil(total / 24);
  await page.goto("/lista-pojazdow?page=999");
  await expect(page).toHaveURL(new RegExp(`/lista-pojazdow\\?page=${last}$`));
  expect(await shownCount(page)).toBe(total);
  await expect(tileTitles(page).first()).toBeVisible();
});

test("@phone the search reads typos, nicknames and filter words; chips remove a word; an empty result shows the way on", async ({
  page,
  request,
}) => {
  test.slow(); // suggestions, six searches, chips, the empty results' links
  await page.goto("/lista-pojazdow");
  await hydrated(page);
  // On a phone the box over the results, on a desktop the header's: one of them is shown.
  const box = page.getByRole("combobox", { name: "Szukaj samochodu" });
  await box.fill("tesal");
  await expect(page.getByRole("option", { name: /^Tesla \d+ ofert/ })).toBeVisible();

  await box.fill("vw suv automat");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/lista-pojazdow\?search=vw\+suv\+automat$/);
  const chips = page.getByRole("list", { name: "Rozpoznane w wyszukiwaniu" });
  await expect(chips.getByRole("listitem")).toHaveText([
    /Marka: Volkswagen/,
    /Nadwozie: SUV/,
    /Skrzynia: automatyczna/,
  ]);
  const automatic = await count(request, {
    Makes: ["Volkswagen"],
    BodyTypes: ["suv"],
    GearBoxTypes: ["automatic"],
  });
  expect(automatic).toBeGreaterThan(0);
  await expect.poll(() => shownCount(page)).toBe(automatic);
  for (const title of await tileTitles(page).allTextContents()) expect(title).toMatch(/^Volkswagen/);
  // The results with the chips: the list page whole is checked by the catalogue's journeys.
  const results = page.getByRole("region", { name: "Wyniki" });
  await expectNoAxeViolations(page, results);

  // Removing a chip removes its word and keeps the rest of the search.
  await chips.getByRole("button", { name: "Usuń filtr: automat" }).click();
  await expect(page).toHaveURL(/\/lista-pojazdow\?search=vw\+suv$/);
  await expect(box).toHaveValue("vw suv");
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect
    .poll(() => shownCount(page))
    .toBe(await count(request, { Makes: ["Volkswagen"], BodyTypes: ["suv"] }));

  // Joined model names and a price in words.
  await box.fill("rav 4 do 200 tys");
  await box.press("Enter");
  await expect(chips.getByRole("listitem")).toHaveText([/Model: RAV4/, /Cena do 200\s000\szł/]);
  for (const title of await tileTitles(page).allTextContents()) expect(title).toMatch(/^Toyota RAV4/);

  // A monthly instalment in words: the rate bound, neither a model like the number nor the price.
  await box.fill("rata do 300");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/lista-pojazdow\?search=rata\+do\+300$/);
  await expect(chips.getByRole("listitem")).toHaveText([/^Rata do 300\szł\/mies\./]);
  const instalment = await count(request, { InstallmentTo: 300 });
  expect(instalment).toBeGreaterThan(0);
  await expect.poll(() => shownCount(page)).toBe(instalment);
  await expectNoAxeViolations(page, results);

  // An equipment word is a condition too: shown beside the filters, and removed like them.
  await box.fill("kombi skóra");
  await box.press("Enter");
  await expect(chips.getByRole("listitem")).toHaveText([/^Nadwozie: /, /^Wyposażenie: skóra/]);
  await chips.getByRole("button", { name: "Usuń filtr: skóra" }).click();
  await expect(page).toHaveURL(/search=kombi$/);
  // The address changes before the list is painted again: typing before that would go into the old box.
  await expect(chips.getByRole("listitem")).toHaveText([/^Nadwozie: /]);

  // A colour word in any form is the offers' colour: a chip like the filter words, the cars of it.
  await box.fill("srebrna toyota");
  await box.press("Enter");
  await expect(chips.getByRole("listitem")).toHaveText([/^Kolor: srebrny/, /^Marka: Toyota/]);
  const silver = await count(request, { Search: "srebrna toyota" });
  expect(silver).toBeGreaterThan(0);
  expect(silver).toBeLessThan(await count(request, { Makes: ["Toyota"] }));
  await expect.poll(() => shownCount(page)).toBe(silver);
  for (const title of await tileTitles(page).allTextContents()) expect(title).toMatch(/^Toyota/);
  await expect(page.getByText("Sprawdź pisownię")).toHaveCount(0);
  await screenshot(page, { path: `test-results/search-colour-${test.info().project.name}.png` });
  await chips.getByRole("button", { name: "Usuń filtr: srebrna" }).click();
  await expect(page).toHaveURL(/search=toyota$/);
  await expect(chips.getByRole("listitem")).toHaveText([/^Marka: Toyota/]);

  // Nothing found though every word was understood: no spelling question, the conditions are too many.
  await box.fill("złota toyota");
  await box.press("Enter");
  await expect(page.getByText("Nie znaleźliśmy ofert dla „złota toyota”.")).toBeVisible();
  await expect(page.getByText("Nie mamy teraz samochodu, który spełnia wszystkie te warunki.")).toBeVisible();
  await expect(page.getByText(/Sprawdź pisownię|Czy chodziło Ci o/)).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Najbliższe oferty" }).getByText(/bez warunku Kolor: złoty/),
  ).toBeVisible();
  await screenshot(page, { path: `test-results/search-colour-none-${test.info().project.name}.png` });

  // Nothing found: the nearest search, its cars with what differs, and an alert with the conditions.
  await box.fill("tesla do 20 tys");
  await box.press("Enter");
  await expect(page.getByText("Nie znaleźliśmy ofert dla „tesla do 20 tys”.")).toBeVisible();
  await expect(page.getByText(/Sprawdź pisownię|Czy chodziło Ci o/)).toHaveCount(0);
  const nearest = page.getByRole("region", { name: "Najbliższe oferty" });
  await expect(nearest.getByText(/bez warunku Cena do 20\s000\szł/)).toBeVisible();
  await expect(nearest.getByRole("heading", { level: 3 }).first()).toContainText("Tesla");
  const alert = results.getByRole("link", { name: "Ustaw alert dla tego wyszukiwania" });
  await expect(alert).toHaveAttribute("href", /makes=Tesla/);
  await expect(alert).toHaveAttribute("href", /priceTo=20000/);
  await expectNoAxeViolations(page, results);
  await page.getByRole("link", { name: "„tesla”" }).click();
  await expect(page).toHaveURL(/\/lista-pojazdow\?search=tesla$/);
  await expect.poll(() => shownCount(page)).toBe(await count(request, { Makes: ["Tesla"] }));

  // A make never stocked has no search near it: the list's recommended cars instead, and the way back.
  await box.fill("ferrari");
  await box.press("Enter");
  await expect(page.getByText("Nie znaleźliśmy ofert dla „ferrari”.")).toBeVisible();
  const recommended = page.getByRole("region", { name: "Polecane oferty" });
  await expect(recommended.getByRole("heading", { level: 3 })).toHaveCount(3);
  await recommended.getByRole("link", { name: "Zobacz wszystkie oferty" }).click();
  await expect(page).toHaveURL(/\/lista-pojazdow$/);
});
