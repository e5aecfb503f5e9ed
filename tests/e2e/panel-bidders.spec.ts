import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { mailsTo } from "../support/e2e-outbox";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { screenshot } from "../support/screenshot";

/**
 * The back-office's bidder accounts: a company registers and confirms its e-mail;
 * a sales person finds it in the verification queue, compares it with the VAT register (the stand-in
 * playwright.config.ts starts), refuses a wrong reason's form, verifies it, and the person can bid;
 * then blocks and unblocks the account. On the journeys' shared server; addresses are this run's own.
 */
const run = Date.now().toString(36);
const seller = { email: `kolejka-${run}@flotis.example`, name: "Kamil Kolejka", password: "Kolejka2026x" };
const company = {
  Nip: "1234563218",
  CompanyName: "Transport Nowak sp. z o.o.",
  Regon: "123456785",
  Street: "ul. Jana Pawła II 5/7",
  PostalCode: "90-001",
  City: "Łódź",
  Email: `transport-${run}@firma-e2e.pl`,
  Password: "Mocne1haslo!",
  RepeatPassword: "Mocne1haslo!",
  AcceptSiteRules: true,
  AcceptAuctionRules: true,
};

test("a company is verified from the queue with the VAT register beside it; blocked and unblocked", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The company registers and confirms its e-mail: it now waits for our check.
  expect((await request.post("/api/Register", { data: company })).status()).toBe(200);
  const [activation] = await mailsTo(company.Email);
  const guid = /guid=([\w-]+)/.exec(activation.text)?.[1];
  expect((await request.get(`/api/Register/Activate?guid=${guid}`)).status()).toBe(200);
  const login = () =>
    request.post("/api/Account/Login", { data: { Email: company.Email, Password: company.Password } });
  expect((await login()).status()).toBe(403);

  // A sales person opens the queue from the overview.
  const page = await newPage(browser, 1280);
  await firstSignIn(page, await staffAdd(seller.email, seller.name, "sales"), seller);
  await page.getByRole("link", { name: "Otwórz kolejkę weryfikacji" }).click();
  await expect(page.getByRole("heading", { name: "Konta klientów" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Do weryfikacji", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByLabel("Szukaj (e-mail, nazwa firmy lub NIP)").fill(company.Email);
  await page.getByRole("button", { name: "Szukaj" }).click();
  await expect(page.getByText("Kont: 1")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-bidders-1280.png", fullPage: true });
  await page.getByRole("link", { name: company.CompanyName }).click();

  // The typed data beside the register: the same company, nothing differs.
  await expect(page.getByRole("heading", { name: company.CompanyName })).toBeVisible();
  await expect(
    page.getByText("Rejestr VAT (biała lista Ministerstwa Finansów): status Czynny."),
  ).toBeVisible();
  const comparison = page.getByRole("table", { name: "Dane firmy i rejestr VAT" });
  await expect(comparison.getByRole("row", { name: /Nazwa firmy/ })).toContainText(
    "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
  );
  await expect(comparison.getByText("(różni się)")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-bidder-1280.png", fullPage: true });

  // A refusal needs a sentence: the form says so at the field, in the browser.
  const refuse = page.getByRole("form", { name: "Odrzuć weryfikację" });
  await refuse.getByLabel("Powód odrzucenia", { exact: false }).fill("zły NIP");
  await refuse.getByRole("button", { name: "Odrzuć weryfikację" }).click();
  await expect(refuse.getByText("Opisz powód w pełnym zdaniu", { exact: false })).toBeVisible();

  // Verified instead: the person is told and can sign in.
  await page.getByRole("button", { name: "Zweryfikuj firmę" }).click();
  await expect(
    page.getByText(`Konto jest aktywne. Wysłaliśmy e-mail na adres ${company.Email}.`),
  ).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^aktywne$/ })).toBeVisible();
  const [active] = await mailsTo(company.Email, { until: (m) => m.length >= 2 });
  expect(active.subject).toBe("Twoje konto w serwisie Flotis jest aktywne");
  expect((await login()).status()).toBe(200);

  // The person opens an auction's page, signed in.
  const bidder = await newPage(browser, 1280);
  await bidder.goto("/login?returnTo=%2Faukcje-samochodowe");
  await bidder.getByLabel("Adres e-mail").fill(company.Email);
  await bidder.getByLabel("Hasło").fill(company.Password);
  await bidder.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(bidder).not.toHaveURL(/\/login/);
  await bidder.goto("/aukcje-samochodowe");
  await bidder.waitForSelector("html[data-hydrated]");
  await bidder.getByRole("article").first().getByRole("link").first().click();
  await expect(bidder).toHaveURL(/\/aukcje-samochodowe\/.+/);
  await expect(bidder.getByRole("heading", { level: 1 })).toBeVisible();
  const auctionPage = bidder.url();

  // Blocked with a reason on a tablet: sign-in answers error 45; unblocked, it works again.
  const tablet = await newPage(browser, 768);
  await tablet.context().addCookies(await page.context().cookies());
  await tablet.goto(page.url());
  const block = tablet.getByRole("form", { name: "Zablokuj konto" });
  await block
    .getByLabel("Powód blokady", { exact: false })
    .fill("Firma prosi o zamknięcie konta do wyjaśnienia.");
  await block.getByRole("button", { name: "Zablokuj konto" }).click();
  await expect(
    tablet.getByText(`Konto zablokowane. Wysłaliśmy powód na adres ${company.Email}.`),
  ).toBeVisible();
  const refused = await login();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).ErrorCode).toBe(45);
  // The bidder reloads the auction's page: told the account is blocked, not silently signed out.
  const blocked = "Konto zostało zablokowane. Skontaktuj się z nami.";
  await bidder.goto(auctionPage);
  await expect(bidder).toHaveURL(/\/login/);
  await expect(bidder.getByRole("alert").filter({ hasText: blocked })).toBeVisible();
  // Signing in again with the right password says the same at the form.
  await bidder.reload();
  await expect(bidder.getByText(blocked)).toHaveCount(0);
  await bidder.getByLabel("Adres e-mail").fill(company.Email);
  await bidder.getByLabel("Hasło").fill(company.Password);
  await bidder.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(bidder.getByRole("alert").filter({ hasText: blocked })).toBeVisible();
  await expect(bidder).toHaveURL(/\/login/);
  await expectNoAxeViolations(tablet);
  await screenshot(tablet, { path: "test-results/panel-bidder-768.png", fullPage: true });
  await tablet.getByRole("button", { name: "Odblokuj konto" }).click();
  await expect(tablet.getByText("Konto odblokowane.")).toBeVisible();
  expect((await login()).status()).toBe(200);

  // Each decision is in the account's history, with who took it.
  const history = tablet.getByRole("table", { name: "Dziennik zmian" });
  await expect(history.getByRole("row").filter({ hasText: "Zweryfikowano firmę" })).toContainText(
    seller.name,
  );
  await expect(history.getByRole("row").filter({ hasText: "Zablokowano konto" })).toContainText(
    "powód: Firma prosi o zamknięcie konta do wyjaśnienia.",
  );
  await expect(history.getByRole("row").filter({ hasText: "Odblokowano konto" })).toContainText(
    "stan: zablokowane → aktywne",
  );
  for (const p of [page, tablet, bidder]) await p.context().close();
});
