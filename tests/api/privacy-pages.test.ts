import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { CONSENT_CATEGORIES, OFFERED_CATEGORIES, TAG_COOKIES } from "../../src/domain/consent";
import { RETENTION } from "../../src/domain/privacy";
import { literals } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";

/**
 * The privacy policy and the cookie policy as the server renders them: what the law asks of each,
 * the administrator from the literals the panel edits, the cookie table from the consent categories,
 * and the links to both from every public page.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({}, { web: true });
  // The lead form's page shows the calculator's settings.
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
});
afterAll(() => server.close());

/** The page's visible text, entities decoded and tags dropped, spaces as one. */
async function pageText(path: string) {
  const res = await fetch(`${server.url}${path}`);
  const html = await res.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    // React's markers between the parts of one text.
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { status: res.status, html, text };
}

describe("the privacy policy", () => {
  it("names the administrator, the purposes with their legal bases, the recipients with both tag vendors, the retention of each kind of data, the rights and the supervisory authority", async () => {
    // The administrator is the company of the literals: an edit in the panel shows on the policy.
    await server.services.db
      .insert(literals)
      .values({ key: "CompanyName", value: "Flotis Leasing Nowa sp. z o.o." })
      .onConflictDoUpdate({ target: literals.key, set: { value: "Flotis Leasing Nowa sp. z o.o." } });
    server.services.content.invalidate();
    const page = await pageText("/polityka-prywatnosci");
    expect(page.status).toBe(200);
    // Version 2 (migration 0051) added the online leasing applications to the first text.
    expect(page.text).toMatch(/Wersja 2 z \d\d\.\d\d\.\d{4}/);
    expect(page.html).toContain('href="/polityka-prywatnosci/wersja-1"');
    expect(page.text).toContain(
      "Administratorem Twoich danych osobowych jest Flotis Leasing Nowa sp. z o.o.",
    );
    for (const basis of [
      "art. 6 ust. 1 lit. a RODO",
      "art. 6 ust. 1 lit. b RODO",
      "art. 6 ust. 1 lit. c",
      "art. 6 ust. 1 lit. f RODO",
    ])
      expect(page.text).toContain(basis);
    expect(page.text).toContain("Meta Platforms Ireland Limited");
    expect(page.text).toContain("LinkedIn Ireland Unlimited Company");
    for (const r of RETENTION) expect(page.text).toContain(r.data);
    for (const article of [15, 16, 17, 18, 20, 21]) expect(page.text).toContain(`(art. ${article} RODO)`);
    expect(page.text).toContain(
      "Prezes Urzędu Ochrony Danych Osobowych (PUODO), ul. Stawki 2, 00-193 Warszawa",
    );
    expect(page.text).toContain("iod@flotis.pl");
    expect(page.html).toContain('href="/polityka-cookies"');
  });

  it("names the online leasing application: its purpose and legal basis, the VAT register as a recipient, the automated preliminary decision and the retention", async () => {
    const page = await pageText("/polityka-prywatnosci");
    expect(page.text).toContain(
      "Wstępna ocena wniosku leasingowego złożonego online (wstępna decyzja według reguł), decyzja analityka i przygotowanie umowy leasingu lub najmu",
    );
    // The purpose's row in the table of purposes names its legal basis beside its data.
    expect(page.html).toMatch(
      /Wstępna ocena wniosku leasingowego[\s\S]*?dołączone dokumenty \(np\. sprawozdanie finansowe\)[\s\S]*?Działania przed zawarciem umowy na Twoje żądanie \(art\. 6 ust\. 1 lit\. b RODO\)/,
    );
    expect(page.text).toContain(
      "Numer NIP podany przy rejestracji konta lub we wniosku leasingowym, aby pobrać dane firmy z wykazu podatników VAT",
    );
    expect(page.text).toContain("(art. 22 ust. 2 lit. a RODO)");
    expect(page.text).toContain("Masz prawo do interwencji człowieka");
    expect(page.text).toContain("zapytania z formularzy, alerty, rozmowy na czacie i wnioski leasingowe");
    const leasing = RETENTION.find((r) => r.data.startsWith("Wnioski leasingowe"));
    expect(leasing?.period).toMatch(/^12 miesięcy od ostatniego kroku wniosku .*5 lat od końca roku/);
    expect(page.text).toContain(`Okres przechowywania: ${leasing?.period}`);
    // Version 1 stays as it was, without them.
    const first = await pageText("/polityka-prywatnosci/wersja-1");
    expect(first.text).toContain("Wersja 1 z 28.11.2026 – to wersja archiwalna.");
    expect(first.text).not.toContain("wniosku leasingowego");
  });
});

describe("the cookie policy", () => {
  it("lists every cookie, storage key and tag of each consent category the cookie notice asks about", async () => {
    const page = await pageText("/polityka-cookies");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Wersja 1 z 28.11.2026");
    for (const category of OFFERED_CATEGORIES) {
      expect(page.text).toContain(`${category.name} pliki cookie i technologie`);
      for (const item of category.items) {
        expect(page.text).toContain(item.name);
        expect(page.text).toContain(item.purpose);
      }
    }
    // The tags' own cookies, which withdrawing the consent removes, are among them.
    expect(TAG_COOKIES).toEqual(["_fbp", "_fbc", "li_fat_id", "li_giant", "_gcl_au"]);
    // A category with nothing behind it (analytics, while no such tag exists) is neither asked about
    // nor described.
    for (const category of CONSENT_CATEGORIES.filter((c) => !OFFERED_CATEGORIES.includes(c)))
      expect(page.text).not.toContain(`${category.name} pliki cookie i technologie`);
  });

  it("both policies are linked from the footer of every public page and from the lead forms' consents", async () => {
    for (const path of ["/", "/kontakt", "/lista-pojazdow"]) {
      const { html } = await pageText(path);
      expect(html, path).toContain('href="/polityka-prywatnosci"');
      expect(html, path).toContain('href="/polityka-cookies"');
    }
    const form = await pageText("/formularz-kontaktowy");
    expect(form.text).toContain("Jak przetwarzamy Twoje dane, opisuje polityka prywatności");
  });
});
