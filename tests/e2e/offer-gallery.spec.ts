import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { OfferList, OfferTile } from "../../src/domain/catalogue/offer";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration } from "../support/hydration";
import { screenshot } from "../support/screenshot";

// The offer detail page sells on a phone: the car's photo in the first screen, then its price and
// what to do; a full-screen gallery with swipe, pinch and double-tap zoom, keys, Escape and Back,
// whose photos are asked for only when it opens.

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/offer-gallery-shots";

/** A new car in leasing and rent with several photos (the demo catalogue's). */
async function offerWithPhotos(request: APIRequestContext): Promise<OfferTile> {
  const res = await request.post("/api/Offers/NewVehicles", { data: { ResultsPerPage: 40 } });
  const offer = ((await res.json()) as OfferList).Tails.find(
    (t) => t.IsLeasingAvailable && t.IsRentAvailable && t.TotalPriceNetto !== null,
  );
  expect(offer, "the demo catalogue has a new car in leasing and rent").toBeTruthy();
  return offer as OfferTile;
}

/** The stored image an image address names, and the width it was asked at. */
function imageRequest(url: string): { id: string; width: number } | null {
  const u = new URL(url);
  if (!u.pathname.endsWith("/api/OfferImages/Get")) return null;
  return { id: u.searchParams.get("attachmentId") ?? "", width: Number(u.searchParams.get("width") ?? 0) };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
}

/** One finger (or several, by pointerId) on the gallery's stage, as a touch screen reports it. */
async function touch(stage: Locator, type: string, pointerId: number, x: number, y: number) {
  await stage.dispatchEvent(type, {
    pointerId,
    pointerType: "touch",
    isPrimary: pointerId === 1,
    clientX: x,
    clientY: y,
    bubbles: true,
  });
}

async function swipe(stage: Locator, fromX: number, toX: number, y: number) {
  await touch(stage, "pointerdown", 1, fromX, y);
  await touch(stage, "pointermove", 1, (fromX + toX) / 2, y);
  await touch(stage, "pointermove", 1, toX, y);
  await touch(stage, "pointerup", 1, toX, y);
}

async function doubleTap(stage: Locator, x: number, y: number) {
  for (let i = 0; i < 2; i++) {
    await touch(stage, "pointerdown", 1, x, y);
    await touch(stage, "pointerup", 1, x, y);
  }
}

/** The width the shown photo takes on screen (its zoom scales it). */
async function shownWidth(dialog: Locator): Promise<number> {
  return (await box(dialog.getByRole("img"))).width;
}

async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

test("the photo in the first screen, then the price and what to do; the cookie bar leaves it in sight @phone", async ({
  page,
  request,
}, info) => {
  const offer = await offerWithPhotos(request);
  const phone = info.project.name === "phone";
  const viewport = page.viewportSize() as { width: number; height: number };
  const images: { id: string; width: number }[] = [];
  const scripts: string[] = [];
  page.on("request", (r) => {
    const image = imageRequest(r.url());
    if (image) images.push(image);
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto(offer.Url);
  await waitForHydration(page);

  const opener = page.getByRole("button", { name: /^Otwórz galerię: zdjęcie 1 z \d+$/ });
  const photo = opener.getByRole("img");
  await expect(photo).toHaveAttribute("fetchpriority", "high");
  await expect(photo).toHaveAttribute("width", "640");
  await expect(photo).toHaveAttribute("height", "480");
  await expect(photo).toHaveAttribute("srcset", /960w/);
  const p = await box(photo);
  expect(p.y).toBeGreaterThanOrEqual(0);
  expect(p.y + p.height).toBeLessThanOrEqual(viewport.height);

  // The cookie notice: a compact bar on a phone (at most ~15% of the screen), not over the photo.
  const notice = page.getByRole("region", { name: "Zgoda na pliki cookie" });
  await expect(notice).toBeVisible();
  const n = await box(notice);
  if (phone) expect(n.height).toBeLessThanOrEqual(viewport.height * 0.15);
  expect(p.y + p.height).toBeLessThanOrEqual(n.y);
  await screenshot(page, { path: `${SHOTS}/first-screen-cookie-${info.project.name}.png` });
  await notice.getByRole("button", { name: "Akceptuję wszystkie" }).click();
  await expect(notice).toHaveCount(0);

  // The price, its key facts and the actions follow the photo (below it on a phone, beside it on desktop).
  const price = page.getByRole("complementary", { name: "Cena" });
  const priceBox = await box(price);
  if (phone) expect(priceBox.y).toBeGreaterThanOrEqual(p.y + p.height);
  else expect(priceBox.x).toBeGreaterThanOrEqual(p.x + p.width);
  await expect(price.getByText("Najem od", { exact: true })).toBeInViewport();
  await expect(price.getByLabel("Najważniejsze dane")).toBeInViewport();
  const ask = price.getByRole("link", { name: "Zapytaj o ten samochód" });
  expect((await box(ask)).y).toBeGreaterThan((await box(price.getByLabel("Najważniejsze dane"))).y);
  if (phone) {
    // The call to action at hand on the first screen: the phone's contact bar.
    const bar = page.getByTestId("contact-bar");
    await expect(bar.getByRole("link", { name: "Zapytaj o samochód" })).toBeInViewport();
    await expect(bar.getByRole("link", { name: /^Zadzwoń/ })).toBeInViewport();
  } else {
    await expect(ask).toBeInViewport({ ratio: 1 });
  }
  await screenshot(page, { path: `${SHOTS}/first-screen-${info.project.name}.png` });

  // The gallery's other photos are not asked for in full size until it opens (a phone asks for none),
  // nor its code.
  const more = page.getByRole("button", { name: /^Zobacz wszystkie zdjęcia \(\d+\)$/ });
  const count = Number((await more.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(count).toBeGreaterThan(1);
  const firstId = imageRequest(new URL(await photo.evaluate((i: HTMLImageElement) => i.currentSrc)).href)?.id;
  const others = images.filter((i) => i.id !== firstId);
  if (phone) expect(others).toEqual([]);
  else expect(others.filter((i) => i.width > 320)).toEqual([]);
  expect(scripts.filter((s) => s.includes("photo-viewer"))).toEqual([]);
  await more.click();
  const dialog = page.getByRole("dialog", { name: "Galeria zdjęć" });
  await dialog.getByRole("button", { name: "Następne zdjęcie" }).click();
  await expect(dialog.getByTestId("gallery-counter")).toHaveText(`2 z ${count}`);
  await expect.poll(() => images.filter((i) => i.id !== firstId && i.width > 320).length).toBeGreaterThan(0);
});

test("the full-screen gallery: arrows, swipe, double tap and pinch, focus kept inside, Escape and Back close it @phone", async ({
  page,
  request,
}, info) => {
  const offer = await offerWithPhotos(request);
  // The offer is opened from its list, so that Back after the gallery leads there.
  await page.goto("/nowe-samochody");
  await page.goto(offer.Url);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Akceptuję wszystkie" }).click();
  const more = page.getByRole("button", { name: /^Zobacz wszystkie zdjęcia \(\d+\)$/ });
  const count = Number((await more.textContent())?.match(/\((\d+)\)/)?.[1]);
  await page.evaluate(() => window.scrollTo(0, 200));
  const scrolled = await scrollY(page);

  await more.click();
  const dialog = page.getByRole("dialog", { name: "Galeria zdjęć" });
  const counter = dialog.getByTestId("gallery-counter");
  await expect(dialog).toBeVisible();
  await expect(counter).toHaveText(`1 z ${count}`);
  await expect(dialog.getByRole("button", { name: "Zamknij galerię" })).toBeFocused();
  // It covers the screen, and the page behind does not scroll.
  const d = await box(dialog);
  const viewport = page.viewportSize() as { width: number; height: number };
  expect(d.width).toBeGreaterThanOrEqual(viewport.width - 1);
  expect(d.height).toBeGreaterThanOrEqual(viewport.height - 1);
  if (info.project.name === "desktop") await page.mouse.wheel(0, 600);
  await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
  expect(await scrollY(page)).toBe(scrolled);

  // Keyboard arrows.
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`2 z ${count}`);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`1 z ${count}`);

  // A swipe to the left shows the next photo, to the right the previous one.
  const stage = dialog.getByTestId("gallery-stage");
  const s = await box(stage);
  const [cx, cy] = [s.x + s.width / 2, s.y + s.height / 2];
  await swipe(stage, cx + 120, cx - 120, cy);
  await expect(counter).toHaveText(`2 z ${count}`);
  await swipe(stage, cx - 120, cx + 120, cy);
  await expect(counter).toHaveText(`1 z ${count}`);
  await swipe(stage, cx + 120, cx - 120, cy);
  await expect(counter).toHaveText(`2 z ${count}`);
  const whole = await shownWidth(dialog);

  // A double tap zooms in and out again.
  await doubleTap(stage, cx, cy);
  await expect.poll(() => shownWidth(dialog)).toBeGreaterThan(whole * 2);
  // Zoomed in, the button says what it does now: it zooms out.
  const zoomButton = dialog.getByRole("button", { name: /^(Powiększ|Pomniejsz)$/ });
  await expect(zoomButton).toHaveText("Pomniejsz");
  await expect(zoomButton).toHaveAccessibleName("Pomniejsz");
  await expect(zoomButton).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, { path: `${SHOTS}/gallery-zoomed-${info.project.name}.png` });
  await doubleTap(stage, cx, cy);
  await expect.poll(() => shownWidth(dialog)).toBeCloseTo(whole, 0);
  await expect(zoomButton).toHaveText("Powiększ");
  await expect(zoomButton).toHaveAttribute("aria-pressed", "false");
  // The button zooms in and out as well.
  await zoomButton.click();
  await expect(zoomButton).toHaveText("Pomniejsz");
  await expect.poll(() => shownWidth(dialog)).toBeGreaterThan(whole * 2);
  await zoomButton.click();
  await expect(zoomButton).toHaveText("Powiększ");
  await expect.poll(() => shownWidth(dialog)).toBeCloseTo(whole, 0);

  // Two fingers moving apart zoom in; a swipe then pans the photo instead of changing it.
  await touch(stage, "pointerdown", 1, cx - 40, cy);
  await touch(stage, "pointerdown", 2, cx + 40, cy);
  await touch(stage, "pointermove", 1, cx - 80, cy);
  await touch(stage, "pointermove", 2, cx + 80, cy);
  await touch(stage, "pointerup", 1, cx - 80, cy);
  await touch(stage, "pointerup", 2, cx + 80, cy);
  await expect.poll(() => shownWidth(dialog)).toBeGreaterThan(whole * 1.9);
  await swipe(stage, cx + 120, cx - 120, cy);
  await expect(counter).toHaveText(`2 z ${count}`);
  // Another photo is shown whole.
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`${3 > count ? 1 : 3} z ${count}`);
  await expect.poll(() => shownWidth(dialog)).toBeCloseTo(whole, 0);

  // Tab goes round the gallery's own controls only.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);
  }
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await screenshot(page, { path: `${SHOTS}/gallery-${info.project.name}.png` });
  await expectNoAxeViolations(page, dialog);

  // Escape closes it: the focus is back on the button that opened it, the page where it was.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();
  expect(await scrollY(page)).toBe(scrolled);
  await expect(page.getByText(`${3 > count ? 1 : 3} z ${count}`, { exact: true })).toBeVisible();

  // Opened from the photo, Back closes it and stays on the offer, without asking for the page again.
  const loads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(".data")) loads.push(r.url());
  });
  const photo = page.getByRole("button", { name: /^Otwórz galerię: zdjęcie/ });
  await photo.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(offer.Url);
  await expect(photo).toBeFocused();
  expect(loads).toEqual([]);

  // Closed by its button, it leaves no step behind: Back then leads to the list.
  await photo.click();
  await dialog.getByRole("button", { name: "Zamknij galerię" }).click();
  await expect(dialog).toBeHidden();
  await expect(photo).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.history.state?.photoGallery ?? null)).toBeNull();
  await page.goBack();
  await expect(page).toHaveURL(/\/nowe-samochody$/);
});

test("moved on the page after a first look, the full-screen gallery opens at the page's photo and, closed at once, leaves the page there", async ({
  page,
  request,
}) => {
  const offer = await offerWithPhotos(request);
  await page.goto(offer.Url);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Akceptuję wszystkie" }).click();
  const more = page.getByRole("button", { name: /^Zobacz wszystkie zdjęcia \(\d+\)$/ });
  const count = Number((await more.textContent())?.match(/\((\d+)\)/)?.[1]);
  const dialog = page.getByRole("dialog", { name: "Galeria zdjęć" });
  const counter = dialog.getByTestId("gallery-counter");
  // The counter on the page's photo (the stage): the full-screen one stays in the page until React has
  // unmounted it after the dialog closed, and says the same when it closed there.
  const stage = page.getByRole("region", { name: /^Zdjęcia:/ }).locator("[tabindex='0']");
  const onPage = (n: number) => stage.getByText(`${n} z ${count}`, { exact: true });
  // A first look on a slow network, closed at the first photo: until the large copy arrives the small
  // one stands in, softened and said to be loading; then it goes.
  let arrive = () => {};
  const held = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const largeCopies = /[?&]width=(480|640|960|1280)(&|$)/;
  await page.route(largeCopies, async (route) => {
    await held;
    await route.continue();
  });
  await more.click();
  await expect(counter).toHaveText(`1 z ${count}`);
  await expect(counter).toHaveAttribute("aria-live", "polite");
  await expect(dialog.getByRole("status")).toHaveText("Wczytujemy zdjęcie…");
  await expect(dialog.getByTestId("gallery-placeholder").first()).toHaveClass(/blur/);
  await expectNoAxeViolations(page, dialog);
  await screenshot(page, { path: "test-results/gallery-slow-network.png" });
  arrive();
  await expect(dialog.getByRole("status")).toHaveCount(0);
  await expect(dialog.getByTestId("gallery-placeholder")).toHaveCount(0);
  await page.unroute(largeCopies);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The page's own gallery moves on; the full-screen one opens there and closes there.
  await stage.focus();
  await page.keyboard.press("ArrowRight");
  await expect(onPage(2)).toBeVisible();
  await more.click();
  await expect(counter).toHaveText(`2 z ${count}`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(onPage(2)).toBeVisible();
});

test("a zoomed photo is the largest copy there is, also where the screen first asked for a small one", async ({
  browser,
  request,
}) => {
  const offer = await offerWithPhotos(request);
  // A phone with a plain (1x) screen: the whole photo needs only a 480 px copy.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: "pl-PL",
  });
  const page = await context.newPage();
  await page.goto(offer.Url);
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Zobacz wszystkie zdjęcia \(\d+\)$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Galeria zdjęć" });
  const shown = dialog.getByRole("img");
  // 0 until the browser has chosen a copy (currentSrc is empty before).
  const width = async () => {
    const src = await shown.evaluate((i: HTMLImageElement) => i.currentSrc);
    return src ? (imageRequest(src)?.width ?? 0) : 0;
  };
  // Whole, a smaller copy than the largest (the one the page had already loaded may serve).
  await expect.poll(width).toBeGreaterThan(0);
  expect(await width()).toBeLessThan(1280);
  await dialog.getByRole("button", { name: "Powiększ" }).click();
  await expect.poll(width).toBe(1280);
  await context.close();
});
