import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { mailsTo } from "../support/e2e-outbox";
import { firstSignIn, newPage, signIn, staffAdd } from "../support/e2e-panel";
import { screenshot } from "../support/screenshot";

/**
 * The back-office's staff: the first admin from the command line, the second factor at the
 * first sign-in, an admin adding a sales person who signs in with it, roles, blocking and the audit
 * log. On the journeys' shared server; addresses are this run's own.
 */
const run = Date.now().toString(36);
const admin = {
  email: `admin-${run}@flotis.example`,
  name: "Adam Administrator",
  password: "PanelAdmin2026",
};
const seller = {
  email: `sprzedaz-${run}@flotis.example`,
  name: "Sabina Sprzedawczyni",
  password: "Sprzedaz2026x",
};

/** The admin adds the sales person; a wrong address and the same address again are refused at the field. */
async function addSalesPerson(adminPage: Page) {
  // The admin adds a sales person; a wrong address is marked first.
  await adminPage.getByRole("link", { name: "Pracownicy" }).click();
  const add = adminPage.getByRole("form", { name: "Dodaj pracownika" });
  await add.getByLabel("Imię i nazwisko").fill(seller.name);
  await add.getByLabel("Adres e-mail").fill("sabina@");
  await add.getByRole("button", { name: "Dodaj i wyślij zaproszenie" }).click();
  await expect(add.getByText("Email jest nieprawidłowy")).toBeVisible();
  await expect(add.getByLabel("Adres e-mail")).toBeFocused();
  await add.getByLabel("Adres e-mail").fill(seller.email);
  await add.getByLabel("Rola").selectOption({ label: "Sprzedaż" });
  await add.getByRole("button", { name: "Dodaj i wyślij zaproszenie" }).click();
  await expect(adminPage.getByRole("heading", { name: seller.name })).toBeVisible();
  await expect(
    adminPage.getByText(`Wysłaliśmy e-mail z linkiem do ustawienia hasła na adres ${seller.email}.`),
  ).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await screenshot(adminPage, { path: "test-results/panel-staff-member-1280.png", fullPage: true });

  // The same address again is refused at its field.
  await adminPage.getByRole("link", { name: "Pracownicy" }).click();
  await add.getByLabel("Imię i nazwisko").fill("Ktoś Inny");
  await add.getByLabel("Adres e-mail").fill(seller.email.toUpperCase());
  await add.getByRole("button", { name: "Dodaj i wyślij zaproszenie" }).click();
  await expect(add.getByText("Ten adres e-mail ma już dostęp do panelu.")).toBeVisible();
}

/** The admin blocks the sales person: the open session ends at once and signing in is refused. */
async function blockSalesPerson(adminPage: Page, sellerPage: Page) {
  // The admin blocks the sales person: the open session ends at once.
  await adminPage.getByRole("link", { name: seller.name }).click();
  const access = adminPage.getByRole("form", { name: "Rola i dostęp" });
  await access.getByLabel("Aktywny", { exact: false }).uncheck();
  // Blocking takes the member's access away: it is saved only with the reason.
  await access.getByRole("button", { name: "Zapisz zmiany" }).click();
  await expect(access.getByText("Podaj powód blokady: trafi do dziennika zmian.")).toBeVisible();
  await access.getByLabel(/Powód blokady/).fill("Koniec współpracy.");
  await access.getByRole("button", { name: "Zapisz zmiany" }).click();
  await expect(access.getByText("Zapisano zmiany.")).toBeVisible();
  // The form now starts from the saved values: a second save would not unblock by mistake.
  await expect(access.getByLabel("Aktywny", { exact: false })).not.toBeChecked();
  await sellerPage.goto("/panel/konto");
  await expect(sellerPage).toHaveURL(/\/panel\/logowanie/);
  await sellerPage.getByLabel("Adres e-mail").fill(seller.email);
  await sellerPage.getByLabel("Hasło", { exact: true }).fill(seller.password);
  await sellerPage.getByRole("button", { name: "Dalej" }).click();
  await expect(
    sellerPage.getByText("Twoje konto w panelu jest zablokowane.", { exact: false }),
  ).toBeVisible();
}

/** The admin adds a make the vocabulary lacks, after a known make and a typo of one are refused. */
async function addMake(adminPage: Page) {
  // The admin adds a make the vocabulary lacks; a known make in another spelling is refused at the field.
  await adminPage.getByRole("link", { name: "Marki" }).click();
  const makes = adminPage.getByRole("form", { name: "Dodaj markę" });
  await makes.getByLabel("Nazwa marki").fill("skoda");
  await makes.getByRole("button", { name: "Dodaj markę" }).click();
  await expect(makes.getByText("Marka „Škoda” jest już w słowniku.")).toBeVisible();
  // A typo of a known make is not added unless the admin ticks that it is another make.
  await makes.getByLabel("Nazwa marki").fill("Wolkswagen");
  await makes.getByRole("button", { name: "Dodaj markę" }).click();
  await expect(makes.getByText("Czy chodziło o „Volkswagen”?", { exact: false })).toBeVisible();
  await expect(makes.getByLabel("To inna marka niż podobnie zapisana marka ze słownika")).not.toBeChecked();
  const newMake = `Nowa Marka ${run}`;
  await makes.getByLabel("Nazwa marki").fill(newMake);
  await makes.getByRole("button", { name: "Dodaj markę" }).click();
  await expect(adminPage.getByText(`Dodano markę „${newMake}”.`)).toBeVisible();
  await expect(adminPage.getByRole("region", { name: "Dodane marki" })).toContainText(newMake);
  await expectNoAxeViolations(adminPage);
  await screenshot(adminPage, { path: "test-results/panel-makes-1280.png", fullPage: true });
}

/** The admin ends the session of a second device from the first; returns the second device's page. */
async function endSecondDeviceSession(browser: Browser, adminPage: Page, adminSecret: string) {
  // Own sessions: the admin signs in on a second device and ends that session from the first.
  const secondDevice = await newPage(browser, 1280);
  await signIn(secondDevice, admin, adminSecret);
  await adminPage.getByRole("link", { name: "Moje konto" }).click();
  await expect(adminPage.getByText("ta sesja")).toBeVisible();
  await adminPage
    .getByRole("button", { name: /^Zakończ sesję/ })
    .first()
    .click();
  await expect(adminPage.getByText("Sesja została zakończona.")).toBeVisible();
  await secondDevice.goto("/panel");
  await expect(secondDevice).toHaveURL(/\/panel\/logowanie/);
  await expectNoAxeViolations(adminPage);
  await screenshot(adminPage, { path: "test-results/panel-account-1280.png", fullPage: true });
  return secondDevice;
}

test("an admin from the command line adds a sales person, who signs in with the second factor; roles, blocking and the log", async ({
  browser,
}) => {
  // Three people's sign-ins with a command-line step: longer than one page's journey.
  test.setTimeout(240_000);
  // The first admin: npm run staff:add, the link, the password, the app.
  const adminPage = await newPage(browser, 1280);
  const adminSecret = await firstSignIn(adminPage, await staffAdd(admin.email, admin.name), admin);
  await expect(adminPage.getByRole("navigation", { name: "Panel" }).getByRole("link")).toHaveText([
    "Przegląd",
    "Statystyki",
    "Zgłoszenia",
    "Wnioski leasingowe",
    "Reguły wniosków",
    "Oferty",
    "Aukcje",
    "Wydarzenia aukcyjne",
    "Opłaty aukcyjne i transport",
    "Konta klientów",
    "Pracownicy",
    "Marki",
    "Poczta wychodząca",
    "Konsola czatu",
    "Banery",
    "Dokumenty",
    "Teksty",
    "Polityki",
    "FAQ",
    "Kalkulator",
    "Wnioski RODO",
    "Dziennik zmian",
    "Moje konto",
  ]);
  await expectNoAxeViolations(adminPage);
  await screenshot(adminPage, { path: "test-results/panel-overview-1280.png", fullPage: true });

  await addSalesPerson(adminPage);

  // The sales person gets the e-mail and signs in on a tablet (768 px) with the second factor.
  const [invite] = await mailsTo(seller.email);
  expect(invite.subject).toBe("Dostęp do panelu Flotis");
  expect(invite.text).toContain("z rolą: Sprzedaż");
  const link = new URL(/https?:\/\/\S+\/panel\/ustaw-haslo\/\S+/.exec(invite.text)?.[0] ?? "").pathname;
  const sellerPage = await newPage(browser, 768);
  const sellerSecret = await firstSignIn(sellerPage, link, seller);
  await sellerPage.getByRole("button", { name: "Wyloguj" }).click();
  await expect(sellerPage).toHaveURL(/\/panel\/logowanie$/);
  await signIn(sellerPage, seller, sellerSecret);
  await expect(sellerPage.getByRole("navigation", { name: "Panel" }).getByRole("link")).toHaveText([
    "Przegląd",
    "Statystyki",
    "Zgłoszenia",
    "Wnioski leasingowe",
    "Oferty",
    "Aukcje",
    "Wydarzenia aukcyjne",
    "Opłaty aukcyjne i transport",
    "Konta klientów",
    "Poczta wychodząca",
    "Moje konto",
  ]);
  await screenshot(sellerPage, { path: "test-results/panel-overview-768.png", fullPage: true });
  // Staff management is the admin's: a sales person reaching for it is refused.
  const refused = await sellerPage.goto("/panel/pracownicy");
  expect(refused?.status()).toBe(403);
  await expect(sellerPage.getByRole("heading", { name: "Brak dostępu" })).toBeVisible();
  await expectNoAxeViolations(sellerPage);

  await blockSalesPerson(adminPage, sellerPage);

  // Every step is in the sales person's history and in the log.
  await adminPage.reload();
  const history = adminPage.getByRole("table", { name: "Dziennik zmian" });
  await expect(history.getByRole("row").filter({ hasText: "Zmieniono rolę lub dostęp" })).toContainText(
    "aktywny: tak → nie",
  );
  await expect(history.getByRole("row").filter({ hasText: "Dodano pracownika" })).toContainText(admin.name);
  await expect(history.getByRole("row").filter({ hasText: "Włączono drugi składnik" })).toContainText(
    seller.name,
  );
  await addMake(adminPage);

  await adminPage.getByRole("link", { name: "Dziennik zmian" }).click();
  await expect(adminPage.getByRole("table", { name: "Dziennik zmian" })).toContainText("wiersz poleceń");
  await expect(adminPage.getByRole("table", { name: "Dziennik zmian" })).toContainText(
    "Dodano markę do słownika",
  );
  await expectNoAxeViolations(adminPage);

  const secondDevice = await endSecondDeviceSession(browser, adminPage, adminSecret);
  for (const p of [adminPage, sellerPage, secondDevice]) await p.context().close();
});
