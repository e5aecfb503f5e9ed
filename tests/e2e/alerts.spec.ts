import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { mailsTo } from "../support/e2e-outbox";
import { waitForHydration } from "../support/hydration";
import { screenshot } from "../support/screenshot";

/**
 * The car-alert wizard end to end: every blocking message, skips, back, edits from the summary, the
 * inline errors of page 5, the robot check, the activation e-mail from the development outbox and
 * its activation and deactivation links.
 */

const MSG = {
  page1: "nie wypełniono wszystkich pól",
  step: "nie wypełniono pól, jeżeli nie chcesz zaznaczać preferencji możesz pominąć ten krok",
  reversed: "Kwota „od” nie może być wyższa niż kwota „do”",
  email: "Błędny adres mail",
  consent: "Zgoda wymagana",
  captcha: "Potwierdź, że nie jesteś robotem",
};

interface Options {
  BodyTypes: { Name: string; Value: string }[];
  FuelTypes: { Name: string; Value: string }[];
  GearboxTypes: { Name: string; Value: string }[];
  AvailableAlertMakes: string[];
}

async function options(request: APIRequestContext): Promise<Options> {
  const res = await request.get("/api/CarAlert");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as Options;
  // The journeys need a catalogue to choose from (the demo data).
  expect(body.BodyTypes.length).toBeGreaterThan(1);
  expect(body.FuelTypes.length).toBeGreaterThan(1);
  expect(body.AvailableAlertMakes.length).toBeGreaterThan(1);
  return body;
}

async function expectMessage(page: Page, text: string) {
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });
const next = (page: Page) => page.getByRole("button", { name: "Dalej", exact: true }).click();
const skip = (page: Page) => page.getByRole("button", { name: "Pomiń", exact: true }).click();
const back = (page: Page) => page.getByRole("button", { name: "Wstecz", exact: true }).click();
const progress = (page: Page) => page.getByRole("progressbar");
const summary = (page: Page, key: string) => page.getByTestId(`summary-${key}`);

async function solveCaptcha(page: Page) {
  await page.getByText("Nie jestem robotem").click();
  await expect(page.getByText("Zweryfikowano")).toBeVisible({ timeout: 30_000 });
}

async function mailTo(email: string) {
  const [mail] = await mailsTo(email);
  expect(mail, `no mail to ${email}`).toBeDefined();
  return mail;
}

/** Page 1: nothing chosen, then a buyer and a financing without a bound. */
async function buyerAndFinancing(page: Page) {
  await next(page);
  await expectMessage(page, MSG.page1);
  await page.getByLabel("prywatnie", { exact: true }).check();
  // A private person pays cash: instalments cannot be chosen.
  await expect(page.getByLabel("rata miesięczna", { exact: true })).toBeDisabled();
  await expect(page.getByLabel("zakup za gotówkę", { exact: true })).toBeChecked();
  await page.getByLabel("na firmę", { exact: true }).check();
  await page.getByLabel("rata miesięczna", { exact: true }).check();
  await next(page);
  await expectMessage(page, MSG.page1);
  await page.getByLabel("Rata miesięczna do (zł netto/mies.)").fill("2500");
  // Choosing a buyer type again clears the prices.
  await page.getByLabel("prywatnie", { exact: true }).check();
  await page.getByLabel("na firmę", { exact: true }).check();
  await page.getByLabel("zakup za gotówkę", { exact: true }).check();
  const priceFrom = page.getByLabel("Cena od (zł netto)");
  const priceTo = page.getByLabel("Cena do (zł netto)");
  await expect(priceTo).toHaveValue("");
  await priceFrom.fill("9999999999999");
  await expect(priceFrom).toHaveValue("999999999");
  await priceTo.fill("150000");
  await next(page);
  await expectMessage(page, MSG.reversed);
  await priceFrom.fill("");
  await next(page);
}

/** Edit icons jump to their page and come back to the summary. */
async function editFromSummary(page: Page, fuel: { Name: string }, keptMake: string, droppedMake: string) {
  await page.getByRole("button", { name: "Zmień: rodzaj paliwa" }).click();
  await expect(heading(page, "Jakie paliwo i skrzynia biegów?")).toBeVisible();
  await page.getByLabel(fuel.Name, { exact: true }).check();
  await next(page);
  await expect(summary(page, "fuel")).toHaveText(fuel.Name);
  await page.getByRole("button", { name: "Zmień: producent" }).click();
  await page.getByLabel(droppedMake, { exact: true }).uncheck();
  await next(page);
  await expect(summary(page, "makes")).toHaveText(keptMake);
  await page.getByRole("button", { name: "Zmień: typ nadwozia" }).click();
  await skip(page);
  await expect(summary(page, "body")).toHaveText("dowolny");
}

/** Inline errors on page 5, each mended in turn, until the alert is sent. */
async function sendWithInlineErrors(page: Page, email: string) {
  await page.getByRole("button", { name: "Ustaw alert" }).click();
  await expect(page.getByText(MSG.email)).toBeVisible();
  await expect(page.getByText(MSG.consent)).toHaveCount(2);
  await expect(page.getByText(MSG.captcha)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Adres e-mail" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill("jan@firma");
  await page.getByRole("button", { name: "Ustaw alert" }).click();
  await expect(page.getByText(MSG.email)).toBeVisible();
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await page.getByLabel("Akceptuję regulamin serwisu.").check();
  await page.getByRole("button", { name: "Ustaw alert" }).click();
  await expect(page.getByText(MSG.email)).toHaveCount(0);
  await expect(page.getByText(MSG.consent)).toHaveCount(1);
  await page.getByLabel(/Zgadzam się na otrzymywanie/).check();
  await solveCaptcha(page);
  await expect(page.getByText(MSG.captcha)).toHaveCount(0);
  await page.getByRole("button", { name: "Ustaw alert" }).click();
}

/**
 * The activation e-mail in the development outbox and its links: opened, a link asks for one click
 * (a mail scanner's GET changes nothing); clicked again, it says what already is, never 404.
 */
async function activateAndDeactivate(page: Page, email: string, make: string, fuel: { Name: string }) {
  const mail = await mailTo(email);
  expect(mail.subject).toBe("Potwierdź alert o nowych ofertach samochodów");
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toContain(`- Producent: ${make}`);
  expect(mail.text).toContain(`- Rodzaj paliwa: ${fuel.Name}`);
  const activation = new URL(/https?:\/\/[^\s]+\/alert\/aktywacja=[0-9a-f-]{36}/.exec(mail.text)![0])
    .pathname;
  const deactivation = new URL(/https?:\/\/[^\s]+\/alert\/dezaktywacja=[0-9a-f-]{36}/.exec(mail.text)![0])
    .pathname;
  // The header's one-click address is the deactivation link's page.
  expect(new URL(/^<(.+)>$/.exec(mail.headers["List-Unsubscribe"])![1]).pathname).toBe(deactivation);

  // A mail scanner opens the link first: it gets the page, and the alert waits for the person's click.
  expect((await page.request.get(activation)).status()).toBe(200);
  await page.goto(activation);
  await expect(page.getByRole("heading", { level: 1, name: "Potwierdź alert" })).toBeVisible();
  await page.getByRole("button", { name: "Potwierdzam alert" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alert jest aktywny" })).toBeVisible();
  await expect(page).toHaveTitle("Alert jest aktywny | Flotis");
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: "test-results/alert-activated.png", fullPage: true });
  // The link clicked again: the alert is active, said as such (not the not-found page).
  const used = await page.goto(activation);
  expect(used?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Alert jest już aktywny" })).toBeVisible();

  await page.goto(deactivation);
  await expect(page.getByRole("heading", { level: 1, name: "Wyłączyć alert?" })).toBeVisible();
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: "test-results/alert-deactivate.png", fullPage: true });
  await page.getByRole("button", { name: "Wyłącz alert" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alert został wyłączony" })).toBeVisible();
  const again = await page.goto(deactivation);
  expect(again?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Alert jest już wyłączony" })).toBeVisible();
  const bad = await page.goto("/alert/aktywacja=to-nie-jest-identyfikator");
  expect(bad?.status()).toBe(404);
  await expect(page.getByText("Strona odjechała...")).toBeVisible();
}

test("the whole wizard: every message, skip, back, edits from the summary, activation and deactivation", async ({
  page,
  request,
}) => {
  const o = await options(request);
  const [body1] = o.BodyTypes;
  const [fuel1, fuel2] = o.FuelTypes;
  const [make1, make2] = o.AvailableAlertMakes;
  const email = `e2e.alert.${Date.now()}@example.com`;

  await page.goto("/alert");
  await expect(page).toHaveTitle(/Alert o nowych ofertach/);
  await expect(heading(page, "Kto kupuje i jak chcesz płacić?")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "0");

  await buyerAndFinancing(page);

  // Page 2: a choice is needed or a skip.
  await expect(heading(page, "Jakie nadwozie Cię interesuje?")).toBeFocused();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "25");
  await next(page);
  await expectMessage(page, MSG.step);
  await page.getByLabel(body1.Name, { exact: true }).check();
  await next(page);

  // Page 3: empty is refused; back keeps page 2's choice; skip clears page 3.
  await expect(heading(page, "Jakie paliwo i skrzynia biegów?")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "50");
  await next(page);
  await expectMessage(page, MSG.step);
  await back(page);
  await expect(page.getByLabel(body1.Name, { exact: true })).toBeChecked();
  await next(page);
  await page.getByLabel(fuel1.Name, { exact: true }).check();
  await skip(page);

  // Page 4.
  await expect(heading(page, "Które marki Cię interesują?")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "75");
  await next(page);
  await expectMessage(page, MSG.step);
  await page.getByLabel(make1, { exact: true }).check();
  await page.getByLabel(make2, { exact: true }).check();
  await next(page);

  // Page 5: the summary, with 'dowolny' where nothing is chosen.
  await expect(heading(page, "Podsumowanie i adres e-mail")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
  await expect(summary(page, "buyer")).toHaveText("na firmę");
  await expect(summary(page, "financing")).toHaveText("zakup za gotówkę");
  await expect(summary(page, "price")).toHaveText("do 150\u00a0000 zł netto");
  await expect(summary(page, "body")).toHaveText(body1.Name);
  await expect(summary(page, "fuel")).toHaveText("dowolny");
  await expect(summary(page, "gearbox")).toHaveText("dowolny");
  await expect(summary(page, "makes")).toHaveText(`${make1}, ${make2}`);

  await editFromSummary(page, fuel2, make1, make2);

  await sendWithInlineErrors(page, email);

  // Page 6: success.
  await expect(heading(page, "Dziękujemy! Sprawdź skrzynkę e-mail")).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await screenshot(page, { path: "test-results/alert-success.png", fullPage: true });
  await expectNoAxeViolations(page);

  await activateAndDeactivate(page, email, make1, fuel2);
});

test("pre-fill from the URL query, as the vehicle list's button links it", async ({ page, request }) => {
  const o = await options(request);
  const body = o.BodyTypes[1];
  const fuel = o.FuelTypes[0];
  const [make1, make2] = o.AvailableAlertMakes;
  const query = new URLSearchParams({
    isCompany: "false",
    financialMethod: "cash",
    priceFrom: "30000",
    priceTo: "90000",
    bodyType: body.Value,
    fuelType: fuel.Value,
    makes: `${make1},${make2.toUpperCase()},Nieznana`,
  });
  await page.goto(`/alert?${query}`);
  await expect(page.getByLabel("prywatnie", { exact: true })).toBeChecked();
  await expect(page.getByLabel("zakup za gotówkę", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Cena od (zł brutto)")).toHaveValue("30000");
  await expect(page.getByLabel("Cena do (zł brutto)")).toHaveValue("90000");
  await expectNoAxeViolations(page);
  await screenshot(page, {
    path: `test-results/alert-prefill-${test.info().project.name}.png`,
    fullPage: true,
  });
  await next(page);
  await expect(page.getByLabel(body.Name, { exact: true })).toBeChecked();
  await next(page);
  await expect(page.getByLabel(fuel.Name, { exact: true })).toBeChecked();
  await next(page);
  await expect(page.getByLabel(make1, { exact: true })).toBeChecked();
  await expect(page.getByLabel(make2, { exact: true })).toBeChecked();
  await next(page);
  await expect(summary(page, "price")).toHaveText("od 30\u00a0000 zł do 90\u00a0000 zł brutto");
  await expect(summary(page, "makes")).toHaveText(`${make1}, ${make2}`);
  await expectNoAxeViolations(page);
  await screenshot(page, {
    path: `test-results/alert-summary-${test.info().project.name}.png`,
    fullPage: true,
  });
});

test("the dialog is keyboard operable and Escape closes it @phone", async ({ page }) => {
  await page.goto("/alert");
  // The wizard's buttons act once React has the page: a key pressed before that does nothing.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Dalej" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The message can be raised again after closing.
  await page.getByRole("button", { name: "Dalej" }).click();
  await expect(dialog).toContainText(MSG.page1);
});

test("the vehicle list's button opens the wizard with the list's filters @phone", async ({ page }) => {
  await page.goto("/suv?fuelType=EL");
  await page.getByRole("link", { name: "Ustaw alert dla tego wyszukiwania" }).click();
  await expect(page).toHaveURL(/\/alert\?isCompany=true&bodyType=suv&fuelType=EL/);
  // The wizard's answers are React's once the page has hydrated (a tick before it was lost on a busy phone).
  await waitForHydration(page);
  await expect(page.getByLabel("na firmę", { exact: true })).toBeChecked();
  await page.getByLabel("zakup za gotówkę", { exact: true }).check();
  await page.getByLabel("Cena do (zł netto)").fill("300000");
  await next(page);
  await expect(page.getByLabel("SUV", { exact: true })).toBeChecked();
  await next(page);
  await expect(page.getByLabel("Elektryczny", { exact: true })).toBeChecked();
});
