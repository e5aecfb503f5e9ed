import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { E2E_OFFERS_API_KEY } from "../support/e2e-keys";
import { screenshot } from "../support/screenshot";

// The fleet system delivers an ex-lease car's service visits and odometer readings; a visitor reads
// them below the car's description: a timeline newest first, a chart of the readings with a table for
// screen readers, and a note where a reading is lower than an earlier one.

const headers = { authorization: `Bearer ${E2E_OFFERS_API_KEY}` };

const car = (ServiceHistory: unknown[]) => ({
  SaleType: "afterLease",
  Make: "Škoda",
  Model: "Superb",
  Version: "2.0 TDI Style",
  BodyType: "kombi",
  FuelType: "ON",
  GearBoxType: "automatic",
  Color: "grafitowy",
  Year: 2021,
  Mileage: 131_000,
  EngineCapacity: 1968,
  PowerHp: 150,
  Description: "Samochód z floty, serwisowany zgodnie z planem producenta.",
  Equipment: ["nawigacja", "tempomat aktywny"],
  Prices: { TotalPriceNetto: 72_000, LeasePrice: 1_500 },
  ServiceHistory,
});

const HISTORY = [
  {
    Date: "2021-09-14",
    Mileage: 24_500,
    Description: "Przegląd okresowy, wymiana oleju i filtrów",
    Workshop: "ASO Škoda, Wrocław",
  },
  {
    Date: "2022-05-20",
    Mileage: 58_000,
    Description: "Wymiana opon na letnie",
    Workshop: "Euromaster, Poznań",
  },
  { Date: "2023-11-05", Mileage: 92_000, Description: "Wymiana klocków hamulcowych przednich" },
  {
    Date: "2024-03-12",
    Mileage: 85_000,
    Description: "Przegląd okresowy, wymiana oleju, filtrów i płynu hamulcowego",
    Workshop: "ASO Škoda, Wrocław",
  },
  { Date: "2025-04-02", Mileage: 128_300, Description: "Badanie techniczne w stacji kontroli pojazdów" },
];

test("an ex-lease car's service history: timeline, odometer chart with its table, the note for a reading that goes back @phone", async ({
  page,
  request,
}, info) => {
  const published = await request.post("/api/Admin/Offers", { headers, data: car(HISTORY) });
  expect(published.status()).toBe(201);
  const { Url } = await published.json();

  await page.goto(Url);
  const section = page.getByRole("region", { name: "Historia serwisowa" });
  // Below the car's description: the first screen is the gallery, price and actions as before.
  await expect(section).not.toBeInViewport();
  const order = await page.locator("main h2").allTextContents();
  expect(order.indexOf("Historia serwisowa")).toBeGreaterThan(order.indexOf("Opis"));

  await section.scrollIntoViewIfNeeded();
  const note = section.getByRole("note");
  await expect(note).toHaveText(
    "Uwaga: odczyt licznika 12.03.2024 (85\u00a0000\u00a0km) jest niższy niż wcześniejszy (92\u00a0000\u00a0km)." +
      "Zapytaj doradcę o ten odczyt – sprawdzimy go dla Ciebie.",
  );
  // The next step leads to the page's contact form.
  await expect(note.getByRole("link", { name: "Zapytaj doradcę" })).toHaveAttribute("href", "#zapytaj");
  await expect(page.locator("#zapytaj")).toHaveCount(1);
  const visits = section
    .getByRole("list", { name: "Wizyty w serwisie, od najnowszej" })
    .getByRole("listitem");
  await expect(visits).toHaveCount(5);
  await expect(visits.first()).toContainText("02.04.2025");
  await expect(visits.first()).toContainText("128\u00a0300\u00a0km");
  await expect(visits.nth(1)).toContainText("12.03.2024");
  await expect(visits.nth(1)).toContainText("odczyt niższy niż wcześniejszy");
  await expect(visits.nth(1)).toContainText("ASO Škoda, Wrocław");
  await expect(visits.last()).toContainText("14.09.2021");

  const chart = section.getByRole("img", { name: /^Wykres odczytów licznika/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(
    "Wykres odczytów licznika: od 24\u00a0500\u00a0km (14.09.2021) do 128\u00a0300\u00a0km (02.04.2025); odczyty niższe niż wcześniejsze: 1.",
  );
  const table = section.getByRole("table", { name: "Odczyty licznika, od najstarszego" });
  await expect(table.getByRole("row")).toHaveCount(6);
  await expect(table.getByRole("row").nth(4)).toHaveText(
    "12.03.202485\u00a0000\u00a0km (niższy niż wcześniejszy)",
  );
  await expectNoAxeViolations(page);
  await screenshot(section, { path: `test-results/service-history-${info.project.name}.png` });
  // The readings' table is for screen readers only: it never widens the page (on a phone it did by 6 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()?.width);
});

test("an ex-lease car without a delivered history says so and where to ask; a new car needs no section @phone", async ({
  page,
  request,
}, info) => {
  const plain = await request.post("/api/Admin/Offers", { headers, data: car([]) });
  expect(plain.status()).toBe(201);
  await page.goto((await plain.json()).Url);
  const section = page.getByRole("region", { name: "Historia serwisowa" });
  await expect(section).toBeAttached();
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveText(
    "Historia serwisowa" +
      "Poprzedni użytkownik nie przekazał nam historii serwisowej tego samochodu. Zapytaj doradcę – sprawdzimy ją dla Ciebie.",
  );
  await expect(section.getByRole("img")).toHaveCount(0);
  const ask = section.getByRole("link", { name: "Zapytaj doradcę" });
  await expect(ask).toHaveAttribute("href", "#zapytaj");
  await ask.click();
  await expect(page.locator("#zapytaj")).toBeInViewport();
  await expectNoAxeViolations(page);
  await screenshot(section, { path: `test-results/service-history-none-${info.project.name}.png` });

  // A new car comes from the maker: it has no history to show and no note about one.
  const fresh = await request.post("/api/Admin/Offers", {
    headers,
    data: { ...car([]), SaleType: "new", Mileage: 10 },
  });
  expect(fresh.status()).toBe(201);
  await page.goto((await fresh.json()).Url);
  await expect(page.getByRole("heading", { name: "Opis" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Historia serwisowa" })).toHaveCount(0);
});
