import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import type { OfferList, OfferTile } from "../../src/domain/catalogue/offer";
import { ErrorCode } from "../../src/domain/errors";
import { expectNoAxeViolations } from "../support/axe";
import { waitForSectionHydration } from "../support/hydration";
import { screenshot } from "../support/screenshot";

// A detail page that sells (key facts and actions beside the price,
// above the fold, a phone contact bar), one price truth between the page and its calculator, the
// spec section 8 texts when the server refuses a lead, the dark theme and /lp-q7.

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/catalogue-b-shots";
const ADMIN_SUFFIX = "W razie problemów skontaktuj się z administratorem.";
const zl = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

async function tiles(request: APIRequestContext, path: string): Promise<OfferTile[]> {
  const res = await request.post(`/api${path}`, { data: { ResultsPerPage: 40 } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as OfferList).Tails;
}

/** A new car offered in leasing and rent: both "od" instalments and both calculator tabs. */
async function financedOffer(request: APIRequestContext): Promise<OfferTile> {
  const offer = (await tiles(request, "/Offers/NewVehicles")).find(
    (t) => t.IsLeasingAvailable && t.IsRentAvailable && t.TotalPriceNetto !== null,
  );
  expect(offer, "the demo catalogue has a new car in leasing and rent").toBeTruthy();
  return offer as OfferTile;
}

async function literals(request: APIRequestContext): Promise<Record<string, string>> {
  return (await request.get("/api/Literals/Get")).json();
}

async function acceptCookies(page: Page) {
  await page.getByRole("button", { name: "Akceptuję" }).click();
}

/** The price box's figure for a label ("Najem od", "Leasing od"). */
async function headline(price: Locator, label: string): Promise<number> {
  // The innermost element holding the label is the price line (its ancestors come first).
  const row = price.locator("div", { has: price.page().getByText(label, { exact: true }) }).last();
  return zl(await row.locator("strong").textContent());
}

async function solveCaptcha(form: Locator) {
  await form.getByText("Nie jestem robotem", { exact: true }).click();
  await expect(form.getByText("Zweryfikowano")).toBeVisible({ timeout: 30_000 });
}

async function fillLead(form: Locator, email: string) {
  await form.getByRole("textbox", { name: "Imię", exact: true }).fill("Zofia");
  await form.getByRole("textbox", { name: "Nazwisko", exact: true }).fill("Wójcik");
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Telefon", exact: true }).fill("601 202 303");
  await form.getByRole("checkbox", { name: /Akceptuję regulamin/ }).check();
  await form.getByRole("checkbox", { name: /Zgadzam się na kontakt telefoniczny lub e-mailowy/ }).check();
}

test("detail page: key facts and actions beside the price above the fold, an 'od' opens the calculator at its terms @phone", async ({
  page,
  request,
}, info) => {
  const offer = await financedOffer(request);
  const { ContactPhone } = await literals(request);
  await page.goto(offer.Url);
  await acceptCookies(page);
  const price = page.getByRole("complementary", { name: "Cena" });
  const phone = info.project.name === "phone";

  // Above the fold, without scrolling: price, its parameters, key facts, the four actions (on a phone the
  // car's photo comes first: there the actions follow the price, and the contact bar is at hand at once;
  // offer-gallery.spec.ts holds the phone's first screen).
  await expect(price.getByText("Leasing od", { exact: true })).toBeInViewport();
  await expect(price.getByText(/^przy 80\u00a0mies\., opłata wstępna 45%, wykup 50%/)).toBeInViewport();
  await expect(
    price.getByText(/^przy 80\u00a0mies\., wpłata własna 45%, 10\u00a0000\u00a0km rocznie/),
  ).toBeInViewport();
  const facts = price.getByRole("definition");
  await expect(price.getByLabel("Najważniejsze dane")).toBeInViewport();
  await expect(facts.filter({ hasText: String(offer.Year) }).first()).toBeVisible();
  await expect(facts.filter({ hasText: /KM$/ })).toBeVisible();
  if (phone) {
    await expect(
      page.getByTestId("contact-bar").getByRole("link", { name: "Zapytaj o samochód" }),
    ).toBeInViewport();
    await price.getByTestId("offer-actions").scrollIntoViewIfNeeded();
  }
  for (const action of [
    price.getByRole("link", { name: "Zapytaj o ten samochód" }),
    price.getByRole("link", { name: "Oblicz ratę" }),
    price.getByRole("link", { name: `Zadzwoń: ${ContactPhone}` }),
    price.getByRole("button", { name: "Zamów rozmowę" }),
  ]) {
    await expect(action).toBeInViewport({ ratio: 1 });
  }
  await expect(price.getByRole("link", { name: `Zadzwoń: ${ContactPhone}` })).toHaveAttribute(
    "href",
    `tel:${ContactPhone.replace(/[^\d+]/g, "")}`,
  );
  await screenshot(page, { path: `${SHOTS}/detail-${info.project.name}.png` });

  // One price truth: each "od" is the lowest instalment its calculator gives, and opens it at its terms.
  const rentFrom = await headline(price, "Najem od");
  const leasingFrom = await headline(price, "Leasing od");
  const calculator = page.getByRole("region", { name: "Oblicz ratę" });
  const installment = calculator.getByTestId("installment");
  const period = calculator.getByRole("slider", { name: "Okres umowy" });
  // Opened by "Oblicz ratę", the calculator starts at the company's default terms: a higher instalment.
  await price.getByRole("link", { name: "Oblicz ratę" }).click();
  await expect(calculator).toBeInViewport();
  await expect(installment).toHaveText(/netto\/mies\./);
  expect(zl(await installment.textContent())).toBeGreaterThan(rentFrom);
  await page.evaluate(() => window.scrollTo(0, 0));
  await price.getByRole("link", { name: "Otwórz kalkulator najmu" }).click();
  await expect(calculator).toBeInViewport();
  await expect(period).toHaveAttribute("aria-valuetext", "80 miesięcy");
  await expect.poll(async () => zl(await installment.textContent())).toBe(rentFrom);
  await expect(calculator.getByRole("radio", { name: /Własne/ })).toBeChecked();
  await page.evaluate(() => window.scrollTo(0, 0));
  await price.getByRole("link", { name: "Otwórz kalkulator leasingu" }).click();
  await expect(calculator.getByRole("radio", { name: "Leasing" })).toBeChecked();
  await expect(period).toHaveAttribute("aria-valuetext", "80 miesięcy");
  await expect.poll(async () => zl(await installment.textContent())).toBe(leasingFrom);
  // Moved away, then opened from the "od" again: back at its terms (periods go up to the spec's 80).
  await period.press("Home");
  await expect(period).toHaveAttribute("aria-valuetext", "24 miesiące");
  await page.evaluate(() => window.scrollTo(0, 0));
  await price.getByRole("link", { name: "Otwórz kalkulator leasingu" }).click();
  await expect(period).toHaveAttribute("aria-valuetext", "80 miesięcy");
  await expect.poll(async () => zl(await installment.textContent())).toBe(leasingFrom);

  // The call-back form opens beside the price.
  await page.evaluate(() => window.scrollTo(0, 0));
  await price.getByRole("button", { name: "Zamów rozmowę" }).click();
  await expect(price.getByRole("textbox", { name: "Twój numer telefonu" })).toBeVisible();

  const bar = page.getByTestId("contact-bar");
  if (phone) {
    // The phone bar stays at hand and never covers the end of the page (the body ends above it).
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole("link", { name: `Zadzwoń: ${ContactPhone}` })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLink = page.getByRole("contentinfo").getByRole("link").last();
    const [linkBox, barBox] = [await lastLink.boundingBox(), await bar.boundingBox()];
    expect(linkBox && barBox && linkBox.y + linkBox.height <= barBox.y).toBe(true);
    await bar.getByRole("link", { name: "Zapytaj o samochód" }).click();
    await expect(page.getByRole("heading", { name: "Zapytaj o ofertę" })).toBeInViewport();
  } else {
    await expect(bar).toBeHidden();
  }
  await expectNoAxeViolations(page);
});

test("a list states the terms of its tiles' 'od' instalments, and a tile's price is its calculator's at them", async ({
  page,
  request,
}) => {
  const offer = await financedOffer(request);
  await page.goto("/nowe-samochody");
  await expect(page.getByTestId("instalment-terms")).toHaveText(
    "Raty „od” netto/mies. to najniższe raty z kalkulatora oferty: leasing przy 80\u00a0mies., opłata wstępna 45%, wykup 50%; najem przy 80\u00a0mies., wpłata własna 45%, 10\u00a0000\u00a0km rocznie; ubezpieczenie we własnym zakresie (opłata 250\u00a0zł netto rocznie), a przy cenie do 25\u00a0000\u00a0zł netto w racie.",
  );
  await expectNoAxeViolations(page);
  // The address of the calculator at the "od" terms, as a shared link opens it.
  await page.goto(`${offer.Url}?od=leasing`);
  const calculator = page.getByRole("region", { name: "Oblicz ratę" });
  await expect(calculator.getByRole("radio", { name: "Leasing" })).toBeChecked();
  await expect
    .poll(async () => zl(await calculator.getByTestId("installment").textContent()))
    .toBe(offer.LeasePriceDiscount ?? offer.LeasePrice);
  await expectNoAxeViolations(page, calculator);
});

test("the chat's corner button steps aside from a car's prices and from the enquiry's end @phone", async ({
  page,
  request,
}, info) => {
  const offer = await financedOffer(request);
  await page.goto(offer.Url);
  await acceptCookies(page);
  // Stepping aside keeps its place (it is only made invisible): its box is where it would be.
  const chat = page.getByRole("button", { name: "Czat z konsultantem", includeHidden: true });
  const elsewhere = page.getByRole("heading", { name: "Podobne oferty" });
  const prices = page.getByRole("complementary", { name: "Cena" }).locator("dl").first();
  const sendButton = page.locator("#zapytaj").getByRole("button", { name: "Wyślij zapytanie" });
  // On a phone the prices scroll by under the button; at 1280 px their column is beside it.
  for (const target of info.project.name === "phone" ? [prices, sendButton] : [sendButton]) {
    await elsewhere.scrollIntoViewIfNeeded();
    await expect(chat).toBeVisible();
    // The target brought under the button's corner, as a person scrolling meets it.
    await target.scrollIntoViewIfNeeded();
    const [t, b] = [await target.boundingBox(), await chat.boundingBox()];
    if (!t || !b) throw new Error("target or chat button not on the screen");
    await page.evaluate((by) => window.scrollBy(0, by), t.y + t.height / 2 - (b.y + b.height / 2));
    await expect(chat).toBeHidden();
  }
});

test("a car's page opened by its address with a kept private choice: prices and the calculator at 'prywatnie'", async ({
  page,
  request,
}) => {
  const offer = await financedOffer(request);
  // "prywatnie" chosen on an earlier page (localStorage, ADR 047); the server rendered a company's page.
  await page.addInitScript(() => localStorage.setItem("privateBuyer", String(Date.now())));
  await page.goto(offer.Url);
  await expect(page).toHaveURL(/\?isCompany=false$/);
  const price = page.getByRole("complementary", { name: "Cena" });
  await expect(price.getByText("Gotówka", { exact: true })).toBeVisible();
  await expect(price.getByText(/^(Leasing|Najem) od$/)).toHaveCount(0);
  // The calculator follows the address as the price box does, not the company's view it mounted with.
  await expect(page.getByRole("radio", { name: "prywatnie" }).last()).toBeChecked();
  await expect(page.getByRole("radio", { name: "Najem" })).toHaveCount(0);
});

test("auction page: the auction team's contact beside the price @phone", async ({ page, request }, info) => {
  const auction = (await tiles(request, "/Offers/EndingAuctions"))[0];
  expect(auction, "the demo catalogue has running auctions").toBeTruthy();
  const { AuctionPhone, AuctionEmail, ContactPhone } = await literals(request);
  expect(AuctionPhone).not.toBe(ContactPhone);
  await page.goto(auction.Url);
  await acceptCookies(page);
  const price = page.getByRole("complementary", { name: "Cena" });
  await expect(price.getByText(/^Pytania o aukcję\? Dział aukcji/)).toBeInViewport();
  await expect(price.getByRole("link", { name: `Zadzwoń: ${AuctionPhone}` })).toBeInViewport();
  await expect(price.getByRole("link", { name: AuctionEmail })).toHaveAttribute(
    "href",
    `mailto:${AuctionEmail}`,
  );
  await expect(price.getByLabel("Najważniejsze dane")).toBeInViewport();
  if (info.project.name === "phone") {
    // The fixed bar never covers the auction's box (countdown, price, bid box), which has the same
    // contact: it steps aside while the box is under it and is at hand once the box has scrolled by.
    const bar = page.getByTestId("contact-bar");
    const countdown = price.getByTestId("auction-countdown");
    await countdown.evaluate((el) => {
      window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8);
    });
    await expect(bar).toBeHidden();
    await price.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom + 8));
    await expect(bar.getByRole("link", { name: `Zadzwoń: ${AuctionPhone}` })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await screenshot(page, { path: `${SHOTS}/auction-${info.project.name}.png` });
  await expectNoAxeViolations(page);
});

test.describe("lead form: what the server refused, in the spec's words", () => {
  test("a real 400 marks the field, keeps the captcha, moves the focus; 429 and 500 say so @phone", async ({
    page,
    request,
  }, info) => {
    const offer = await financedOffer(request);
    await page.goto(offer.Url);
    await acceptCookies(page);
    const form = page.locator("form", { has: page.getByRole("heading", { name: "Zapytaj o ofertę" }) });
    const send = form.getByRole("button", { name: "Wyślij zapytanie" });
    const summary = form.getByRole("alert");
    const email = form.getByRole("textbox", { name: "E-mail", exact: true });
    await waitForSectionHydration(form);

    // Nothing filled: the first invalid field comes into view and takes the focus (390 px too).
    await send.click();
    await expect(form.getByRole("textbox", { name: "Imię", exact: true })).toBeFocused();
    await expect(form.getByRole("textbox", { name: "Imię", exact: true })).toBeInViewport();

    await fillLead(form, `zofia.odmowa.${info.project.name}@example.com`);
    await solveCaptcha(form);

    // 429: the server's message and the administrator hint; nothing marked, the captcha kept.
    const tooMany = "Zbyt wiele zgłoszeń w krótkim czasie. Spróbuj ponownie za 10 min.";
    await page.route("**/api/Contact/SendQuestion", (route) =>
      route.fulfill({ status: 429, json: { ErrorCode: ErrorCode.RateLimited, ErrorMessage: tooMany } }),
    );
    await send.click();
    await expect(summary).toHaveText(`${tooMany} ${ADMIN_SUFFIX}`);
    await expect(summary).toBeFocused();
    await expect(form.getByText("Formularz został źle wypełniony", { exact: false })).toHaveCount(0);
    await expect(form.getByText("Zweryfikowano")).toBeVisible();

    // 500: 'Wystąpił błąd po stronie serwera. …'.
    await page.unroute("**/api/Contact/SendQuestion");
    await page.route("**/api/Contact/SendQuestion", (route) =>
      route.fulfill({ status: 500, json: { ErrorCode: ErrorCode.Internal, ErrorMessage: "x" } }),
    );
    await send.click();
    await expect(summary).toHaveText(`Wystąpił błąd po stronie serwera. ${ADMIN_SUFFIX}`);
    await expect(form.getByText("Zweryfikowano")).toBeVisible();

    // A real 400 of the real server (the e-mail changed on its way, as a stale client could send):
    // the field it names is marked and focused, the text is the server's with the hint.
    await page.unroute("**/api/Contact/SendQuestion");
    await page.route("**/api/Contact/SendQuestion", (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), Email: "zofia(at)example" }),
      }),
    );
    const refused = page.waitForResponse("**/api/Contact/SendQuestion");
    await send.click();
    const response = await refused;
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.ErrorMessage).toMatch(/^Pole Email: /);
    await expect(summary).toHaveText(
      `${/[.!?]$/.test(body.ErrorMessage) ? body.ErrorMessage : `${body.ErrorMessage}.`} ${ADMIN_SUFFIX}`,
    );
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();
    await expect(form.getByText("Zweryfikowano")).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/lead-400-${info.project.name}.png` });

    // The kept captcha is still good: the same send goes through once the request is honest.
    await page.unroute("**/api/Contact/SendQuestion");
    await email.fill(`zofia.odmowa.${info.project.name}@example.com`);
    await send.click();
    await expect(page).toHaveURL(/\/wyslano-pomyslnie$/);
  });

  test("the call-back form says the same for a server error", async ({ page, request }) => {
    const offer = await financedOffer(request);
    await page.goto(offer.Url);
    await acceptCookies(page);
    const price = page.getByRole("complementary", { name: "Cena" });
    await price.getByRole("button", { name: "Zamów rozmowę" }).click();
    await page.route("**/api/FastCall/Post", (route) =>
      route.fulfill({ status: 500, json: { ErrorCode: ErrorCode.Internal, ErrorMessage: "x" } }),
    );
    await price.getByRole("textbox", { name: "Twój numer telefonu" }).fill("601 202 303");
    await price.getByRole("checkbox", { name: /Zgadzam się na kontakt telefoniczny/ }).check();
    const submit = price.getByRole("button", { name: "Zadzwońcie do mnie" });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(
      price.getByRole("alert").filter({ hasText: "Wystąpił błąd po stronie serwera." }),
    ).toHaveText(`Wystąpił błąd po stronie serwera. ${ADMIN_SUFFIX}`);
  });
});

/** A CSS colour (oklch, color-mix, rgba over white) as the sRGB the screen shows, via a canvas. */
async function rgb(page: Page, colour: string): Promise<number[]> {
  return page.evaluate((c) => {
    const x = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    x.fillStyle = "#fff";
    x.fillRect(0, 0, 1, 1);
    x.fillStyle = c;
    x.fillRect(0, 0, 1, 1);
    return [...x.getImageData(0, 0, 1, 1).data].slice(0, 3);
  }, colour);
}

/** WCAG contrast ratio of two sRGB colours. */
function ratio(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

async function contrast(el: Locator, fg: string, bg: string): Promise<number> {
  const [f, b] = await el.evaluate(
    (e, [p, q]) => {
      const s = getComputedStyle(e);
      return [s.getPropertyValue(p), s.getPropertyValue(q)];
    },
    [fg, bg],
  );
  return ratio(await rgb(el.page(), f), await rgb(el.page(), b));
}

test("dark theme: gallery arrows and label chips stay visible @phone", async ({ page, request }, info) => {
  const offer = await financedOffer(request);
  await page.goto(offer.Url);
  await acceptCookies(page);
  await page.getByRole("button", { name: "Motyw ciemny" }).click();
  // Contrast of the arrow's glyph on its button, and of a label chip on the dark page.
  const arrow = await contrast(
    page.getByRole("button", { name: "Następne zdjęcie" }),
    "color",
    "background-color",
  );
  expect(arrow).toBeGreaterThan(4.5);
  const chip = page.getByRole("list", { name: "Oznaczenia oferty" }).getByRole("listitem").first();
  const pageBg = await page
    .locator("[data-theme=dark]")
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const chipBg = await chip.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(ratio(await rgb(page, chipBg), await rgb(page, pageBg))).toBeGreaterThan(3);
  await screenshot(page, { path: `${SHOTS}/dark-${info.project.name}.png` });
  await expectNoAxeViolations(page);
});

test("/lp-q7: logo, the car's picture, what '1 zł' means, the form not under the cookie notice @phone", async ({
  page,
}, info) => {
  await page.goto("/lp-q7");
  await expect(page.getByRole("link", { name: "Flotis, strona główna" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Audi Q7 – zdjęcie/ })).toBeVisible();
  const note = page.getByTestId("first-instalment-note");
  await expect(note).toContainText(
    "Za pierwszą ratę płacisz 1\u00a0zł netto. Od drugiej raty płacisz ratę z kalkulatora",
  );
  await expect(note).toContainText("przy 80\u00a0mies., opłata wstępna 45%, wykup 50%");
  // Each figure the note names opens the calculator at its terms, where it gives that figure.
  const installment = page.getByRole("region", { name: "Oblicz ratę" }).getByTestId("installment");
  for (const link of await note.getByRole("link").all()) {
    const figure = zl(await link.textContent());
    await link.click();
    await expect.poll(async () => zl(await installment.textContent())).toBe(figure);
  }
  await expect(note.getByRole("link")).toHaveCount(2);
  // With the cookie notice still shown, the page's last control can be scrolled above it.
  const expand = page.getByRole("button", { name: "Rozwiń" });
  await expand.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const notice = page.getByRole("region", { name: "Zgoda na pliki cookie" });
  const [e, n] = [await expand.boundingBox(), await notice.boundingBox()];
  expect(e && n && e.y + e.height <= n.y).toBe(true);
  await expand.click();
  await expect(page.getByRole("button", { name: "Zwiń" })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/lp-q7-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
});
