import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { mailsTo } from "../support/e2e-outbox";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { screenshot } from "../support/screenshot";

/**
 * An admin completes a person's erasure request in the panel: "Zrealizuj" erases for good, so it first
 * opens a confirmation naming the address and what is kept under it; "Anuluj" leaves everything, the
 * dialog's own button erases. On the journeys' shared server.
 */
const run = Date.now().toString(36);
const admin = { email: `rodo-${run}@flotis.example`, name: "Renata Rodowska", password: "RodoPanel2026x" };
const person = `wniosek-${run}@example.com`;

test("an erasure request is completed only after its confirmation, which names what goes", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // What the person left under the address: a message from the chat's leave-a-message form.
  const ticket = await request.post("/api/Chat/Tickets", {
    data: { name: "Wanda", email: person, message: "Proszę o kontakt w sprawie leasingu." },
  });
  expect(ticket.status()).toBe(200);
  expect((await request.post("/api/Privacy/Request", { data: { Email: person } })).status()).toBe(200);
  const mails = await mailsTo(person, {
    until: (m) => m.some((x) => /\/moje-dane\/[\w-]+/.test(x.text)),
  });
  const link = mails.map((m) => /\/moje-dane\/[\w-]+/.exec(m.text)?.[0]).find(Boolean) ?? "";
  const asked = await request.post(link, {
    form: { intent: "erase" },
    headers: { origin: baseURL ?? "" },
  });
  expect(asked.status()).toBe(200);

  const page = await newPage(browser, 1280);
  await firstSignIn(page, await staffAdd(admin.email, admin.name, "admin"), admin, { checks: false });
  await page.goto("/panel/wnioski-rodo");
  const row = page.getByRole("row").filter({ hasText: person });
  await row.getByRole("button", { name: /^Zrealizuj wniosek nr \d+/ }).click();
  const dialog = page.getByRole("dialog", { name: /^Usunąć dane z wniosku nr \d+\?$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(person);
  await expect(dialog.getByRole("listitem")).toContainText([
    "zapytania z formularzy (z notatkami handlowców): 0",
    "alerty e-mail: 0",
    "rozmowy na czacie (z plikami): 0",
    "wiadomości zostawione poza godzinami czatu: 1",
    "wiadomości e-mail wysłane na ten adres",
  ]);
  await expectNoAxeViolations(page, dialog);
  await screenshot(page, { path: "test-results/privacy-request-confirm-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: "test-results/privacy-request-confirm-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Cancelled: nothing happened, the request still waits.
  await dialog.getByRole("button", { name: "Anuluj" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: /^Zrealizuj wniosek nr \d+/ }).click();
  // Without the reason the browser keeps the dialog open.
  await dialog.getByRole("button", { name: "Usuń dane i zrealizuj" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Uzasadnienie/).fill("Sprawdzono: brak umów i sporów z tym klientem.");
  await dialog.getByRole("button", { name: "Usuń dane i zrealizuj" }).click();
  await expect(page.getByText(/^Wniosek nr \d+ zrealizowany: usunięto rekordów: \d+\./)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: person })).toHaveCount(0);
  await page.context().close();
});
