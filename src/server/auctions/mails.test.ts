import { describe, expect, it } from "vitest";
import { acceptedMail, companyResultMail, lostMail, maxExceededMail, outbidMail, wonMail } from "./mails";

// A bidder's auction e-mails speak to anyone alike (no masculine-only "wygrałeś"), and each price
// a bidder reads is netto with the brutto beside it, as in the notification e-mails.

const auction = { auctionId: 7, title: "Kia Sportage 2.0 TDI Style", link: "https://example.pl/a/7" };
const endedAt = new Date("2026-11-27T20:50:00Z");
/** Prices as formatPrice writes them: a non-breaking space after each digit group. */
const nb = (s: string) => s.replace(/(\d) /g, "$1\u00a0");

describe("the bidders' auction e-mails", () => {
  it("the winner's: a gender-neutral subject, the price netto and brutto, 'na swoim koncie'", () => {
    const mail = wonMail("a@example.pl", auction, 40_000, endedAt, "https://example.pl/wygrane-aukcje");
    expect(mail.subject).toBe("Gratulujemy! Twoja oferta wygrała aukcję: Kia Sportage 2.0 TDI Style");
    expect(mail.text).toContain(nb("Twoja oferta 40 000 zł netto (49 200 zł brutto) jest zwycięska."));
    expect(mail.text).toContain(
      "Wygrane aukcje znajdziesz na swoim koncie: https://example.pl/wygrane-aukcje",
    );
  });

  it("the winner's says how the car is invoiced and where it is picked up; under VAT-marża no brutto of the car's price", () => {
    const margin = wonMail("a@example.pl", auction, 40_000, endedAt, "https://example.pl/wygrane-aukcje", {
      vat: "margin",
      pickUp: "Gdańsk (woj. pomorskie)",
    });
    expect(margin.text).toContain(
      nb("Twoja oferta 40 000 zł (faktura VAT-marża: bez VAT od ceny samochodu) jest zwycięska."),
    );
    expect(margin.text).toContain("Faktura: faktura VAT-marża.");
    expect(margin.text).toContain("Miejsce odbioru samochodu: Gdańsk (woj. pomorskie).");
    expect(margin.text).not.toContain("brutto");
    const vat = acceptedMail("a@example.pl", auction, {
      price: 40_000,
      wonLink: "https://example.pl/wygrane-aukcje",
      sale: { vat: "vat23", pickUp: null },
    });
    expect(vat.text).toContain(nb("Przyjęliśmy Twoją ofertę 40 000 zł netto (49 200 zł brutto)"));
    expect(vat.text).toContain("Faktura: faktura VAT 23 %.");
    expect(vat.text).not.toContain("Miejsce odbioru");
  });

  it("the others': the final price and their best offer, the outbid and exceeded prices, netto and brutto", () => {
    const lost = lostMail("b@example.pl", auction, { myBest: 21_000, finalPrice: 22_000, endedAt });
    expect(lost.text).toContain(
      nb(
        "cena końcowa to 22 000 zł netto (27 060 zł brutto), Twoja najwyższa oferta wynosiła 21 000 zł netto (25 830 zł brutto).",
      ),
    );
    const outbid = outbidMail("b@example.pl", auction, 30_000, 31_000);
    expect(outbid.text).toContain(nb("Twoja oferta 30 000 zł netto (36 900 zł brutto) w aukcji"));
    expect(outbid.text).toContain(nb("Aktualna cena to 31 000 zł netto (38 130 zł brutto)."));
    const exceeded = maxExceededMail("b@example.pl", auction, 30_000, 31_000);
    expect(exceeded.text).toContain(
      nb("padła oferta wyższa niż Twoja maksymalna oferta 30 000 zł netto (36 900 zł brutto)."),
    );
    for (const m of [lost, outbid, exceeded])
      expect(`${m.subject}\n${m.text}`).not.toMatch(/łeś\b|w swoim koncie/);
  });
});

describe("the sales team's result e-mail", () => {
  const winner = {
    email: "anna@firma.pl",
    companyName: "Auto Handel Nowak sp. z o.o.",
    nip: "5260250274",
    phone: "600700800",
    person: "Anna Nowak",
  };
  const result = {
    winner,
    price: 40_000,
    bidCount: 12,
    endedAt,
    panelLink: "https://example.pl/panel/aukcje/7",
  };

  it("gives the winning price as the winner reads it, with the invoicing and the pick-up place", () => {
    const vat = companyResultMail("sprzedaz@example.pl", auction, {
      ...result,
      sale: { vat: "vat23", pickUp: "Gdańsk (woj. pomorskie)" },
    });
    expect(vat.text).toContain(nb("Cena: 40 000 zł netto (49 200 zł brutto), liczba ofert: 12."));
    expect(vat.text).toContain("Faktura: faktura VAT 23 %.");
    expect(vat.text).toContain("Miejsce odbioru samochodu: Gdańsk (woj. pomorskie).");
    const margin = companyResultMail("sprzedaz@example.pl", auction, {
      ...result,
      sale: { vat: "margin", pickUp: null },
    });
    expect(margin.text).toContain(
      nb("Cena: 40 000 zł (faktura VAT-marża: bez VAT od ceny samochodu), liczba ofert: 12."),
    );
    expect(margin.text).not.toContain("brutto");
  });
});
