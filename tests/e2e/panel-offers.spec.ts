import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { screenshot } from "../support/screenshot";

/**
 * The back-office's cars: a sales person creates a car, gives it photos (chosen,
 * dropped on the field, reordered by dragging), publishes it, cuts its price (the offer page shows the
 * new price and the 30-day lowest one) and withdraws it. A car on sale changes what the catalogue's
 * journeys meet: it runs with the journeys that change shared state, and is withdrawn at the end.
 */
const run = Date.now().toString(36);
const seller = { email: `oferty-${run}@flotis.example`, name: "Oskar Ofertowy", password: "Oferty2026xx" };

const jpeg = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

test("a sales person creates a car with photos, publishes it, cuts its price and withdraws it @global-state", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await newPage(browser, 1280);
  await firstSignIn(page, await staffAdd(seller.email, seller.name, "sales"), seller);
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Oferty" }).click();
  await page.getByRole("link", { name: "Dodaj ofertę" }).click();

  // The form says what is missing before anything is saved.
  const form = page.getByRole("form", { name: "Dane oferty" });
  await form.getByRole("button", { name: "Zapisz szkic" }).click();
  await expect(form.getByLabel("Marka")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Pole wymagane").first()).toBeVisible();

  const version = `85 ${run}`;
  await form.getByLabel("Rodzaj oferty").selectOption({ label: "Nowy" });
  await form.getByLabel("Marka").fill("Skoda");
  await form.getByLabel("Model").fill("Elroq");
  await form.getByLabel("Wersja").fill(version);
  await form.getByLabel("Nadwozie").selectOption({ label: "SUV" });
  await form.getByLabel("Paliwo").selectOption({ label: "Elektryczny" });
  await form.getByLabel("Skrzynia biegów").selectOption({ label: "Automatyczna" });
  await form.getByLabel("Kolor").fill("niebieski");
  await form.getByLabel("Rocznik").fill("2026");
  await form.getByLabel("Przebieg (km)").fill("12");
  await form.getByLabel(/^Pojemność silnika/).fill("0");
  await form.getByLabel("Moc (KM)").fill("286");
  await form.getByLabel(/^Zasięg/).fill("560");
  await form.getByLabel("Opis").fill("Nowy elektryczny SUV, dostępny od ręki.");
  await form.getByLabel(/^Wyposażenie/).fill("pompa ciepła\nkamera cofania");
  await form.getByLabel("Cena netto (zł)").fill("180000");
  await expect(form.getByLabel("Leasing")).toBeChecked();
  await form.getByRole("button", { name: "Zapisz szkic" }).click();
  await expect(page.getByText("Zapisano szkic oferty.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Škoda Elroq ${version}`);
  await expect(page.getByText("Stan: szkic", { exact: true })).toBeVisible();

  // Publishing waits for a photo.
  await page.getByRole("button", { name: "Opublikuj" }).click();
  await expect(page.getByText("Dodaj co najmniej jedno zdjęcie, zanim opublikujesz ofertę.")).toBeVisible();

  // Two photos chosen, a third dropped on the field; then the third is dragged to the front.
  await page.getByLabel("Przeciągnij zdjęcia tutaj albo wybierz pliki").setInputFiles([
    { name: "bok.jpg", mimeType: "image/jpeg", buffer: await jpeg("#1d4ed8") },
    { name: "tyl.jpg", mimeType: "image/jpeg", buffer: await jpeg("#15803d") },
  ]);
  await expect(page.getByText("Dodano zdjęcia: 2.")).toBeVisible();
  const dropped = await page.evaluateHandle(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 800;
    canvas.height = 600;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    ctx.fillStyle = "#b91c1c";
    ctx.fillRect(0, 0, 800, 600);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), "image/png"));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], "przod.png", { type: "image/png" }));
    return transfer;
  });
  await page.getByText("Przeciągnij zdjęcia tutaj albo wybierz pliki").dispatchEvent("drop", {
    dataTransfer: dropped,
  });
  await expect(page.getByText("Dodano zdjęcie.")).toBeVisible();
  const photos = page.getByRole("form", { name: "Kolejność zdjęć" }).getByRole("listitem");
  await expect(photos).toHaveCount(3);
  const sources = () => photos.getByRole("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  const [first, second, third] = await sources();
  await photos.nth(2).dragTo(photos.nth(0));
  await expect.poll(sources).toEqual([third, first, second]);
  await expect(photos.nth(0)).toContainText("Zdjęcie główne");
  // The buttons do the same without a mouse.
  await page.getByRole("button", { name: "Później: zdjęcie 1" }).click();
  await expect.poll(sources).toEqual([first, third, second]);
  await page.getByRole("button", { name: "Główne: zdjęcie 2" }).click();
  await expect.poll(sources).toEqual([third, first, second]);

  await page.getByRole("button", { name: "Opublikuj" }).click();
  await expect(page.getByText("Opublikowano ofertę: jest już na stronie.")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-offer-1280.png", fullPage: true });
  const panelUrl = page.url();

  // The offer page, as a visitor opens it.
  const visitor = await newPage(browser, 390);
  const publicPath = (await page.getByRole("link", { name: "Zobacz na stronie" }).getAttribute("href")) ?? "";
  await visitor.goto(publicPath);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Škoda Elroq");
  await expect(visitor.getByText("Cena brutto: 221 400 zł (z VAT 23%)")).toBeVisible();

  // A price cut: the page shows the new price and the lowest of the 30 days before it.
  await form.getByLabel(/^Cena netto po obniżce/).fill("169000");
  await form.getByRole("button", { name: "Zapisz zmiany" }).click();
  await expect(page.getByText(/^Zapisano zmiany\. Cena spadła/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Historia cen" }).getByRole("row")).toHaveCount(3);
  await visitor.reload();
  await expect(visitor.getByText("Cena brutto: 207 870 zł (z VAT 23%)")).toBeVisible();
  await expect(visitor.getByText("Najniższa cena z 30 dni przed obniżką: 180 000 zł netto")).toBeVisible();

  // The list finds it; withdrawn, its page is gone.
  await page.goto(`/panel/oferty?q=${encodeURIComponent(version)}`);
  await expect(page.getByRole("region", { name: "Oferty" })).toContainText("w sprzedaży");
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-offers-1280.png", fullPage: true });
  await page.goto(panelUrl);
  await page.getByLabel("Powód wycofania").fill("Samochód sprzedany w salonie.");
  await page.getByRole("button", { name: "Wycofaj ze sprzedaży" }).click();
  await expect(page.getByText("Wycofano ofertę: jej strona już się nie otwiera.")).toBeVisible();
  const gone = await visitor.goto(publicPath);
  expect(gone?.status()).toBe(404);

  const tablet = await newPage(browser, 768);
  await tablet.context().addCookies(await page.context().cookies());
  await tablet.goto(panelUrl);
  await expect(tablet.getByText("Stan: wycofana", { exact: true })).toBeVisible();
  await expectNoAxeViolations(tablet);
  await screenshot(tablet, { path: "test-results/panel-offer-768.png", fullPage: true });
  for (const p of [page, visitor, tablet]) await p.context().close();
});
