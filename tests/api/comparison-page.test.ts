import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateLeasing } from "../../src/domain/calculator";
import { DEFAULT_CALCULATOR_PROPERTIES as P } from "../../src/domain/calculator-defaults";
import { formatPrice } from "../../src/domain/format";
import { atDefaults } from "../../src/domain/headline-price";
import { seedContent } from "../../src/server/content/seed";
import { offerTexts } from "../../src/server/db/schema/core";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { insertCatalogue } from "../support/catalogue-fixtures";

/**
 * The comparison page is drawn on the server from its address alone: a shared link shows the same
 * cars in any browser, and whatever in the address names no public offer is left out with a note.
 */
let server: TestServer;
let ids: Record<string, number>;
beforeAll(async () => {
  server = await startApiServer({}, { web: true });
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, P);
  ({ ids } = await insertCatalogue(server.services.db));
  await server.services.db
    .update(offerTexts)
    .set({ equipment: ["Klimatyzacja automatyczna", "Kamera cofania", "Hak holowniczy"] })
    .where(eq(offerTexts.offerId, ids.Audi));
});
afterAll(() => server.close());

const page = async (query: string, redirect: RequestRedirect = "manual") => {
  const res = await fetch(`${server.url}/porownanie${query}`, { redirect });
  const text = await res.text();
  // The page's words, as a reader sees them (tags out, non-breaking spaces as spaces).
  const words = text
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");
  return { status: res.status, text, words };
};

describe("the comparison page", () => {
  it("shows the offers of the address side by side, with its own title, and stays out of search", async () => {
    const { status, text, words } = await page(`?oferty=${ids.Audi},${ids.Skoda},${ids.Tesla}`);
    expect(status).toBe(200);
    expect(text).toMatch(/<title>Porównanie: Audi A4, Skoda Octavia, Tesla Model 3[^<]*<\/title>/);
    expect(text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(words).toContain("Porównujesz: 3 samochody");
    expect(words).toContain("Rok produkcji");
    // The Audi alone has a tow bar: the row is marked as a difference, the shared items are not.
    expect(text).toMatch(/data-differs="true"[^>]*><th[^>]*>Hak holowniczy/);
    expect(text).toMatch(/data-differs="false"[^>]*><th[^>]*>Kamera cofania/);
    // The Audi's leasing at the same terms as the others: the calculator's answer for its cut price.
    const L = P.Leasing;
    const atSameTerms = calculateLeasing(
      { ...atDefaults(170_000, L), RvPercent: L.Rv.Default },
      L,
      P.Insurance,
    );
    expect(words).toContain(formatPrice(atSameTerms.InstallmentPriceNetto).replace(/\u00a0/g, " "));
    expect(words).toContain("Raty każdego samochodu liczymy przy tych samych warunkach");
  });

  it("leaves out an offer that is not public, with a note, never an error", async () => {
    const { status, words } = await page(`?oferty=${ids.BMW},${ids.Audi}`);
    expect(status).toBe(200);
    expect(words).toContain(`Oferta nr ${ids.BMW} nie jest już dostępna`);
    expect(words).toContain("Porównujesz: 1 samochód");
    const gone = await page("?oferty=999999");
    expect(gone.status).toBe(200);
    expect(gone.words).toContain("Oferta nr 999999 nie jest już dostępna");
    expect(gone.words).toContain("Nie ma jeszcze samochodów do porównania");
  });

  it("says what an auction's price is, and that cash brutto and instalments do not apply to it", async () => {
    const { text } = await page(`?oferty=${ids.Audi},${ids.Volkswagen},${ids.Ford}`);
    const cells = (label: string) => {
      const row = text.match(new RegExp(`<tr[^>]*><th scope="row"[^>]*>${label}[\\s\\S]*?</tr>`))?.[0] ?? "";
      return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) =>
        m[1]
          .replace(/<[^>]+>/g, "")
          .replace(/&nbsp;|\u00a0/g, " ")
          .trim(),
      );
    };
    // The running auction has bids (its current price), the upcoming one only its starting price:
    // worded as the auction's own page words them.
    const [, running, upcoming] = cells("Cena za gotówkę netto");
    expect(running).toBe("42 500 zł (aktualna cena)");
    expect(upcoming).toBe("35 000 zł (cena wywoławcza)");
    // Brutto too, as the auction's page says it (z VAT 23%).
    const [, runningBrutto, upcomingBrutto] = cells("Cena za gotówkę brutto");
    expect(runningBrutto).toBe("52 275 zł (aktualna cena)");
    expect(upcomingBrutto).toBe("43 050 zł (cena wywoławcza)");
    for (const label of ["Leasing: rata netto/mies.", "Najem: koszt całkowity brutto"]) {
      const [audi, vw, ford] = cells(label);
      expect(audi, label).toMatch(/^[\d ]+ zł$/);
      expect([vw, ford], label).toEqual(["nie dotyczy aukcji", "nie dotyczy aukcji"]);
    }
  });

  it("an empty comparison names the button that adds a car", async () => {
    const { words } = await page("");
    expect(words).toContain("Nie ma jeszcze samochodów do porównania. Kliknij „Dodaj do porównania”");
    expect(words).not.toContain("„Porównaj”");
  });

  it("answers bad ids with a note: letters, negative, repeated, too many, NUL", async () => {
    const bad = await page(`?oferty=abc,-3,${ids.Audi},${ids.Audi},0`);
    expect(bad.status).toBe(200);
    expect(bad.words).toContain("Pominęliśmy 3 nieprawidłowe identyfikatory oferty w adresie.");
    expect(bad.words).toContain("Porównujesz: 1 samochód");
    // A control character is taken out of any page address by one redirect (page-address.ts).
    const nul = await page(`?oferty=${ids.Audi},%00x`, "follow");
    expect(nul.status).toBe(200);
    expect(nul.words).toContain("Pominęliśmy 1 nieprawidłowy identyfikator oferty w adresie.");
    expect(bad.words).toContain("Porównujesz: 1 samochód");
    const many = await page(`?oferty=${ids.Audi},${ids.Skoda},${ids.Tesla},${ids.Kia}`);
    expect(many.status).toBe(200);
    expect(many.words).toContain("Porównać można najwyżej 3 samochody: pokazujemy pierwsze 3 z adresu.");
    expect(many.words).not.toContain("Kia e-Niro");
    for (const q of ["", "?oferty=", "?oferty=%ZZ", `?oferty=${"9".repeat(5000)}`]) {
      const res = await page(q);
      expect(res.status, q).toBe(200);
      expect(res.words, q).toContain("Porównanie samochodów");
    }
  });
});
