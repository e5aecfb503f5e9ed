import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { insertCatalogue } from "../support/catalogue-fixtures";

/**
 * What search engines read: the sitemap names every public page a search should find, each of them
 * has exactly one canonical link to itself and a title of its own, and an offer's structured data
 * states the gross price.
 */
let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startApiServer({}, { web: true });
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
  await insertCatalogue(server.services.db);
  origin = server.services.config.publicUrl.replace(/\/$/, "");
});
afterAll(() => server.close());

const html = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, text: await res.text() };
};

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${server.url}/sitemap-oferty.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(origin.length) || "/");
}

describe("the sitemap", () => {
  it("lists the information pages and forms next to the lists and offers", async () => {
    const paths = await sitemapPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/lista-pojazdow",
        "/faq",
        "/kontakt",
        "/polityka-prywatnosci",
        "/polityka-cookies",
        "/finansowanie",
        "/oferta",
        "/uslugi-dodatkowe",
        "/marki",
        "/moj-elektryk",
        "/certyfikat-flotis",
        "/leasing-BEZ-OBAW",
        "/regulamin-promocji-majowka-z-flotis",
        "/regulamin-promocji-flotis-z-prezentem",
        "/formularz-kontaktowy",
        "/formularz-samofinansowanie",
        "/lp-q7",
        "/alert",
        "/aukcje-samochodowe/volkswagen-passat-id-7",
      ]),
    );
    // Pages no search should list stay out.
    for (const hidden of ["/ulubione", "/login", "/wyslano-pomyslnie", "/rejestracja"])
      expect(paths).not.toContain(hidden);
  });

  it("every page of it answers with exactly one canonical link to itself and a title of its own", async () => {
    const titles = new Map<string, string>();
    const wrong: string[] = [];
    for (const path of await sitemapPaths()) {
      const page = await html(path);
      const canonicals = [...page.text.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);
      const pageTitles = [...page.text.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
      if (page.status !== 200) wrong.push(`${path}: ${page.status}`);
      if (canonicals.length !== 1 || canonicals[0] !== `${origin}${path}`)
        wrong.push(`${path}: canonical ${JSON.stringify(canonicals)}`);
      if (pageTitles.length !== 1) wrong.push(`${path}: titles ${JSON.stringify(pageTitles)}`);
      const same = titles.get(pageTitles[0]);
      if (same) wrong.push(`${path}: the title of ${same}, "${pageTitles[0]}"`);
      titles.set(pageTitles[0], path);
    }
    expect(wrong).toEqual([]);
    // Some forty pages rendered one after another on a shared machine.
  }, 120_000);

  it("the vehicle list has its own title and description, not the home page's", async () => {
    const description = (text: string) => /<meta name="description" content="([^"]*)"/.exec(text)?.[1];
    const title = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1];
    const [home, list] = [(await html("/")).text, (await html("/lista-pojazdow")).text];
    expect(title(list)).toBe("Wszystkie samochody: nowe, poleasingowe i aukcje | Flotis");
    expect(title(list)).not.toBe(title(home));
    expect(description(list)).not.toBe(description(home));
  });
});

describe("an offer's structured data", () => {
  const offerLd = async (path: string) => {
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec((await html(path)).text)?.[1];
    return (JSON.parse(json ?? "{}") as { offers: Record<string, unknown> }).offers;
  };

  it("states an auction's current price gross (the bids are netto on the page)", async () => {
    // The Passat's highest bid is 42 500 zł netto: 52 275 zł with VAT.
    const offer = await offerLd("/aukcje-samochodowe/volkswagen-passat-id-7");
    expect(offer.price).toBe(52_275);
    expect(offer.priceSpecification).toEqual({
      "@type": "PriceSpecification",
      price: 52_275,
      priceCurrency: "PLN",
      valueAddedTaxIncluded: true,
    });
  });

  it("states a car's cash price gross, as before", async () => {
    const offer = await offerLd("/nowe-samochody/toyota-corolla-id-1");
    expect(offer.price).toBe(129_900);
  });
});
