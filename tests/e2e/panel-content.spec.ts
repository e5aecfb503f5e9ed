import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations } from "../support/axe";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";

/**
 * The back-office's documents (issue 19, item 6): a content editor publishes a new version of the
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
  await page.screenshot({ path: "test-results/panel-documents-1280.png", fullPage: true });

  const tablet = await newPage(browser, 768);
  await tablet.context().addCookies(await page.context().cookies());
  await tablet.goto("/panel/dokumenty");
  await expect(tablet.getByRole("heading", { name: "Dokumenty" })).toBeVisible();
  await expectNoAxeViolations(tablet);
  await tablet.screenshot({ path: "test-results/panel-documents-768.png", fullPage: true });
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
  await page.screenshot({ path: "test-results/panel-banner-1280.png", fullPage: true });

  const visitor = await newPage(browser, 1280);
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByRole("img", { name: "Samochód na zimowych oponach" }).first()).toBeAttached();

  await page.getByRole("button", { name: "Usuń baner" }).click();
  await expect(page.getByRole("heading", { name: "Banery" })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
  for (const p of [page, visitor]) await p.context().close();
});
