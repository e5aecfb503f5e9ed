import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { mailsTo } from "../support/e2e-outbox";
import { screenshot } from "../support/screenshot";
import { moveServerClock, serverClockFile } from "../support/server-clock";

/**
 * Account journeys in Chromium against the production build. The server runs with
 * ACCESS_TOKEN_TTL_SECONDS=4, a clock the journeys move past a token's lifetime (CLOCK_OFFSET_FILE)
 * and COMPANY_REGISTRY_URL pointing at the VAT register stand-in that
 * playwright.config.ts starts on E2E_PORT+8. Staff steps run the real staff command.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `marketplace-e2e-${port}`);
const shots = path.join(os.tmpdir(), "accounts-shots");
const PASSWORD = "Mocne1haslo!";
const TTL_MS = 4000;
const clockFile = serverClockFile(`e2e-${port}`);
/** The access tokens issued so far have expired: the server's clock moved past their lifetime. */
const tokensExpire = () => moveServerClock(clockFile, TTL_MS + 500);

let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${seq++}@firma-e2e.pl`;

function staff(...args: string[]): string {
  return execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/staff.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
}

/** The mails to an address, newest first, once there are `count` (the production build has no /dev/outbox). */
const mails = (to: string, count = 1) => mailsTo(to, { dataDir, until: (m) => m.length >= count });

function link(text: string): string {
  const m = /(http:\/\/\S+)/.exec(text);
  if (!m) throw new Error("no link in the e-mail");
  return m[1];
}

/** An account registered through the API, confirmed and verified by staff (for journeys after that). */
async function activeAccount(request: APIRequestContext, opts: { complete?: boolean } = {}) {
  const email = uniqueEmail("konto");
  const res = await request.post("/api/Register", {
    data: {
      Nip: "5260250274",
      CompanyName: "Hurtownia Kowalski sp. j.",
      Street: "ul. Polna 3",
      PostalCode: "30-001",
      City: "Kraków",
      Email: email,
      Password: PASSWORD,
      RepeatPassword: PASSWORD,
      AcceptSiteRules: true,
      AcceptAuctionRules: true,
    },
  });
  expect(res.status()).toBe(200);
  const [mail] = await mails(email);
  const guid = new URL(link(mail.text)).searchParams.get("guid");
  expect((await request.get(`/api/Register/Activate?guid=${guid}`)).status()).toBe(200);
  staff("verify", email);
  if (opts.complete) {
    // Journeys beside this one move the server's clock past the access token's life (tokensExpire):
    // a token that expired between sign-in and use is simply got again.
    for (let attempt = 1; ; attempt++) {
      const login = await (
        await request.post("/api/Account/Login", { data: { Email: email, Password: PASSWORD } })
      ).json();
      const headers = { authorization: `Bearer ${login.access_token}` };
      const profile = await request.put("/api/Account/Update", {
        headers,
        data: { FirstName: "Ewa", LastName: "Kowalska", PhoneNumber: "600700800" },
      });
      const statement = await request.put("/api/Account/UpdateStatement", {
        headers,
        data: { Accepted: true },
      });
      const statuses = [profile.status(), statement.status()];
      if (statuses.includes(401) && attempt < 3) continue;
      expect(statuses).toEqual([200, 200]);
      await request.post("/api/Account/Logout", { headers, data: {} });
      break;
    }
  }
  return email;
}

async function signIn(page: Page, email: string, password = PASSWORD, returnTo = "/ustawienia") {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await screenshot(page, { path: path.join(shots, `${name}-${width}.png`), fullPage: true });
}

test("registers with a NIP from the VAT register, confirms the e-mail, is verified, signs in and completes the profile through a 101", async ({
  page,
}) => {
  const email = uniqueEmail("rejestracja");
  await page.goto("/rejestracja");
  await page.getByLabel("NIP firmy").fill("123-456-32-18");
  await page.getByRole("button", { name: "Pobierz dane firmy" }).click();
  await expect(page.getByText("Dane firmy pobraliśmy z wykazu podatników VAT")).toBeVisible();
  await expect(page.getByLabel("Nazwa firmy")).toHaveValue(
    "TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ",
  );
  await expect(page.getByLabel("Miejscowość")).toHaveValue("Łódź");
  await expect(page.getByLabel("Ulica i numer")).toHaveValue("ul. Jana Pawła II 5/7");
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Powtórz hasło").fill(PASSWORD);
  await page.getByLabel(/regulamin serwisu/).check();
  await page.getByLabel(/regulamin aukcji/).check();
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page).toHaveURL(/\/pomyslnie-zarejestrowano$/);
  await expect(page.getByRole("heading", { name: "Dziękujemy za rejestrację" })).toBeVisible();

  // The activation link from the outbox confirms the address once.
  const [activation] = await mails(email);
  expect(activation.subject).toContain("Potwierdź adres e-mail");
  const activationLink = link(activation.text);
  // Opening it asks for the click (a mail scanner opening it confirms nothing); the click confirms.
  await page.goto(activationLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Potwierdź adres e-mail");
  await shot(page, "aktywuj-konto-przycisk");
  await page.getByRole("button", { name: "Potwierdzam adres e-mail" }).click();
  await expect(
    page.getByRole("heading", { name: "Dziękujemy za potwierdzenie adresu e-mail" }),
  ).toBeVisible();
  await shot(page, "aktywuj-konto-potwierdzone");
  await page.goto(activationLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adres e-mail jest już potwierdzony");

  // Before staff verification, sign-in explains why it cannot go on.
  await signIn(page, email);
  await expect(page.getByRole("alert")).toContainText("Konto czeka na weryfikację danych firmy");

  expect(staff("verify", email)).toContain(`Konto ${email} zweryfikowane i aktywne`);
  const [active] = await mails(email, 2);
  expect(active.subject).toContain("jest aktywne");
  await page.goto(link(active.text));
  await expect(page.getByRole("heading", { name: "Konto jest aktywne" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Zaloguj się" }).click();

  // The profile lacks the person's data: the API answers 101 and the client opens the profile form.
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page).toHaveURL(/\/ustawienia\?editmode=true$/);
  expect(await stored(page, "userName")).toBe("TRANSPORT NOWAK SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ");
  await expect(page.getByRole("heading", { name: "Uzupełnij dane konta" })).toBeVisible();
  await page.getByRole("button", { name: "Zapisz dane" }).click();
  await expect(page.getByText("Formularz został źle wypełniony")).toBeVisible();
  await page.getByLabel("Imię").fill("Jan");
  await page.getByLabel("Nazwisko").fill("Nowak");
  await page.getByLabel("Numer telefonu", { exact: true }).fill("600 700 800");
  await page.getByLabel(/Oświadczam, że kupuję pojazdy/).check();
  await page.getByRole("button", { name: "Zapisz dane" }).click();
  await expect(page.getByText("Dane konta są uzupełnione. Możesz licytować na aukcjach.")).toBeVisible();
  expect(await stored(page, "userName")).toBe("Jan Nowak");
});

test("refuses an invalid NIP and lets the person type company data the register does not have", async ({
  page,
}) => {
  await page.goto("/rejestracja");
  await page.getByLabel("NIP firmy").fill("123-456-32-19");
  await page.getByRole("button", { name: "Pobierz dane firmy" }).click();
  await expect(page.getByText("NIP jest nieprawidłowy")).toBeVisible();
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page.getByRole("alert")).toContainText("Formularz został źle wypełniony");
  await expect(page.getByLabel("NIP firmy")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Zgoda jest wymagana")).toHaveCount(2);

  await page.getByLabel("NIP firmy").fill("1111111111");
  await page.getByRole("button", { name: "Pobierz dane firmy" }).click();
  await expect(page.getByText("Nie znaleźliśmy firmy o tym numerze NIP")).toBeVisible();
  const email = uniqueEmail("reczne");
  await page.getByLabel("Nazwa firmy").fill("Jan Wiśniewski Usługi Transportowe");
  await page.getByLabel("Ulica i numer").fill("ul. Leśna 12");
  await page.getByLabel("Kod pocztowy").fill("80-001");
  await page.getByLabel("Miejscowość").fill("Gdańsk");
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Powtórz hasło").fill(PASSWORD);
  await page.getByLabel(/regulamin serwisu/).check();
  await page.getByLabel(/regulamin aukcji/).check();
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page).toHaveURL(/\/pomyslnie-zarejestrowano$/);
});

test("registering an address that already has an account looks the same, and its owner is told by e-mail", async ({
  page,
  request,
}) => {
  const email = await activeAccount(request);
  await page.goto("/rejestracja");
  await page.getByLabel("NIP firmy").fill("1111111111");
  await page.getByRole("button", { name: "Pobierz dane firmy" }).click();
  await expect(page.getByText("Nie znaleźliśmy firmy o tym numerze NIP")).toBeVisible();
  await page.getByLabel("Nazwa firmy").fill("Ktoś Inny sp. z o.o.");
  await page.getByLabel("Ulica i numer").fill("ul. Krótka 1");
  await page.getByLabel("Kod pocztowy").fill("00-001");
  await page.getByLabel("Miejscowość").fill("Warszawa");
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill(email.toUpperCase());
  await page.getByLabel("Hasło", { exact: true }).fill("Inne1haslo!!");
  await page.getByLabel("Powtórz hasło").fill("Inne1haslo!!");
  await page.getByLabel(/regulamin serwisu/).check();
  await page.getByLabel(/regulamin aukcji/).check();
  await page.getByRole("button", { name: "Załóż konto" }).click();
  // No "already exists" message: the same thank-you page as for a new account.
  await expect(page).toHaveURL(/\/pomyslnie-zarejestrowano$/);
  await expect(page.getByRole("heading", { name: "Dziękujemy za rejestrację" })).toBeVisible();
  await shot(page, "rejestracja-zajety-adres");

  // Activation, account active, and now the attempt: the owner can sign in or set a new password.
  const [attempt] = await mails(email, 3);
  expect(attempt.subject).toContain("Próba założenia konta");
  expect(attempt.text).toMatch(/\/login\b/);
  expect(attempt.text).toContain("/przypomnienie-hasla");
  await page.goto(link(attempt.text));
  await expect(page.getByRole("button", { name: "Zaloguj się" })).toBeVisible();
});

test("a wrong password gets one message that does not say which field was wrong", async ({
  page,
  request,
}) => {
  const email = await activeAccount(request, { complete: true });
  await signIn(page, email, "Zle1haslo!!");
  await expect(page.getByRole("alert")).toHaveText("Nieprawidłowy adres e-mail lub hasło.");
  await expect(page).toHaveURL(/\/login/);
  expect(await stored(page, "accessToken")).toBeNull();
  await signIn(page, "nikogo-takiego@firma-e2e.pl", "Zle1haslo!!");
  await expect(page.getByRole("alert")).toHaveText("Nieprawidłowy adres e-mail lub hasło.");
});

test("after five wrong passwords the form says to wait (error 47), even for the right one", async ({
  page,
  request,
}) => {
  const email = await activeAccount(request, { complete: true });
  for (let i = 0; i < 5; i++) {
    expect(
      (
        await request.post("/api/Account/Login", { data: { Email: email, Password: "Zle1haslo!!" } })
      ).status(),
    ).toBe(401);
  }
  await signIn(page, email);
  await expect(page.getByRole("alert")).toHaveText(
    /^Zbyt wiele nieudanych prób logowania\. Spróbuj ponownie za 1[45] min albo ustaw nowe hasło\.$/,
  );
  await expect(page).toHaveURL(/\/login/);
  expect(await stored(page, "accessToken")).toBeNull();
});

test("an expired access token is refreshed transparently and the call replayed", async ({
  page,
  request,
}) => {
  const email = await activeAccount(request, { complete: true });
  const refreshes: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/api/Account/RefreshManually")) refreshes.push(r.status());
  });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/ustawienia$/);
  await expect(page.getByLabel("Imię")).toHaveValue("Ewa");
  const before = await stored(page, "accessToken");
  tokensExpire();
  await page.getByLabel("Numer telefonu", { exact: true }).fill("+48 601 702 803");
  await page.getByRole("button", { name: "Zapisz dane osoby" }).click();
  await expect(page.getByText("Zapisano zmiany.")).toBeVisible();
  expect(refreshes).toEqual([200]);
  expect(await stored(page, "accessToken")).not.toBe(before);
  await page.reload();
  await expect(page.getByLabel("Numer telefonu", { exact: true })).toHaveValue("+48601702803");
});

test("two tabs whose access token expired refresh once between them and both stay signed in", async ({
  page,
  context,
  request,
}) => {
  const email = await activeAccount(request, { complete: true });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/ustawienia$/);
  const second = await context.newPage();
  await second.goto("/ustawienia");
  await expect(second.getByLabel("Imię")).toHaveValue("Ewa");
  const refreshes: number[] = [];
  for (const tab of [page, second]) {
    tab.on("response", (r) => {
      if (r.url().endsWith("/api/Account/RefreshManually")) refreshes.push(r.status());
    });
  }
  // The refresh answer is held until both tabs have met the expired token, so the other tab surely
  // meets it while the first refresh is under way (the race of two tabs waking up together, made certain).
  const expired = new Set<Page>();
  let bothExpired: () => void = () => {};
  const bothMet = new Promise<void>((resolve) => {
    bothExpired = resolve;
  });
  for (const tab of [page, second]) {
    tab.on("response", (r) => {
      if (r.status() !== 401 || !r.url().includes("/api/")) return;
      expired.add(tab);
      if (expired.size === 2) bothExpired();
    });
  }
  await context.route("**/api/Account/RefreshManually", async (route) => {
    const response = await route.fetch();
    await bothMet;
    await route.fulfill({ response });
  });
  tokensExpire();
  // Both tabs wake up at once with the same expired token (the server runs with no grace window
  // for a reused refresh token, so a second refresh with it would end the session).
  await Promise.all([page.reload(), second.reload()]);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(/\/ustawienia$/);
    await expect(tab.getByLabel("Imię")).toHaveValue("Ewa");
  }
  expect(refreshes).toEqual([200]);
  expect(await stored(second, "accessToken")).toBe(await stored(page, "accessToken"));
  await second.close();
});

test("a reused refresh token logs every device out", async ({ page, browser, request }) => {
  const email = await activeAccount(request, { complete: true });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/ustawienia$/);
  // A copy of the tokens ends up on another device (stolen).
  const tokens = await page.evaluate(() => ({ ...localStorage }));
  const other = await browser.newContext();
  const thief = await other.newPage();
  await thief.goto("/login");
  await thief.evaluate((t) => {
    for (const [k, v] of Object.entries(t)) localStorage.setItem(k, v);
  }, tokens);
  tokensExpire();
  // The copy refreshes first and works for now...
  await thief.goto("/ustawienia");
  await expect(thief.getByLabel("Imię")).toHaveValue("Ewa");
  // ...then the owner's device presents the same refresh token: theft detected, session family revoked.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Sesja wygasła albo dostęp do konta został zablokowany")).toBeVisible();
  expect(await stored(page, "accessToken")).toBeNull();
  // The other device is signed out too, although its tokens are the newest ones.
  await thief.reload();
  await expect(thief).toHaveURL(/\/login/);
  expect(await stored(thief, "accessToken")).toBeNull();
  await other.close();
});

test("resets the password with the e-mailed link", async ({ page, request }) => {
  const email = await activeAccount(request, { complete: true });
  await page.goto("/login");
  await page.getByRole("link", { name: "Nie pamiętasz hasła?" }).click();
  await expect(page).toHaveURL(/\/przypomnienie-hasla$/);
  // React Router changes the address before it paints the new page, and the login page has an
  // "Adres e-mail" field too: typing before the heading is there would fill the login form.
  await expect(page.getByRole("heading", { name: "Nie pamiętasz hasła?" })).toBeVisible();
  await page.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await page.getByRole("button", { name: "Wyślij link" }).click();
  await expect(page.getByRole("status")).toContainText(`Jeżeli adres ${email} ma konto`);
  const [mail] = await mails(email, 3);
  expect(mail.subject).toContain("Ustaw nowe hasło");
  const resetLink = link(mail.text);
  await page.goto(resetLink);
  await page.getByLabel("Nowe hasło", { exact: true }).fill("Nowe2haslo!!");
  await page.getByLabel("Powtórz nowe hasło").fill("Nowe2haslo!?");
  await page.getByRole("button", { name: "Ustaw hasło" }).click();
  await expect(page.getByText("Hasła nie są takie same")).toBeVisible();
  await page.getByLabel("Powtórz nowe hasło").fill("Nowe2haslo!!");
  await page.getByRole("button", { name: "Ustaw hasło" }).click();
  await expect(page.getByRole("heading", { name: "Hasło zostało zmienione" })).toBeVisible();
  // The link works once.
  await page.goto(resetLink);
  await page.getByLabel("Nowe hasło", { exact: true }).fill("Trzecie3haslo!");
  await page.getByLabel("Powtórz nowe hasło").fill("Trzecie3haslo!");
  await page.getByRole("button", { name: "Ustaw hasło" }).click();
  await expect(page.getByRole("alert")).toContainText("został już użyty");
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Nieprawidłowy adres e-mail lub hasło.");
  await signIn(page, email, "Nowe2haslo!!");
  await expect(page).toHaveURL(/\/ustawienia$/);
});

test("accepts new auction rules through a 100, then completes the profile @global-state", async ({
  page,
  request,
}) => {
  const email = await activeAccount(request, { complete: true });
  // Staff publish a new version of the rules: here the current document again, so journeys that run
  // on the same server afterwards (document downloads) still find a complete rules PDF.
  const pdf = path.join(os.tmpdir(), `regulamin-aukcji-${port}.pdf`);
  const current = await request.get("/dokumenty/regulamin-aukcji.pdf");
  expect(current.status()).toBe(200);
  fs.writeFileSync(pdf, await current.body());
  expect(staff("publish-rules", pdf)).toMatch(/Opublikowano regulamin aukcji w wersji \d+\./);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/zaakceptuj-regulamin$/);
  await page.getByRole("button", { name: "Zatwierdź" }).click();
  await expect(page.getByText("Akceptacja jest obligatoryjna")).toBeVisible();
  await page.getByLabel("nie", { exact: true }).check();
  await page.getByRole("button", { name: "Zatwierdź" }).click();
  await expect(page.getByText("Akceptacja jest obligatoryjna")).toBeVisible();
  await page.getByLabel("tak", { exact: true }).check();
  await page.getByRole("button", { name: "Zatwierdź" }).click();
  await expect(page).toHaveURL(/\/ustawienia\?editmode=true$/);
  await page.getByRole("button", { name: "Zapisz dane" }).click();
  await expect(page.getByText("Dane konta są uzupełnione")).toBeVisible();
  await expect(page.getByText(/Zaakceptowano obowiązującą wersję regulaminu aukcji/)).toBeVisible();
});

test("logs out: the session ends on the server and the person lands on /login", async ({ page, request }) => {
  const email = await activeAccount(request, { complete: true });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/ustawienia$/);
  const tokens = await page.evaluate(() => ({ ...localStorage }));
  await page.getByRole("button", { name: "Wyloguj się" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, "accessToken")).toBeNull();
  expect(await stored(page, "userName")).toBeNull();
  const refresh = await request.post("/api/Account/RefreshManually", {
    data: { ExpiredAccessToken: tokens.accessToken, RefreshToken: tokens.refreshToken },
  });
  expect(refresh.status()).toBe(401);
  // Signed out, the settings page sends the person to sign in and back.
  await page.goto("/ustawienia");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fustawienia$/);
});

test("account screens pass axe at desktop and phone widths @phone", async ({ page, request }) => {
  for (const [name, url, ready] of [
    ["login", "/login", "Logowanie"],
    ["rejestracja", "/rejestracja", "Rejestracja firmy"],
    ["przypomnienie-hasla", "/przypomnienie-hasla", "Nie pamiętasz hasła?"],
    ["pomyslnie-zarejestrowano", "/pomyslnie-zarejestrowano", "Dziękujemy za rejestrację"],
    [
      "aktywuj-konto-zly-link",
      "/aktywuj-konto?guid=00000000-0000-4000-8000-000000000000",
      "Link aktywacyjny nie zadziałał",
    ],
    ["aktywacja-zakonczona-sukcesem", "/aktywacja-zakonczona-sukcesem", "Konto jest aktywne"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible();
    await shot(page, name);
    await expectNoAxeViolations(page);
  }
  // The registration form with its error messages shown.
  await page.goto("/rejestracja");
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page.getByRole("alert").last()).toBeVisible();
  await shot(page, "rejestracja-bledy");
  await expectNoAxeViolations(page);

  const email = await activeAccount(request);
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Uzupełnij dane konta" })).toBeVisible();
  await shot(page, "ustawienia-editmode");
  await expectNoAxeViolations(page);
  await page.goto("/ustawienia");
  await expect(page.getByRole("heading", { name: "Zmiana hasła" })).toBeVisible();
  await shot(page, "ustawienia");
  await expectNoAxeViolations(page);
  await page.goto("/zaakceptuj-regulamin");
  await expect(page.getByText(/Obowiązująca wersja regulaminu/)).toBeVisible();
  await shot(page, "zaakceptuj-regulamin");
  await expectNoAxeViolations(page);
});

test("export and deletion of an account: a copy as JSON and CSV, then the account deleted and signed out", async ({
  page,
}) => {
  const email = await activeAccount(page.request, { complete: true });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/ustawienia$/);

  const data = page.getByRole("region", { name: "Twoje dane" });
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    data.getByRole("button", { name: "Pobierz dane (JSON)" }).click(),
  ]);
  expect(json.suggestedFilename()).toBe("moje-dane.json");
  const copy = JSON.parse(fs.readFileSync(await json.path(), "utf8"));
  expect(copy.Account).toMatchObject({ Email: email, FirstName: "Ewa", LastName: "Kowalska" });
  expect(copy.Company).toMatchObject({ Nip: "5260250274", CompanyName: "Hurtownia Kowalski sp. j." });
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    data.getByRole("button", { name: "Pobierz dane (CSV)" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("moje-dane.csv");
  expect(fs.readFileSync(await csv.path(), "utf8")).toContain(`Konto;;E-mail;${email}`);

  const deletion = page.getByRole("region", { name: "Usunięcie konta" });
  await expect(deletion).toContainText("Usunięcia konta nie można cofnąć.");
  // What is kept is said plainly, each thing once: the bids without the person, the invoices with the
  // company's data in the accounting, each with its reason and period.
  await expect(deletion).toContainText("Zachowamy, bo wymaga tego prawo:");
  await expect(deletion).toContainText(
    "bez imienia, nazwiska, adresu e-mail, telefonu i danych firmy, więc nikt nie rozpozna, że były Twoje",
  );
  await expect(deletion).toContainText("Faktury za wygrane aukcje, z danymi Twojej firmy.");
  await expect(deletion).not.toContainText("zanonimizowany");
  await expectNoAxeViolations(page, data);
  await expectNoAxeViolations(page, deletion);
  await deletion.scrollIntoViewIfNeeded();
  await shot(page, "usuniecie-konta");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "usuniecie-konta");

  const form = page.getByRole("form", { name: "Usunięcie konta" });
  await form.getByLabel("Hasło").fill(PASSWORD);
  const phrase = form.getByLabel("Wpisz „USUŃ KONTO” wielkimi literami, aby potwierdzić");
  await phrase.fill("usuń konto");
  await form.getByRole("button", { name: "Usuń konto" }).click();
  await expect(
    form.getByText("Wpisz dokładnie „USUŃ KONTO” wielkimi literami", { exact: false }),
  ).toBeVisible();
  await phrase.fill("USUŃ KONTO");
  await form.getByRole("button", { name: "Usuń konto" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konto zostało usunięte");
  await expect(
    page.getByText("Wylogowaliśmy Cię na wszystkich urządzeniach.", { exact: false }),
  ).toBeVisible();
  expect(await stored(page, "accessToken")).toBeNull();

  await signIn(page, email);
  await expect(page.getByRole("alert")).toHaveText("Nieprawidłowy adres e-mail lub hasło.");
});
