import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { screenshot } from "../support/screenshot";

/**
 * The back-office's leads inbox and outbox: a visitor asks for a call-back; a sales
 * person takes it from the inbox, notes the call and closes it, exports the inbox as CSV, and sends
 * the lead's e-mail to sales again from the outbox. On the journeys' shared server.
 */
const run = Date.now().toString(36);
const seller = { email: `leady-${run}@flotis.example`, name: "Lena Leadowa", password: "Leady2026xx" };

test("a lead is taken, noted and closed; the inbox is exported and its e-mail sent again", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const phone = `60${String(Date.now()).slice(-7)}`;
  const res = await request.post("/api/FastCall/Post", {
    data: { PhoneNumber: phone, ConversationTopic: "Leasing auta" },
  });
  expect(res.status()).toBe(200);
  const { LeadId } = await res.json();

  const page = await newPage(browser, 1280);
  await firstSignIn(page, await staffAdd(seller.email, seller.name, "sales"), seller);
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Zgłoszenia" }).click();
  await page.getByLabel("Szukaj (nazwisko, telefon, e-mail lub numer)").fill(phone);
  await page.getByRole("button", { name: "Pokaż" }).click();
  await expect(page.getByText("Zgłoszeń: 1")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-leads-1280.png", fullPage: true });

  // The CSV holds what the list shows.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Pobierz CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zgloszenia-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString("utf8")).toContain(`${LeadId};prośba o telefon;nowe`);

  await page.getByRole("link", { name: String(LeadId), exact: true }).click();
  await expect(
    page.getByRole("heading", { name: `Zgłoszenie nr ${LeadId}: prośba o telefon` }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Dane zgłoszenia" })).toContainText("Leasing auta");
  await page.getByRole("button", { name: "Biorę to zgłoszenie" }).click();
  await expect(page.getByText("Zgłoszenie jest Twoje i w toku.")).toBeVisible();

  const note = page.getByRole("form", { name: "Dodaj notatkę" });
  await note.getByRole("button", { name: "Dodaj notatkę" }).click();
  await expect(note.getByText("Pole wymagane")).toBeVisible();
  await note.getByLabel("Nowa notatka").fill("Oddzwoniłam: interesuje go leasing na 36 miesięcy.");
  await note.getByRole("button", { name: "Dodaj notatkę" }).click();
  await expect(page.getByRole("list", { name: "Notatki" })).toContainText(
    "Oddzwoniłam: interesuje go leasing",
  );

  const change = page.getByRole("form", { name: "Stan i opiekun" });
  await change.getByLabel("Stan").selectOption({ label: "zamknięte" });
  await change.getByRole("button", { name: "Zapisz" }).click();
  await expect(change.getByText("Zapisano zmiany.")).toBeVisible();
  const history = page.getByRole("table", { name: "Dziennik zmian" });
  const closing = history.getByRole("row").filter({ hasText: "stan: w toku → zamknięte" });
  await expect(closing).toContainText(seller.name);
  // Taking the lead changed the form's values: closing keeps the assignee, and the form shows both.
  await expect(closing).not.toContainText("opiekun:");
  await expect(change.getByLabel("Stan")).toHaveValue("closed");
  await expect(change.getByLabel("Opiekun").locator("option:checked")).toHaveText(seller.name);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-lead-1280.png", fullPage: true });

  // The tablet: the lead is among the closed ones, the sales e-mail in the outbox, sent again.
  const tablet = await newPage(browser, 768);
  await tablet.context().addCookies(await page.context().cookies());
  await tablet.goto(`/panel/zgloszenia?widok=closed&q=${phone}`);
  await expect(tablet.getByRole("link", { name: String(LeadId), exact: true })).toBeVisible();
  await tablet.goto(`/panel/poczta?q=${encodeURIComponent(`oddzwonienie nr ${LeadId}`)}`);
  const mail = tablet.getByRole("row").filter({ hasText: `Prośba o oddzwonienie nr ${LeadId}` });
  await expect(mail).toContainText("wysłano");
  await mail.getByRole("button", { name: /^Wyślij ponownie/ }).click();
  await expect(tablet.getByText("jako nowa wiadomość na liście", { exact: false })).toBeVisible();
  await expect(tablet.getByRole("row").filter({ hasText: `Prośba o oddzwonienie nr ${LeadId}` })).toHaveCount(
    2,
  );
  await expectNoAxeViolations(tablet);
  await screenshot(tablet, { path: "test-results/panel-outbox-768.png", fullPage: true });
  for (const p of [page, tablet]) await p.context().close();
});
