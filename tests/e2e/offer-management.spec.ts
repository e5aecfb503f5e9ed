import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { E2E_OFFERS_API_KEY } from "../support/e2e-keys";
import { screenshot } from "../support/screenshot";

// The fleet system publishes a car, cuts its price and withdraws it through /api/Admin; a visitor sees
// each change on the site at once.

const headers = { authorization: `Bearer ${E2E_OFFERS_API_KEY}` };

test("a car published by the fleet system is on sale, shows its price cut, and is gone when withdrawn", async ({
  page,
  request,
}) => {
  const published = await request.post("/api/Admin/Offers", {
    headers,
    data: {
      SaleType: "new",
      Make: "Mazda",
      Model: "CX-60",
      Version: "2.5 e-Skyactiv PHEV Homura",
      BodyType: "suv",
      FuelType: "PHEV",
      GearBoxType: "automatic",
      Color: "czerwony",
      Year: new Date().getFullYear(),
      Mileage: 10,
      EngineCapacity: 2488,
      PowerHp: 327,
      Equipment: ["pompa ciepła", "wyświetlacz przezierny"],
      Prices: { TotalPriceNetto: 239_000, RentPriceNetto: 3_990 },
    },
  });
  expect(published.status()).toBe(201);
  const { AuctionId, Url } = await published.json();

  await page.goto(Url);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mazda CX-60");
  await expect(page.getByText("wyświetlacz przezierny")).toBeVisible();
  await expect(page.getByText("Najniższa cena z 30 dni przed obniżką")).toHaveCount(0);

  const cut = await request.put(`/api/Admin/Offers/Prices?AuctionId=${AuctionId}`, {
    headers,
    data: { TotalPriceNetto: 239_000, TotalPriceNettoDiscount: 225_000, RentPriceNetto: 3_990 },
  });
  expect((await cut.json()).PriceFell).toBe(true);
  await page.reload();
  await expect(page.getByText("Najniższa cena z 30 dni przed obniżką")).toContainText("239\u00a0000\u00a0zł");
  await expectNoAxeViolations(page);
  await screenshot(page, {
    path: `test-results/fleet-offer-${test.info().project.name}.png`,
    fullPage: true,
  });

  await page.goto("/nowe-samochody?makes=Mazda");
  await expect(page.locator(`a[href="${Url}"]`).first()).toBeVisible();

  expect((await request.delete(`/api/Admin/Offers?AuctionId=${AuctionId}`, { headers })).ok()).toBe(true);
  const gone = await page.goto(Url);
  expect(gone?.status()).toBe(404);
});

test("an auction published without a condition report says it is being prepared, then shows the one delivered before its start", async ({
  page,
  request,
}) => {
  // A report is delivered before the auction starts: from its start it is locked.
  const published = await request.post("/api/Admin/Offers", {
    headers,
    data: {
      SaleType: "auction",
      Make: "Kia",
      Model: "Ceed SW",
      BodyType: "kombi",
      FuelType: "PB",
      GearBoxType: "manual",
      Color: "biały",
      Year: 2021,
      Mileage: 88_000,
      EngineCapacity: 1482,
      PowerHp: 160,
      AuctionStart: new Date(Date.now() + 3_600_000).toISOString(),
      AuctionEnd: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      StartingPrice: 38_000,
    },
  });
  expect(published.status()).toBe(201);
  const { AuctionId, Url } = await published.json();
  await page.goto(Url);
  const section = page.getByRole("region", { name: "Opis stanu technicznego" });
  await expect(section).toContainText("Opis stanu technicznego w przygotowaniu.");

  const saved = await request.put(`/api/Admin/Offers/TechnicalReport?AuctionId=${AuctionId}`, {
    headers,
    data: {
      InspectedAt: new Date().toISOString(),
      Inspector: "Ewa Lis, rzeczoznawca",
      Mileage: 88_120,
      Summary: "Samochód sprawny, komplet kluczyków.",
      Sections: [{ Name: "Silnik i napęd", Rating: "bardzo dobry", Notes: "Bez wycieków." }],
    },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(section).toContainText("Ewa Lis, rzeczoznawca");
  await expect(section).toContainText("Samochód sprawny, komplet kluczyków.");
  await expect(section).not.toContainText("w przygotowaniu");
});

test("a fleet text without spaces wraps on the offer's page instead of widening it @phone", async ({
  page,
  request,
}) => {
  const word = "x".repeat(5_000);
  const published = await request.post("/api/Admin/Offers", {
    headers,
    data: {
      SaleType: "afterLease",
      Make: "Mazda",
      Model: "CX-5",
      Version: "2.0 Skyactiv-G",
      BodyType: "suv",
      FuelType: "PB",
      GearBoxType: "manual",
      Color: "szary",
      Year: 2022,
      Mileage: 41_000,
      EngineCapacity: 1998,
      PowerHp: 165,
      Description: `Pierwszy właściciel. ${word}`,
      Equipment: [`czujniki ${"y".repeat(190)}`],
      Prices: { TotalPriceNetto: 99_000 },
    },
  });
  expect(published.status()).toBe(201);
  await page.goto((await published.json()).Url);
  await expect(page.getByText("Pierwszy właściciel.")).toBeVisible();
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(width.page).toBeLessThanOrEqual(width.window);
});
