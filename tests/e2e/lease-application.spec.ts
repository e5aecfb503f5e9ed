import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { E2E_OFFERS_API_KEY } from "../support/e2e-keys";
import { e2eDataDir, e2ePort, mailsTo } from "../support/e2e-outbox";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { fleetCar } from "../support/fleet-fixtures";
import { waitForHydration } from "../support/hydration";
import { REMOVED_COMPANY_NIP, YOUNG_COMPANY_NIP } from "../support/registry-stand-in";
import { screenshot } from "../support/screenshot";

/**
 * The online leasing application (ADR 056), on the journeys' shared server and its VAT register
 * stand-in. Each journey publishes cars of its own, so a reservation never meets another journey.
 */
const fleet = { authorization: `Bearer ${E2E_OFFERS_API_KEY}` };
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("a visitor applies from an offer and gets a positive preliminary decision; a refusal says what would change it @phone", async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const shots = `test-results/lease-application-${info.project.name}`;
  const published = await request.post("/api/Admin/Offers", {
    headers: fleet,
    data: fleetCar({ Vin: undefined }),
  });
  expect(published.status()).toBe(201);
  const { Url } = await published.json();

  await page.goto(Url);
  await waitForHydration(page);
  await page.getByTestId("offer-actions").getByRole("link", { name: "Złóż wniosek online" }).click();
  const form = page.getByRole("form", { name: "Wniosek leasingowy" });
  await expect(form.getByText("Volvo V60 B4 Core")).toBeVisible();
  await waitForHydration(page);

  // Nothing filled in: every required field says so, in the spec's words.
  await form.getByRole("button", { name: "Złóż wniosek" }).click();
  await expect(form.getByText("Formularz został źle wypełniony", { exact: false })).toBeVisible();
  await expect(form.getByRole("textbox", { name: "NIP" })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("checkbox", { name: /Oświadczam, że dane we wniosku/ })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  // The company from the VAT register by its NIP.
  await form.getByRole("textbox", { name: "NIP" }).fill("123-456-32-18");
  await form.getByRole("button", { name: "Pobierz dane" }).click();
  await expect(form.getByRole("status")).toContainText("TRANSPORT NOWAK");
  await expect(form.getByRole("status")).toContainText("czynny podatnik VAT, w rejestrze od 10.03.2015");
  await expect(form.getByRole("textbox", { name: "Miejscowość" })).toHaveValue("Łódź");

  const applicant = form.getByRole("group", { name: "Wnioskodawca" });
  await applicant.getByRole("textbox", { name: "Imię" }).fill("Tomasz");
  await applicant.getByRole("textbox", { name: "Nazwisko" }).fill("Nowak");
  const email = `wniosek-${run}-${info.project.name}@firma.pl`;
  await applicant.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await applicant.getByRole("textbox", { name: "Telefon" }).fill("600 700 800");
  const signatory = form.getByRole("group", { name: "Osoba, która podpisze umowę" });
  await signatory.getByRole("textbox", { name: "Imię" }).fill("Tomasz");
  await signatory.getByRole("textbox", { name: "Nazwisko" }).fill("Nowak");
  await signatory.getByRole("textbox", { name: "Funkcja w firmie" }).fill("Prezes zarządu");
  for (const statement of [/Akceptuję regulamin/, /Zgadzam się na przetwarzanie/, /Oświadczam, że dane/])
    await form.getByRole("checkbox", { name: statement }).check();
  await expectNoAxeViolations(page, form);
  await screenshot(page, { path: `${shots}-form.png`, fullPage: true });
  await form.getByRole("button", { name: "Złóż wniosek" }).click();

  // The decision at once, the car kept for 48 hours.
  await expect(page.getByRole("heading", { level: 2, name: "Wstępna decyzja pozytywna" })).toBeVisible();
  await expect(
    page.getByText(
      /Samochód Volvo V60 B4 Core jest zarezerwowany dla Ciebie do \d\d\.\d\d\.\d{4}, \d\d:\d\d/,
    ),
  ).toBeVisible();
  const timeline = page.getByRole("region", { name: "Przebieg wniosku" });
  await expect(timeline.getByRole("listitem")).toHaveText([/Wniosek złożony/, /Wstępna decyzja/]);
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: `${shots}-decision.png`, fullPage: true });

  const pdf = await request.get(
    (await page.getByRole("link", { name: "Pobierz podsumowanie wniosku (PDF)" }).getAttribute("href")) ?? "",
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The e-mail's link opens the same application.
  const [mail] = await mailsTo(email, { until: (m) => m.length > 0 });
  expect(mail.subject).toMatch(/^Wstępna decyzja pozytywna: wniosek leasingowy nr \d+$/);
  const link = /https?:\/\/\S+\/wniosek-leasingowy\/\d+\?klucz=\S+/.exec(mail.text)?.[0] ?? "";
  expect(page.url()).toContain(new URL(link).pathname);

  // The offer's page says the car is kept, and asks for no second application.
  await page.goto(Url);
  await expect(page.getByTestId("lease-reserved")).toContainText("Samochód zarezerwowany do");
  await expect(page.getByRole("link", { name: "Złóż wniosek online" })).toHaveCount(0);

  // A company removed from the VAT register is refused, and is told what would change it.
  const other = await request.post("/api/Admin/Offers", {
    headers: fleet,
    data: fleetCar({ Vin: undefined, Model: "XC40", Version: "B3 Core", BodyType: "suv" }),
  });
  const refused = await request.post("/api/LeaseApplication", {
    data: {
      AuctionId: (await other.json()).AuctionId,
      Terms: { Product: "leasing", Period: 36, OwPercent: 10, RvPercent: 20 },
      Company: {
        Nip: REMOVED_COMPANY_NIP,
        CompanyName: "Zamknięty Handel",
        Street: "ul. Wrocławska 8",
        PostalCode: "61-838",
        City: "Poznań",
      },
      Applicant: {
        Name: "Ewa",
        Surname: "Zamknięta",
        Email: `odmowa-${run}-${info.project.name}@firma.pl`,
        PhoneNumber: "600700801",
      },
      Signatory: { Name: "Ewa", Surname: "Zamknięta", Position: "Wspólnik" },
      Statements: { TermsConsent: true, AssessmentConsent: true, TruthStatement: true },
    },
  });
  expect(refused.status()).toBe(200);
  const refusedUrl = new URL((await refused.json()).Url);
  await page.goto(refusedUrl.pathname + refusedUrl.search);
  await expect(
    page.getByRole("heading", { level: 2, name: "Nie możemy teraz zaproponować finansowania" }),
  ).toBeVisible();
  await expect(page.getByText("Firma została wykreślona z rejestru VAT")).toBeVisible();
  const change = page.getByRole("heading", { name: "Co zmieniłoby decyzję" }).locator("..");
  await expect(change).toContainText("Finansujemy firmy, które są czynnymi podatnikami VAT");
  await expect(change.getByRole("link", { name: "Zmień warunki i złóż wniosek ponownie" })).toBeVisible();
  await screenshot(page, { path: `${shots}-refused.png`, fullPage: true });
});

/** An application sent through the API, as the form sends it: its answer (decision, link). */
async function applyByApi(
  request: import("@playwright/test").APIRequestContext,
  auctionId: number,
  nip: string,
  email: string,
) {
  const res = await request.post("/api/LeaseApplication", {
    data: {
      AuctionId: auctionId,
      Terms: { Product: "leasing", Period: 36, OwPercent: 10, RvPercent: 20 },
      Company: {
        Nip: nip,
        CompanyName: "Firma",
        Street: "ul. Piotrkowska 100",
        PostalCode: "90-004",
        City: "Łódź",
      },
      Applicant: { Name: "Olga", Surname: "Nowicka", Email: email, PhoneNumber: "600700802" },
      Signatory: { Name: "Olga", Surname: "Nowicka", Position: "Prezes zarządu" },
      Statements: { TermsConsent: true, AssessmentConsent: true, TruthStatement: true },
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { ApplicationId: number; Url: string; Decision: { Title: string } };
}

test("a company three months old goes to an analyst, who decides it; a rule edited in the panel shows its dry run first @phone", async ({
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const width = info.project.name === "phone" ? 390 : 1280;
  const published = await request.post("/api/Admin/Offers", {
    headers: fleet,
    data: fleetCar({ Vin: undefined, Model: "V90", Version: "B5 Plus", Year: 2024 }),
  });
  const { AuctionId } = await published.json();
  const app = await applyByApi(
    request,
    AuctionId,
    YOUNG_COMPANY_NIP,
    `mloda-${run}-${info.project.name}@firma.pl`,
  );
  expect(app.Decision.Title).toBe("Wniosek do analizy");

  // The applicant reads why, in plain words.
  const applicant = await newPage(browser, width);
  const link = new URL(app.Url);
  await applicant.goto(link.pathname + link.search);
  await expect(applicant.getByRole("heading", { level: 2, name: "Wniosek do analizy" })).toBeVisible();
  await expect(
    applicant.getByText("Firma działa krócej niż 6 miesięcy: wniosek przekażemy analitykowi"),
  ).toBeVisible();

  // The analyst finds it in the queue and decides it with a reason.
  const analyst = {
    email: `analityk-${run}-${info.project.name}@flotis.example`,
    name: "Adam Analityk",
    password: "Analiza2026xx",
  };
  const panel = await newPage(browser, width);
  await firstSignIn(panel, await staffAdd(analyst.email, analyst.name, "analyst"), analyst, {
    checks: false,
  });
  await panel.goto("/panel/wnioski-leasingowe");
  await panel.getByRole("link", { name: String(app.ApplicationId), exact: true }).click();
  await expect(
    panel.getByRole("heading", { name: `Wniosek leasingowy nr ${app.ApplicationId}` }),
  ).toBeVisible();
  await expect(panel.getByRole("table", { name: "Wynik reguł" })).toContainText(
    "Firma działa krócej niż 6 miesięcy",
  );
  // Whom the analyst calls: the applicant's phone beside the e-mail.
  await expect(panel.getByRole("region", { name: "Co obejmuje wniosek" })).toContainText("tel. 600700802");
  const decide = panel.getByRole("form", { name: "Decyzja końcowa" });
  await decide.getByRole("button", { name: "Zapisz decyzję" }).click();
  await expect(decide.getByText("Wybierz decyzję")).toBeVisible();
  await decide.getByLabel("Decyzja").selectOption("approved");
  await decide
    .getByLabel("Uzasadnienie (klient je przeczyta)")
    .fill("Przychody z pierwszych miesięcy pokrywają ratę.");
  await expectNoAxeViolations(panel, panel.getByRole("main"));
  await screenshot(panel, {
    path: `test-results/lease-application-${info.project.name}-panel.png`,
    fullPage: true,
  });
  await decide.getByRole("button", { name: "Zapisz decyzję" }).click();
  await expect(panel.getByText("Zapisano decyzję. Klient dostał ją e-mailem.")).toBeVisible();

  await applicant.reload();
  await expect(applicant.getByRole("region", { name: "Wniosek do analizy" })).toContainText(
    "Wniosek zaakceptowany: Przychody z pierwszych miesięcy pokrywają ratę.",
  );
  await expect(applicant.getByRole("region", { name: "Przebieg wniosku" }).getByRole("listitem")).toHaveText([
    /Wniosek złożony/,
    /Wstępna decyzja/,
    /Decyzja końcowa/,
    /Przygotowujemy umowę/,
  ]);

  // The rules are one set for the whole site: edited by one project's run only, on the term, which
  // no other journey's application is near. A 80-month application is refused first.
  if (info.project.name !== "desktop") return;
  const long = await request.post("/api/LeaseApplication", {
    data: {
      Car: { MakeModel: "Škoda Superb", Year: 2025, PriceNetto: 120_000 },
      Terms: { Product: "leasing", Period: 80, OwPercent: 10, RvPercent: 20 },
      Company: {
        Nip: "1234563218",
        CompanyName: "Firma",
        Street: "ul. Jana Pawła II 5/7",
        PostalCode: "90-001",
        City: "Łódź",
      },
      Applicant: {
        Name: "Olga",
        Surname: "Nowicka",
        Email: `okres-${run}@firma.pl`,
        PhoneNumber: "600700803",
      },
      Signatory: { Name: "Olga", Surname: "Nowicka", Position: "Prezes zarządu" },
      Statements: { TermsConsent: true, AssessmentConsent: true, TruthStatement: true },
    },
  });
  expect((await long.json()).Decision.Outcome).toBe("refuse");
  await panel
    .getByRole("navigation", { name: "Panel" })
    .getByRole("link", { name: "Reguły wniosków" })
    .click();
  const rules = panel.getByRole("form", { name: "Reguły wstępnej decyzji" });
  const longest = rules.getByLabel("Najdłuższy okres (mies.)");
  await longest.fill("80");
  await rules.getByRole("button", { name: "Sprawdź na wcześniejszych wnioskach" }).click();
  await expect(
    panel.getByText(/^Ta zmiana zamieniłaby \d+ odmow(ę|y|ów) na decyzj(ę pozytywną|e pozytywne)$/),
  ).toBeVisible();
  await expectNoAxeViolations(panel, panel.getByRole("main"));
  await screenshot(panel, { path: "test-results/lease-application-rules.png", fullPage: true });
  await rules.getByRole("button", { name: "Zapisz jako nową wersję" }).click();
  await expect(
    panel.getByText(/^Zapisano wersję \d+: od teraz według niej zapadają wstępne decyzje\.$/),
  ).toBeVisible();
  // Back to 72 months for the journeys that follow (a version more). The saved version's page first:
  // a value typed while it reloads the form would be lost.
  const versions = panel.getByRole("table", { name: "Wersje reguł" }).getByRole("row");
  await expect(versions).toHaveCount(3);
  await expect(longest).toHaveValue("80");
  await longest.fill("72");
  await rules.getByRole("button", { name: "Zapisz jako nową wersję" }).click();
  await expect(versions).toHaveCount(4);
});

const BIDDER_PASSWORD = "Wniosek1haslo!";

/**
 * Calls the API as the bidder with a fresh access token. Journeys beside this one move the server's
 * clock past a token's short life: a call refused with 401 signs in again, once.
 */
async function asBidder(
  request: import("@playwright/test").APIRequestContext,
  email: string,
  call: (headers: Record<string, string>) => Promise<import("@playwright/test").APIResponse>,
) {
  for (let attempt = 1; ; attempt++) {
    const login = await (
      await request.post("/api/Account/Login", { data: { Email: email, Password: BIDDER_PASSWORD } })
    ).json();
    const res = await call({ authorization: `Bearer ${login.access_token}` });
    if (res.status() !== 401 || attempt === 2) return res;
  }
}

/**
 * A bidder account registered, confirmed from its e-mail, verified by staff (staff.ts verify) and with
 * its profile complete, so signing in lands where it was asked to.
 */
async function bidderAccount(request: import("@playwright/test").APIRequestContext, email: string) {
  const registered = await request.post("/api/Register", {
    data: {
      Nip: "5260250274",
      CompanyName: "Hurtownia Kowalski sp. j.",
      Street: "ul. Polna 3",
      PostalCode: "30-001",
      City: "Kraków",
      Email: email,
      Password: BIDDER_PASSWORD,
      RepeatPassword: BIDDER_PASSWORD,
      AcceptSiteRules: true,
      AcceptAuctionRules: true,
    },
  });
  expect(registered.status()).toBe(200);
  const [mail] = await mailsTo(email);
  const guid = new URL(/(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? "").searchParams.get("guid");
  expect((await request.get(`/api/Register/Activate?guid=${guid}`)).status()).toBe(200);
  await promisify(execFile)(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/staff.ts", "verify", email],
    { env: { ...process.env, DATA_DIR: e2eDataDir(), PORT: String(e2ePort()), LOG_LEVEL: "silent" } },
  );
  const profile = { FirstName: "Ewa", LastName: "Kowalska", PhoneNumber: "600700804" };
  expect(
    (
      await asBidder(request, email, (headers) =>
        request.put("/api/Account/Update", { headers, data: profile }),
      )
    ).status(),
  ).toBe(200);
  const statement = { Accepted: true };
  expect(
    (
      await asBidder(request, email, (headers) =>
        request.put("/api/Account/UpdateStatement", { headers, data: statement }),
      )
    ).status(),
  ).toBe(200);
}

test("a signed-in bidder finds their applications in the account; one above 300 000 zł netto gets its financial statements, which staff open in the panel @phone", async ({
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const width = info.project.name === "phone" ? 390 : 1280;
  const shots = `test-results/lease-application-${info.project.name}`;
  const email = `konto-wniosek-${run}-${info.project.name}@firma.pl`;
  await bidderAccount(request, email);

  // Signed in, the account's list says there is nothing yet and how to apply.
  const bidder = await newPage(browser, width);
  await bidder.goto(`/login?returnTo=${encodeURIComponent("/wnioski-leasingowe")}`);
  await bidder.getByRole("textbox", { name: "Adres e-mail" }).fill(email);
  await bidder.getByLabel("Hasło", { exact: true }).fill(BIDDER_PASSWORD);
  await bidder.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(bidder).toHaveURL(/\/wnioski-leasingowe$/);
  await expect(bidder.getByRole("heading", { level: 1, name: "Wnioski leasingowe" })).toBeVisible();
  await expect(bidder.getByText("Nie masz jeszcze wniosków leasingowych.")).toBeVisible();
  await expectNoAxeViolations(bidder, bidder.getByRole("main"));
  await screenshot(bidder, { path: `${shots}-mine-empty.png`, fullPage: true });

  // An application from the account (the API with the bidder's token, as the form sends it) for a
  // car whose financing is above 300 000 zł netto: it waits for the financial statements.
  const published = await request.post("/api/Admin/Offers", {
    headers: fleet,
    data: fleetCar({
      Vin: undefined,
      Model: "XC90",
      Version: "T8 Ultra",
      BodyType: "suv",
      Prices: { TotalPriceNetto: 420_000, LeasePrice: 7_900 },
    }),
  });
  expect(published.status()).toBe(201);
  const auctionId = (await published.json()).AuctionId;
  // The form starts from the account: the company and the person are not typed a second time.
  await bidder.goto(`/wniosek-leasingowy?oferta=${auctionId}`);
  const form = bidder.getByRole("form", { name: "Wniosek leasingowy" });
  await expect(form.getByRole("textbox", { name: "NIP" })).toHaveValue("5260250274");
  await expect(form.getByRole("textbox", { name: "Nazwa firmy" })).toHaveValue("Hurtownia Kowalski sp. j.");
  const person = form.getByRole("group", { name: "Wnioskodawca" });
  await expect(person.getByRole("textbox", { name: "Adres e-mail" })).toHaveValue(email);
  await expect(person.getByRole("textbox", { name: "Nazwisko" })).toHaveValue("Kowalska");
  const applied = await asBidder(request, email, (headers) =>
    request.post("/api/LeaseApplication", {
      headers,
      data: {
        AuctionId: auctionId,
        Terms: { Product: "leasing", Period: 36, OwPercent: 10, RvPercent: 20 },
        Company: {
          Nip: "1234563218",
          CompanyName: "Firma",
          Street: "ul. Piotrkowska 100",
          PostalCode: "90-004",
          City: "Łódź",
        },
        Applicant: { Name: "Ewa", Surname: "Kowalska", Email: email, PhoneNumber: "600700804" },
        Signatory: { Name: "Ewa", Surname: "Kowalska", Position: "Wspólnik" },
        Statements: { TermsConsent: true, AssessmentConsent: true, TruthStatement: true },
      },
    }),
  );
  expect(applied.status()).toBe(200);
  const { ApplicationId, Status } = await applied.json();
  expect(Status).toBe("documents");

  // The list shows the car, the date and the state, and leads to the application's page.
  await bidder.goto("/wnioski-leasingowe");
  const item = bidder.getByRole("article", { name: "Volvo XC90 T8 Ultra" });
  await expect(item).toContainText(
    new RegExp(`Wniosek nr ${ApplicationId} · złożony \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d`),
  );
  await expect(item).toContainText("Czeka na dokumenty");
  await expectNoAxeViolations(bidder, bidder.getByRole("main"));
  await screenshot(bidder, { path: `${shots}-mine.png`, fullPage: true });
  await item.getByRole("link", { name: `Zobacz wniosek nr ${ApplicationId} i jego przebieg` }).click();
  await expect(
    bidder.getByRole("heading", { level: 1, name: `Wniosek leasingowy nr ${ApplicationId}` }),
  ).toBeVisible();

  // The statements are asked for; a PDF sent from the page is on the timeline at once.
  const documents = bidder.getByRole("region", { name: "Potrzebne dokumenty" });
  await expect(documents).toContainText("dołącz sprawozdanie finansowe za ostatni rok");
  await documents.getByLabel("Dołącz plik (pdf, jpg, png, do 10 MB)").setInputFiles({
    name: "sprawozdanie-2025.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
  });
  // The application no longer waits for documents: the section goes, the confirmation stays.
  await expect(bidder.getByRole("status").filter({ hasText: "Dołączono plik" })).toHaveText(
    "Dołączono plik sprawozdanie-2025.pdf. Analityk sprawdzi go razem z wnioskiem.",
  );
  const timeline = bidder.getByRole("region", { name: "Przebieg wniosku" }).getByRole("listitem");
  await expect(timeline).toHaveText([
    /Wniosek złożony/,
    /Wstępna decyzja/,
    /Prośba o dokumenty/,
    /Dokument dołączony.*sprawozdanie-2025\.pdf/,
  ]);
  await expect(bidder.getByText("stan: czeka na decyzję analityka", { exact: false })).toBeVisible();
  await screenshot(bidder, { path: `${shots}-document.png`, fullPage: true });
  // Opened from the account (no key in the address), the summary comes with the session.
  const [summary] = await Promise.all([
    bidder.waitForEvent("download"),
    bidder.getByRole("button", { name: "Pobierz podsumowanie wniosku (PDF)" }).click(),
  ]);
  expect(summary.suggestedFilename()).toBe(`wniosek-leasingowy-${ApplicationId}.pdf`);

  // Sales open the application in the panel and the file from it.
  const sales = {
    email: `sprzedaz-wniosek-${run}-${info.project.name}@flotis.example`,
    name: "Sara Sprzedażowa",
    password: "Sprzedaz2026xx",
  };
  const panel = await newPage(browser, width);
  await firstSignIn(panel, await staffAdd(sales.email, sales.name, "sales"), sales, { checks: false });
  await panel.goto(`/panel/wnioski-leasingowe/${ApplicationId}`);
  await expect(panel.getByRole("main")).toContainText(/Dokument dołączony.*sprawozdanie-2025\.pdf/);
  const file = panel.getByRole("link", { name: "sprawozdanie-2025.pdf" });
  const download = await panel.request.get((await file.getAttribute("href")) ?? "");
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");
});
