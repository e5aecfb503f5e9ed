import { expect, test } from "@playwright/test";
import { DOCUMENTS } from "../../src/domain/documents";
import { LITERAL_DEFAULTS } from "../../src/domain/literals";
import { expectNoAxeViolations } from "../support/axe";
import { pdfText } from "../support/pdf-text";
import { screenshot } from "../support/screenshot";

// Content pages at 1280 px (desktop project) and 390 px (phone project: tests tagged @phone).

const PAGES: { path: string; title: string; h1: RegExp }[] = [
  {
    path: "/moj-elektryk",
    title: "Mój elektryk – dopłata do samochodu elektrycznego w leasingu | Flotis",
    h1: /Mój elektryk/,
  },
  {
    path: "/certyfikat-flotis",
    title: "Certyfikat Flotis – sprawdzony samochód poleasingowy | Flotis",
    h1: /Certyfikat Flotis/,
  },
  { path: "/faq", title: "Pytania i odpowiedzi (FAQ) | Flotis", h1: /Pytania i odpowiedzi/ },
  {
    path: "/finansowanie",
    title: "Finansowanie samochodu: leasing i najem długoterminowy | Flotis",
    h1: /Leasing, najem czy gotówka/,
  },
  {
    path: "/oferta",
    title: "Oferta: samochody nowe, poleasingowe, elektryczne i aukcje | Flotis",
    h1: /Samochód dla firmy/,
  },
  { path: "/uslugi-dodatkowe", title: "Usługi dodatkowe do leasingu i najmu | Flotis", h1: /Jedna rata/ },
  { path: "/marki", title: "Marki samochodów w ofercie | Flotis", h1: /Marki samochodów/ },
  {
    path: "/leasing-BEZ-OBAW",
    title: "Leasing bez obaw – samochód dla firmy bez ryzyka | Flotis",
    h1: /Leasing bez obaw/,
  },
  { path: "/kontakt", title: "Kontakt | Flotis", h1: /Kontakt/ },
  {
    path: "/regulamin-promocji-majowka-z-flotis",
    title: "Regulamin promocji „Majówka z Flotis” | Flotis",
    h1: /Majówka z Flotis/,
  },
  {
    path: "/regulamin-promocji-flotis-z-prezentem",
    title: "Regulamin promocji „Flotis z prezentem” | Flotis",
    h1: /Flotis z prezentem/,
  },
  { path: "/wyslano-pomyslnie", title: "Zapytanie wysłane | Flotis", h1: /zapytanie zostało wysłane/ },
  {
    path: "/przeslano-numer",
    title: "Numer telefonu przesłany | Flotis",
    h1: /Otrzymaliśmy Twój numer telefonu/,
  },
];

for (const p of PAGES) {
  test(`${p.path}: server-rendered title, description, canonical and no axe violations @phone`, async ({
    page,
    request,
    baseURL,
  }) => {
    // The server's HTML already carries the head (no client rendering needed for search engines).
    const html = await (await request.get(p.path)).text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${p.path}"/>`);
    expect(html).toContain("<title>");

    const response = await page.goto(p.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(p.title);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}${p.path}`);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(50);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
    await expectNoAxeViolations(page);
  });
}

test("the confirmation screens tell what happens next and are not indexed", async ({ page }) => {
  await page.goto("/wyslano-pomyslnie");
  await expect(page.getByText("Nasz doradca skontaktuje się z Tobą w ciągu 4 godzin.")).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await page.goto("/przeslano-numer");
  await expect(page.getByRole("main").getByText(/Oddzwonimy/)).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
});

test("FAQ: search filters answers, each answer has a working anchor, FAQPage JSON-LD", async ({
  page,
  baseURL,
}) => {
  await page.goto("/faq");
  const answers = page.locator("article");
  const total = await answers.count();
  expect(total).toBeGreaterThanOrEqual(20);
  for (const section of [
    "Samochody nowe",
    "Samochody poleasingowe",
    "Finansowanie",
    "Szczegóły umowy",
    "Pakiety dodatkowe",
    "Aukcje",
    "Dopłata „Mój elektryk”",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("FAQPage");
  expect(jsonLd.mainEntity).toHaveLength(total);
  expect(jsonLd.mainEntity[0].acceptedAnswer.text.length).toBeGreaterThan(20);
  // Each question's address is the page's public address and the answer's anchor (used below).
  expect(jsonLd.url).toBe(`${baseURL}/faq`);
  expect(jsonLd.mainEntity.map((q: { url: string }) => q.url)).toContain(
    `${baseURL}/faq#ubezpieczenie-w-racie`,
  );

  const search = page.getByLabel("Szukaj w pytaniach i odpowiedziach");
  await search.fill("doplata");
  await expect(page.getByText(/Znaleziono \d+ odpowiedzi/)).toBeVisible();
  const found = await answers.count();
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(total);
  await expect(
    page.getByRole("heading", { name: "Ile wynosi dopłata w programie „Mój elektryk”?" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kto może brać udział w aukcjach?" })).toHaveCount(0);

  await search.fill("zwrot 300 km");
  await expect(answers).toHaveCount(1);
  await expect(answers.first()).toContainText("w ciągu 7 dni");
  await expect(answers.first()).toContainText("nie mniej niż 500 zł netto");

  await search.fill("xyzzy");
  await expect(page.getByText("Brak odpowiedzi pasujących do „xyzzy”", { exact: false })).toBeVisible();
  await expect(answers).toHaveCount(0);
  await search.fill("");
  await expect(answers).toHaveCount(total);
  await expectNoAxeViolations(page);

  await page.goto("/faq#ubezpieczenie-w-racie");
  const target = page.locator("article:target");
  await expect(target).toHaveAttribute("id", "ubezpieczenie-w-racie");
  await expect(target).toContainText("1% w skali roku");
  await expect(target).toContainText("250 zł");
  await expect(target.getByRole("link", { name: /Link do odpowiedzi/ })).toHaveAttribute(
    "href",
    "#ubezpieczenie-w-racie",
  );

  // A search can be shared as a link: ?q= pre-fills it on the server.
  await page.goto("/faq?q=karta%20paliwowa");
  await expect(page.getByLabel("Szukaj w pytaniach i odpowiedziach")).toHaveValue("karta paliwowa");
  await expect(answers.first()).toContainText("w połowie następnego miesiąca");
});

test("subsidy calculator gives the amounts of the programme rules", async ({ page }) => {
  await page.goto("/moj-elektryk");
  const calc = page.getByRole("form", { name: "Kalkulator dopłaty" });
  const price = calc.getByLabel("Cena pojazdu netto (koszt kwalifikowany), zł");
  const mileage = calc.getByLabel("Deklarowany roczny przebieg, km");
  const result = page.getByTestId("wynik-doplaty");

  await calc.getByRole("button", { name: "Oblicz dopłatę" }).click();
  await expect(calc.getByText("Podaj cenę pojazdu w pełnych złotych, większą od zera")).toBeVisible();
  await expect(price).toHaveAttribute("aria-invalid", "true");

  await price.fill("180 000");
  await mileage.fill("14999");
  await calc.getByRole("button", { name: "Oblicz dopłatę" }).click();
  await expect(result).toHaveText("18 750 zł");
  await mileage.fill("15000");
  await calc.getByRole("button", { name: "Oblicz dopłatę" }).click();
  await expect(result).toHaveText("27 000 zł");

  await calc.getByLabel("Kategoria pojazdu").selectOption("N1");
  await price.fill("300000");
  await mileage.fill("10000");
  await calc.getByRole("button", { name: "Oblicz dopłatę" }).click();
  await expect(result).toHaveText("50 000 zł");
  await mileage.fill("20000");
  await calc.getByRole("button", { name: "Oblicz dopłatę" }).click();
  await expect(result).toHaveText("70 000 zł");

  await calc.getByLabel("Kategoria pojazdu").selectOption("L");
  await price.fill("10000");
  await calc.getByRole("button", { name: "Oblicz dopłatę" }).click();
  await expect(result).toHaveText("3 000 zł");
  await expectNoAxeViolations(page);
});

test("electric programme page: slider, four documents, carousel or its empty state", async ({ page }) => {
  await page.goto("/moj-elektryk");
  await expect(page.getByText("Do 27 tys. zł dopłaty do samochodu osobowego")).toBeVisible();
  await page.getByRole("button", { name: /Slajd 2 z 3/ }).click();
  await expect(page.getByText("Do 70 tys. zł dopłaty do samochodu dostawczego")).toBeVisible();
  await page.getByRole("button", { name: "Zatrzymaj przewijanie" }).click();
  await expect(page.getByRole("button", { name: "Wznów przewijanie" })).toBeVisible();

  const docs = page.locator("#dokumenty a[href^='/dokumenty/']");
  await expect(docs).toHaveCount(4);
  const [download] = await Promise.all([page.waitForEvent("download"), docs.first().click()]);
  expect(download.suggestedFilename()).toBe("Zasady programu Mój elektryk.pdf");

  const tiles = page.locator("#samochody li a");
  if ((await tiles.count()) === 0)
    await expect(page.getByText("Obecnie nie ma pojazdów nowych")).toBeVisible();
  else await expect(tiles.first()).toHaveAttribute("href", /^\/nowe-samochody\/[a-z0-9-]+-id-\d+$/);
  await expect(page.getByRole("link", { name: "Zobacz wszystkie samochody elektryczne" })).toHaveAttribute(
    "href",
    "/samochody-elektryczne",
  );
});

test("every document downloads as a PDF with its name and Polish text", async ({ request }) => {
  const words: Record<string, string[]> = {
    [DOCUMENTS.siteRules.url]: ["Regulamin serwisu internetowego Flotis", "Usługodawca", "Reklamacje"],
    [DOCUMENTS.auctionRules.url]: [
      "Regulamin aukcji internetowych Flotis",
      "Obowiązuje od 7.01.2021",
      "wyłącznie przedsiębiorcy",
    ],
    [DOCUMENTS.subsidyRules.url]: ["„Mój elektryk”", "18 750 zł", "27 000 zł", "maks. 70 000 zł"],
    [DOCUMENTS.subsidyApplication.url]: ["Wniosek o dopłatę", "zeroemisyjny"],
    [DOCUMENTS.subsidyMileageStatement.url]: ["Oświadczenie o deklarowanym rocznym przebiegu", "licznika"],
    [DOCUMENTS.subsidyChecklist.url]: ["Lista dokumentów", "Osoba prywatna"],
    [DOCUMENTS.sampleCertificate.url]: ["Certyfikat Flotis", "ponad 200 sprawdzonych parametrów"],
  };
  expect(Object.keys(words)).toHaveLength(Object.keys(DOCUMENTS).length);
  for (const [url, expected] of Object.entries(words)) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toMatch(
      /^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''.+\.pdf$/,
    );
    const { text } = await pdfText(await res.body());
    for (const w of expected) expect(text, `${url}: ${w}`).toContain(w);
  }
  expect((await request.get("/dokumenty/nieznany.pdf")).status()).toBe(404);

  // The API answers the same files as {Name, Base64}.
  const site = await (await request.get("/api/Regulations")).json();
  const auction = await (await request.get("/api/Regulations/auctionRules")).json();
  expect(site.Name).toBe("Regulamin serwisu Flotis.pdf");
  // Another journey may have published a newer version of the rules on this server meanwhile.
  expect(auction.Name).toMatch(/^Regulamin aukcji Flotis( \(wersja \d+\))?\.pdf$/);
  const file = await (await request.get(DOCUMENTS.auctionRules.url)).body();
  expect(Buffer.from(auction.Base64, "base64").equals(file)).toBe(true);
});

test("contact page: phone and e-mail boxes from the literals, auction details separately @phone", async ({
  page,
}) => {
  await page.goto("/kontakt");
  const general = page.locator('[data-contact-variant="ogolny"]');
  const auction = page.locator('[data-contact-variant="aukcje"]');
  await expect(general.getByRole("link", { name: LITERAL_DEFAULTS.ContactPhone })).toHaveAttribute(
    "href",
    "tel:+48221002030",
  );
  await expect(general.getByRole("link", { name: LITERAL_DEFAULTS.ContactEmail })).toHaveAttribute(
    "href",
    `mailto:${LITERAL_DEFAULTS.ContactEmail}`,
  );
  await expect(auction.getByRole("link", { name: LITERAL_DEFAULTS.AuctionPhone })).toBeVisible();
  await expect(auction.getByRole("link", { name: LITERAL_DEFAULTS.AuctionEmail })).toBeVisible();
  await expect(page.getByRole("main").getByText("pon. – pt., 9:00 – 19:00").first()).toBeVisible();
});

test("makes page lists makes with offer counts linking to /marki/{make}, or says there are none", async ({
  page,
}) => {
  await page.goto("/marki");
  const links = page.getByRole("list", { name: "Marki w ofercie" }).getByRole("link");
  if ((await links.count()) === 0) {
    await expect(page.getByText("Obecnie nie mamy żadnych ofert.")).toBeVisible();
    return;
  }
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("href", /^\/marki\/[a-z0-9ąćęłńóśźż-]+$/);
    await expect(link).toContainText(/\d+ ofert(a|y)?$/);
  }
});

test("promotion landing links to company offers; legacy English paths redirect", async ({
  page,
  request,
}) => {
  await page.goto("/leasing-BEZ-OBAW");
  await expect(page.getByRole("link", { name: "Zobacz oferty dla firm" })).toHaveAttribute(
    "href",
    "/lista-pojazdow?isCompany=true&financialMethod=all&selectedSortingValue=0",
  );
  await page.getByRole("link", { name: "Regulamin promocji „Flotis z prezentem”" }).click();
  await expect(page).toHaveURL(/\/regulamin-promocji-flotis-z-prezentem$/);
  await expect(page.getByText("karta podarunkowa o wartości 500 zł", { exact: false })).toBeVisible();
  await expect(page.getByText("Promocja trwała od 6.12.2022 do 6.01.2023.")).toBeVisible();

  for (const [from, to] of [
    ["/financing?utm=x", "/finansowanie?utm=x"],
    ["/product-line", "/oferta"],
  ]) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(
      new URL(res.headers().location, "http://x").pathname +
        new URL(res.headers().location, "http://x").search,
    ).toBe(to);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the FAQ search still works: the form asks the server, which filters by ?q=", async ({ page }) => {
    await page.goto("/faq");
    const total = await page.locator("article").count();
    await page.getByLabel("Szukaj w pytaniach i odpowiedziach").fill("aukcja");
    // The FAQ's own form (the header has the catalogue's search box).
    await page.getByRole("main").getByRole("button", { name: "Szukaj" }).click();
    await expect(page).toHaveURL(/\/faq\?q=aukcja$/);
    const found = await page.locator("article").count();
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    await expect(page.locator("article").first()).toContainText(/aukc/i);
  });
});

test("FAQ section links jump to their sections; certificate page offers the sample certificate", async ({
  page,
}) => {
  await page.goto("/faq");
  const nav = page.getByRole("navigation", { name: "Działy pytań" });
  await expect(nav.getByRole("link")).toHaveCount(7);
  await nav.getByRole("link", { name: "Aukcje" }).click();
  await expect(page).toHaveURL(/#dzial-aukcje$/);
  await expect(page.getByRole("heading", { level: 2, name: "Aukcje" })).toBeInViewport();

  await page.goto("/certyfikat-flotis");
  for (const heading of [
    "O certyfikacie",
    "Czym jest certyfikat?",
    "Co obejmuje certyfikat?",
    "Od warsztatu do certyfikatu",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Pobierz przykładowy certyfikat (PDF)" }).first().click(),
  ]);
  expect(download.suggestedFilename()).toBe("Przykładowy certyfikat Flotis.pdf");
});

test("the cookie notice leads to the cookie policy and its settings to the privacy policy @phone", async ({
  page,
}, testInfo) => {
  const shots = testInfo.outputPath("privacy");
  await page.goto("/");
  const notice = page.getByRole("region", { name: "Zgoda na pliki cookie" });
  await notice.getByRole("link", { name: "Polityka cookies" }).click();
  await expect(page).toHaveURL(/\/polityka-cookies$/);
  await expect(page.getByRole("heading", { level: 1, name: "Polityka cookies" })).toBeVisible();
  // The table of the marketing category names the tags and their cookies; the choice is still to make.
  const marketing = page.getByRole("table", { name: "Marketingowe pliki cookie i technologie" });
  await expect(marketing.getByText("Piksel Meta (fbevents.js)")).toBeVisible();
  await expect(marketing.getByText("li_fat_id", { exact: true })).toBeVisible();
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: `${shots}/polityka-cookies.png`, fullPage: true });

  // The page's own button opens the settings; they lead on to the privacy policy.
  await page.getByRole("main").getByRole("button", { name: "Ustawienia plików cookie" }).click();
  const settings = page.getByRole("dialog", { name: "Ustawienia plików cookie" });
  await settings.getByRole("link", { name: "polityka prywatności" }).click();
  await expect(settings).toBeHidden();
  await expect(page).toHaveURL(/\/polityka-prywatnosci$/);
  await expect(page.getByRole("heading", { level: 1, name: "Polityka prywatności" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "7. Skarga do organu nadzorczego" })).toBeVisible();
  await expect(page.getByText(/Prezes Urzędu Ochrony Danych Osobowych \(PUODO\)/)).toBeVisible();
  await expectNoAxeViolations(page, page.getByRole("main"));
  await screenshot(page, { path: `${shots}/polityka-prywatnosci.png`, fullPage: true });
});
