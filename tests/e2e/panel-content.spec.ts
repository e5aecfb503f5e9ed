import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { screenshot } from "../support/screenshot";

/**
 * The back-office's documents: a content editor publishes a new version of the
 * site rules; a file that is not a PDF is refused at its field; the site serves the new version at
 * once. (A new auction rules version is published the same way; it makes every bidder accept it
 * again, so the journeys leave it to the API tests.) On the journeys' shared server.
 */
const run = Date.now().toString(36);
const editor = { email: `tresci-${run}@flotis.example`, name: "Tamara Treściowa", password: "Tresci2026xx" };

test("a content editor publishes a new version of the site rules", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, 1280);
  await firstSignIn(page, await staffAdd(editor.email, editor.name, "content"), editor);
  await expect(page.getByRole("navigation", { name: "Panel" }).getByRole("link")).toHaveText([
    "Przegląd",
    "Banery",
    "Dokumenty",
    "Teksty",
    "Polityki",
    "FAQ",
    "Kalkulator",
    "Moje konto",
  ]);
  await page.getByRole("link", { name: "Dokumenty" }).click();
  const form = page.getByRole("form", { name: "Nowa wersja dokumentu" });
  await form.getByLabel("Dokument").selectOption({ label: "Regulamin serwisu" });

  await form.getByLabel("Plik PDF (do 10 MB)").setInputFiles({
    name: "regulamin.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html>to nie jest PDF</html>"),
  });
  await form.getByRole("button", { name: "Opublikuj" }).click();
  await expect(form.getByText("To nie jest plik PDF. Wybierz dokument w formacie PDF.")).toBeVisible();

  const marker = `regulamin-${run}`;
  await form.getByLabel("Plik PDF (do 10 MB)").setInputFiles({
    name: "regulamin-serwisu.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(`%PDF-1.4\n% ${marker}\n%%EOF\n`),
  });
  await form.getByRole("button", { name: "Opublikuj" }).click();
  await expect(form.getByText(/^Opublikowano regulamin serwisu w wersji \d+, obowiązuje od /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Regulamin serwisu: wersje" })).toContainText("(obowiązuje)");
  expect((await (await request.get("/dokumenty/regulamin-serwisu.pdf")).body()).toString()).toContain(marker);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-documents-1280.png", fullPage: true });

  const tablet = await newPage(browser, 768);
  await tablet.context().addCookies(await page.context().cookies());
  await tablet.goto("/panel/dokumenty");
  await expect(tablet.getByRole("heading", { name: "Dokumenty" })).toBeVisible();
  await expectNoAxeViolations(tablet);
  await screenshot(tablet, { path: "test-results/panel-documents-768.png", fullPage: true });
  for (const p of [page, tablet]) await p.context().close();
});

// A banner on the home page changes what every other journey meets there: it runs with the
// journeys that change shared state, after all the others, and removes its banner at the end.
test("a content editor publishes a banner with its picture on the home page, then removes it @global-state", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const who = { ...editor, email: `banery-${run}@flotis.example`, name: "Bogna Banerowa" };
  const page = await newPage(browser, 1280);
  await firstSignIn(page, await staffAdd(who.email, who.name, "content"), who);
  await page.getByRole("link", { name: "Banery" }).click();
  await page.getByRole("link", { name: "Dodaj baner" }).click();
  const form = page.getByRole("form", { name: "Baner" });
  const title = `Zimowe opony w cenie ${run}`;
  await form.getByLabel(/^Tytuł/).fill(title);
  await form.getByLabel("Przycisk: napis", { exact: true }).fill("Zobacz auta");
  await form.getByLabel("Obraz (JPEG, PNG, WebP, AVIF)").setInputFiles({
    name: "baner.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 1200, height: 400, channels: 3, background: "#1652c8" } })
      .png()
      .toBuffer(),
  });
  await form.getByRole("button", { name: "Dodaj baner" }).click();
  // Checked in the browser before sending: the button's address and the picture's description.
  await expect(form.getByText("Podaj, dokąd prowadzi przycisk")).toBeVisible();
  await expect(form.getByText("Opisz obraz dla osób, które go nie widzą")).toBeVisible();
  await form.getByLabel("Przycisk: adres (np. /aukcje-samochodowe)").fill("/nowe-samochody");
  await form.getByLabel("Opis obrazu dla osób, które go nie widzą").fill("Samochód na zimowych oponach");
  await form.getByRole("button", { name: "Dodaj baner" }).click();
  await expect(page.getByText("Dodano baner.")).toBeVisible();
  await expect(page.getByText("Stan: widoczny")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-banner-1280.png", fullPage: true });

  const visitor = await newPage(browser, 1280);
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByRole("img", { name: "Samochód na zimowych oponach" }).first()).toBeAttached();

  await page.getByLabel("Powód usunięcia").fill("Zimowa akcja się skończyła.");
  await page.getByRole("button", { name: "Usuń baner" }).click();
  await expect(page.getByRole("heading", { name: "Banery" })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
  for (const p of [page, visitor]) await p.context().close();
});

// The site's phone, the privacy policy, a FAQ question and the calculator's services are what every
// other journey meets: it runs with the journeys that change shared state, and puts each back at the end.
test("a content editor changes the contact phone and the privacy policy, adds a FAQ question and a rent service @global-state", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const who = { ...editor, email: `ustawienia-${run}@flotis.example`, name: "Ula Ustawieniowa" };
  const page = await newPage(browser, 1280);
  await firstSignIn(page, await staffAdd(who.email, who.name, "content"), who);
  const visitor = await newPage(browser, 1280);

  // The texts: a wrong phone is refused in the browser, a right one reaches the contact page.
  await page.getByRole("link", { name: "Teksty" }).click();
  const texts = page.getByRole("form", { name: "Teksty" });
  const phone = texts.getByLabel("Telefon do doradców");
  const oldPhone = await phone.inputValue();
  await phone.fill("zadzwoń");
  await texts.getByRole("button", { name: "Zapisz teksty" }).click();
  await expect(texts.getByText("Numer telefonu jest nieprawidłowy")).toBeVisible();
  await phone.fill("+48 22 300 40 50");
  await texts.getByRole("button", { name: "Zapisz teksty" }).click();
  await expect(page.getByText("Zapisano zmiany. Strony serwisu pokazują je od razu.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Dziennik zmian" })).toContainText(
    "Tekst: Telefon do doradców",
  );
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-literals-1280.png", fullPage: true });
  await visitor.goto("/kontakt");
  await expect(visitor.getByRole("main")).toContainText("+48 22 300 40 50");

  // The FAQ: a question added shows on /faq, at its own anchor.
  await page.getByRole("link", { name: "FAQ", exact: true }).click();
  await page.getByRole("link", { name: "Dodaj pytanie" }).click();
  const entry = page.getByRole("form", { name: "Pytanie" });
  const question = `Czy mogę odebrać samochód w sobotę? ${run}`;
  await entry.getByLabel("Dział").selectOption({ label: "Szczegóły umowy" });
  await entry.getByLabel("Pytanie").fill(question);
  await entry.getByRole("button", { name: "Dodaj pytanie" }).click();
  await expect(entry.getByText("Pole wymagane")).toBeVisible();
  await entry.getByLabel("Odpowiedź").fill("Tak, po wcześniejszym umówieniu terminu z doradcą.");
  await entry.getByRole("button", { name: "Dodaj pytanie" }).click();
  await expect(page.getByText("Dodano pytanie.")).toBeVisible();
  const anchor = (await page.getByRole("link", { name: /^\/faq#/ }).textContent())?.slice("/faq#".length);
  expect(anchor).toMatch(/^czy-moge-odebrac-samochod-w-sobote-/);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-faq-entry-1280.png", fullPage: true });
  await visitor.goto(`/faq#${anchor}`);
  await expect(visitor.getByText(question)).toBeVisible();

  const restorePolicy = await changePrivacyPolicy(page, visitor);

  // The calculator: a rent service added is offered by the calculator's API at once.
  await page.getByRole("link", { name: "Kalkulator" }).click();
  const rent = page.getByRole("form", { name: "Najem długoterminowy" });
  await rent.getByLabel("Limit domyślny (km)").fill("12345");
  await rent.getByRole("button", { name: "Zapisz najem" }).click();
  await expect(rent.getByText("Wybierz jeden z limitów z listy")).toBeVisible();
  await rent.getByLabel("Limit domyślny (km)").fill("20000");
  const rows = await rent.getByLabel(/^Usługa \d+: nazwa$/).count();
  // The first empty row takes the new service.
  const free = rows - 2 + 1;
  await rent.getByLabel(`Usługa ${free}: nazwa`).fill(`Karta paliwowa ${run}`);
  await rent.getByRole("button", { name: "Zapisz najem" }).click();
  await expect(rent.getByText("Podaj cenę miesięczną")).toBeVisible();
  await rent.getByLabel(`Usługa ${free}: cena miesięczna (zł netto)`).fill("30");
  await rent.getByRole("button", { name: "Zapisz najem" }).click();
  await expect(rent.getByText(/^Zapisano ustawienia\./)).toBeVisible();
  const services = async () =>
    (await (await request.get("/api/InstallmentCalculator/CalculatorProperties")).json()).LongTimeRent
      .AdditionalServices as { Name: string; MonthlyPriceNetto: number }[];
  expect(await services()).toContainEqual(
    expect.objectContaining({ Name: `Karta paliwowa ${run}`, MonthlyPriceNetto: 30 }),
  );
  await expect(page.getByRole("region", { name: /^Wartość końcowa według obecnych ustawień/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-calculator-1280.png", fullPage: true });

  const tablet = await newPage(browser, 768);
  await tablet.context().addCookies(await page.context().cookies());
  for (const [path, heading] of [
    ["/panel/kalkulator", "Kalkulator"],
    ["/panel/faq", "Pytania i odpowiedzi (FAQ)"],
    ["/panel/teksty", "Teksty i dane kontaktowe"],
  ]) {
    await tablet.goto(path);
    await expect(tablet.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expectNoAxeViolations(tablet);
    await screenshot(tablet, {
      path: `test-results/panel${path.replace("/panel", "").replace("/", "-")}-768.png`,
      fullPage: true,
    });
  }

  // Everything put back: the policy's text (as one more version), the service, the question, the phone.
  await rent.getByLabel(`Usługa ${free}: nazwa`).fill("");
  await rent.getByLabel(`Usługa ${free}: cena miesięczna (zł netto)`).fill("");
  await rent.getByRole("button", { name: "Zapisz najem" }).click();
  // The notice of the first save is still shown: the API says when this one has landed.
  await expect.poll(async () => (await services()).map((s) => s.Name)).not.toContain(`Karta paliwowa ${run}`);
  await expect(rent.getByText(/^Zapisano ustawienia\./)).toBeVisible();
  await page.goto("/panel/faq");
  await page.getByRole("link", { name: question }).click();
  await page.getByLabel("Powód usunięcia").fill("Pytanie już nieaktualne.");
  await page.getByRole("button", { name: "Usuń pytanie" }).click();
  await expect(page.getByRole("heading", { name: "Pytania i odpowiedzi (FAQ)" })).toBeVisible();
  await restorePolicy();
  await page.goto("/panel/teksty");
  await page.getByLabel("Telefon do doradców").fill(oldPhone);
  await page.getByRole("button", { name: "Zapisz teksty" }).click();
  await expect(page.getByText("Zapisano zmiany. Strony serwisu pokazują je od razu.")).toBeVisible();
  for (const p of [page, visitor, tablet]) await p.context().close();
});

/**
 * The privacy policy: an empty section is refused, a changed one is the next version, on the page at
 * once with its number. Answers how to put the text back (as one version more: versions only grow).
 */
async function changePrivacyPolicy(page: Page, visitor: Page) {
  await page.getByRole("link", { name: "Polityki" }).click();
  const policy = page.getByRole("form", { name: "Polityka prywatności" });
  const changes = policy.getByLabel("10. Zmiany polityki");
  const oldChanges = await changes.inputValue();
  await changes.fill("");
  await policy.getByRole("button", { name: "Zapisz nową wersję" }).click();
  await expect(policy.getByText("Pole wymagane")).toBeVisible();
  await changes.fill(`${oldChanges}\n\nO zmianie napiszemy też na stronie głównej (${run}).`);
  await policy.getByRole("button", { name: "Zapisz nową wersję" }).click();
  const saved = page.getByText(/^Zapisano wersję \d+\. Strona polityki pokazuje ją od razu\.$/);
  await expect(saved).toBeVisible();
  const version = /wersję (\d+)/.exec((await saved.textContent()) ?? "")?.[1];
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: "test-results/panel-policy-1280.png", fullPage: true });
  await visitor.goto("/polityka-prywatnosci");
  await expect(
    visitor.getByText(new RegExp(`^Wersja ${version} z \\d\\d\\.\\d\\d\\.\\d{4}$`)).first(),
  ).toBeVisible();
  await expect(visitor.getByRole("main")).toContainText(
    `O zmianie napiszemy też na stronie głównej (${run}).`,
  );
  await screenshot(visitor, { path: "test-results/polityka-prywatnosci-1280.png", fullPage: true });
  return async () => {
    await page.goto("/panel/polityki/prywatnosc");
    await page.getByLabel("10. Zmiany polityki").fill(oldChanges);
    await page.getByRole("button", { name: "Zapisz nową wersję" }).click();
    await expect(page.getByText(/^Zapisano wersję \d+\./)).toBeVisible();
  };
}
