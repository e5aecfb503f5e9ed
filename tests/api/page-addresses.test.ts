import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { insertCatalogue } from "../support/catalogue-fixtures";

/**
 * One address per page (server/web/page-address.ts): another spelling of it is sent there with one
 * 301, the query kept, and that address answers the page itself; no address takes two redirects.
 * Tokens in paths, the API and built files keep their letter case.
 */
let server: TestServer;
let ids: Record<string, number>;
beforeAll(async () => {
  server = await startApiServer({}, { web: true });
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
  ({ ids } = await insertCatalogue(server.services.db));
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

/** The one redirect of `from`, and that its target is the page (200), not another redirect. */
async function expectOneRedirect(from: string, to: string) {
  const res = await get(from);
  expect({ from, status: res.status, location: res.headers.get("location") }).toEqual({
    from,
    status: 301,
    location: to,
  });
  const page = await get(to);
  expect({ to, status: page.status }).toEqual({ to, status: 200 });
}

describe("addresses in capitals", () => {
  it("go once to the lower-case address, keeping the query", async () => {
    await expectOneRedirect("/LISTA-POJAZDOW", "/lista-pojazdow");
    await expectOneRedirect(
      "/Lista-Pojazdow?search=Golf&makes=Audi",
      "/lista-pojazdow?search=Golf&makes=Audi",
    );
    await expectOneRedirect("/Kontakt", "/kontakt");
    await expectOneRedirect("/FAQ", "/faq");
    await expectOneRedirect("/Samochody-Poleasingowe?page=1", "/samochody-poleasingowe?page=1");
  });

  it("the page the spec spells with capitals keeps them: other spellings go there", async () => {
    expect((await get("/leasing-BEZ-OBAW")).status).toBe(200);
    await expectOneRedirect("/leasing-bez-obaw", "/leasing-BEZ-OBAW");
    await expectOneRedirect("/LEASING-BEZ-OBAW?utm_source=x", "/leasing-BEZ-OBAW?utm_source=x");
  });

  it("an offer in capitals goes straight to its canonical address, slug and all", async () => {
    await expectOneRedirect("/NOWE-SAMOCHODY/TOYOTA-id-1", "/nowe-samochody/toyota-corolla-id-1");
    await expectOneRedirect(
      "/Nowe-Samochody/Toyota-Corolla-id-1?x=1",
      "/nowe-samochody/toyota-corolla-id-1?x=1",
    );
  });

  it("an offer's id under another section goes to its own section once; an unknown id stays not found", async () => {
    await expectOneRedirect(
      "/samochody-poleasingowe/toyota-corolla-id-1?isCompany=false",
      "/nowe-samochody/toyota-corolla-id-1?isCompany=false",
    );
    await expectOneRedirect("/aukcje-samochodowe/cokolwiek-id-1", "/nowe-samochody/toyota-corolla-id-1");
    expect((await get("/samochody-poleasingowe/x-id-987654")).status).toBe(404);
  });

  it("legacy and retired addresses redirect once in any spelling", async () => {
    await expectOneRedirect("/AfterLease/5", "/samochody-poleasingowe/skoda-octavia-id-5");
    await expectOneRedirect("/afterlease/5", "/samochody-poleasingowe/skoda-octavia-id-5");
    await expectOneRedirect("/ContactForm?x=1", "/formularz-kontaktowy?x=1");
    await expectOneRedirect("/LIST?makes=Audi", "/lista-pojazdow?makes=Audi");
  });

  it("leaves tokens in paths, the API and built files as they are", async () => {
    for (const path of [
      "/alert/aktywacja=ABCdef",
      "/panel/ustaw-haslo/AbCdEf",
      "/assets/Missing-AbC123.js",
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).not.toMatchObject({ status: 301 });
    }
    expect((await get("/api/OffersFilterData")).status).toBe(200);
    expect((await get("/api/offersfilterdata")).status).toBe(200);
  });
});

describe("an offer no longer shown", () => {
  it("says so with offers like it and the way back to its list, as a 404 kept out of search results", async () => {
    // Sold: its page names the list it was in and shows that list's offers instead of the generic 404.
    const sold = await get(`/nowe-samochody/bmw-x5-id-${ids.BMW}`);
    expect(sold.status).toBe(404);
    const page = await sold.text();
    expect(page).toContain("Ta oferta jest już niedostępna");
    expect(page).not.toContain("Strona odjechała");
    expect(page).toMatch(/<a[^>]*href="\/nowe-samochody"[^>]*>Wróć do listy: <!-- -->Nowe samochody<\/a>/);
    expect(page).toContain("Podobne oferty");
    expect(page).toMatch(/href="\/nowe-samochody\/[a-z0-9-]+-id-\d+"/);
    expect(page).not.toContain(`bmw-x5-id-${ids.BMW}"`);
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    // Its tab says what it is, not the error pages' title.
    expect(page.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>Oferta niedostępna | Flotis</title>"]);
    // Never there, as a private buyer: the list link keeps the buyer.
    const never = await get("/samochody-poleasingowe/x-id-987654?isCompany=false");
    expect(never.status).toBe(404);
    const neverPage = await never.text();
    expect(neverPage).toContain("Ta oferta jest już niedostępna");
    expect(neverPage).toContain('href="/samochody-poleasingowe?isCompany=false"');
    // An address that names no offer at all is the site's not-found page.
    expect(await (await get("/nowe-samochody/bez-numeru")).text()).toContain("Strona odjechała");
  });
});

describe("a make's page", () => {
  it("is reached by its name with diacritics or in capitals, in one redirect", async () => {
    expect((await get("/marki/skoda")).status).toBe(200);
    await expectOneRedirect(`/marki/${encodeURIComponent("Škoda")}`, "/marki/skoda");
    await expectOneRedirect("/marki/%C5%A0koda", "/marki/skoda");
    await expectOneRedirect(`/marki/${encodeURIComponent("škoda")}?page=1`, "/marki/skoda?page=1");
    await expectOneRedirect("/marki/AUDI", "/marki/audi");
    await expectOneRedirect("/MARKI/Audi", "/marki/audi");
    // The names people use for a make, as the search reads them.
    await expectOneRedirect("/marki/vw", "/marki/volkswagen");
    await expectOneRedirect("/marki/VW", "/marki/volkswagen");
  });

  it("an unknown make is still not found, without a redirect", async () => {
    expect((await get("/marki/nieznana")).status).toBe(404);
  });
});
