import { describe, expect, it } from "vitest";
import { emptyCriteria } from "../../domain/alerts/wizard";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../domain/calculator-defaults";
import { headlineTerms } from "../../domain/headline-price";
import { activationMail, digestMail, MAX_OFFERS_PER_ALERT, newOffersText } from "./mails";
import { optionNames } from "./service";

const criteria = {
  ...emptyCriteria(),
  buyerType: 1 as const,
  financing: 2 as const,
  priceTo: "150000",
  makes: ["Audi"],
};
const offer = (n: number) => ({
  title: `Audi A${n}`,
  url: `https://flotis.example/samochody-poleasingowe/audi-a${n}-id-${n}`,
  photoUrl: `https://flotis.example/api/OfferImages/Get?attachmentId=${"a".repeat(64)}&width=320&height=240`,
  price: `${n}0 000 zł netto`,
  cheaper: n % 2 === 0,
  previousPrice: n % 2 === 0 ? `${n}5 000 zł netto` : null,
  instalment: null,
  previousInstalment: null,
});

/** A digest to jan@example.com of the demo site, with the service's option names. */
const digestTo = (rest: Pick<Parameters<typeof digestMail>[0], "sections" | "unsubscribeUrl" | "terms">) =>
  digestMail({ publicUrl: "https://flotis.example", email: "jan@example.com", names: optionNames, ...rest });

describe("alert e-mails", () => {
  it("count offers in Polish", () => {
    expect([1, 2, 4, 5, 12, 22, 25].map(newOffersText)).toEqual([
      "1 nowa oferta",
      "2 nowe oferty",
      "4 nowe oferty",
      "5 nowych ofert",
      "12 nowych ofert",
      "22 nowe oferty",
      "25 nowych ofert",
    ]);
  });

  it("a digest lists at most ten offers per alert and links the rest on the vehicle list", () => {
    const offers = Array.from({ length: 12 }, (_, i) => offer(i + 1));
    const mail = digestTo({
      sections: [{ guid: "6dfd4844-6e38-4c6f-9343-ac5c733cc81d", criteria, offers }],
      unsubscribeUrl: "https://flotis.example/api/CarAlert/Unsubscribe?token=t",
    });
    expect(mail.subject).toBe("Alert Flotis: 6 nowych ofert i 6 ofert w niższej cenie dla Ciebie");
    expect(mail.text.match(/^\* /gm)).toHaveLength(MAX_OFFERS_PER_ALERT);
    expect(mail.text).toContain("* Audi A1 (nowa oferta): 10 000 zł netto");
    expect(mail.text).toContain("* Audi A2 (niższa cena, wcześniej 25 000 zł netto): 20 000 zł netto");
    expect(mail.text).toContain(
      "…i jeszcze 2 — wszystkie pasujące oferty: https://flotis.example/lista-pojazdow?isCompany=true&financialMethod=cash&priceTo=150000&makes=Audi",
    );
    expect(mail.html?.match(/<img /g)).toHaveLength(MAX_OFFERS_PER_ALERT);
    expect(mail.text).toContain("/alert/dezaktywacja=6dfd4844-6e38-4c6f-9343-ac5c733cc81d");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://flotis.example/api/CarAlert/Unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("a price drop shows the old and the new price, and the subject says what the e-mail brings", () => {
    const mail = digestTo({
      sections: [{ guid: "g", criteria, offers: [offer(2)] }],
      unsubscribeUrl: "https://x",
    });
    // One offer: the subject names the car.
    expect(mail.subject).toBe("Alert Flotis: Audi A2 w niższej cenie");
    expect(mail.text).toContain("mamy samochody pasujące do Twojego alertu (1 oferta w niższej cenie).");
    expect(mail.text).toContain("* Audi A2 (niższa cena, wcześniej 25 000 zł netto): 20 000 zł netto");
    expect(mail.html).toContain("20 000 zł netto <s");
    expect(mail.html).toContain(">25 000 zł netto</s>");
    const three = [offer(1), offer(3), offer(2), offer(4)];
    expect(
      digestTo({ sections: [{ guid: "g", criteria, offers: three }], unsubscribeUrl: "https://x" }).subject,
    ).toBe("Alert Flotis: 2 nowe oferty i 2 oferty w niższej cenie dla Ciebie");
    // A drop whose earlier price is not known is still said to be one.
    const unknown = digestTo({
      sections: [{ guid: "g", criteria, offers: [{ ...offer(2), previousPrice: null }] }],
      unsubscribeUrl: "https://x",
    });
    expect(unknown.subject).toBe("Alert Flotis: Audi A2 w niższej cenie");
    expect(
      digestTo({ sections: [{ guid: "g", criteria, offers: [offer(1)] }], unsubscribeUrl: "https://x" })
        .subject,
    ).toBe("Alert Flotis: nowa oferta – Audi A1");
    expect(unknown.text).toContain("* Audi A2 (niższa cena): 20 000 zł netto");
  });

  it("a price drop of an instalment alert shows the price, netto and brutto, beside the instalment, each with the old one", () => {
    const drop = {
      ...offer(2),
      price: "170 000 zł netto / 209 100 zł brutto",
      previousPrice: "180 000 zł netto / 221 400 zł brutto",
      instalment: "od 1 400 zł netto/mies.",
      previousInstalment: "od 1 499 zł netto/mies.",
    };
    const mail = digestTo({
      sections: [{ guid: "g", criteria, offers: [drop] }],
      unsubscribeUrl: "https://x",
    });
    expect(mail.text).toContain(
      "* Audi A2 (niższa cena, wcześniej 180 000 zł netto / 221 400 zł brutto): 170 000 zł netto / 209 100 zł brutto; rata od 1 400 zł netto/mies. (wcześniej od 1 499 zł netto/mies.)",
    );
    expect(mail.html).toContain(">180 000 zł netto / 221 400 zł brutto</s>");
    expect(mail.html).toContain("rata od 1 400 zł netto/mies. <s");
    expect(mail.html).toContain(">od 1 499 zł netto/mies.</s>");
  });

  it("escapes what comes from data in the HTML", () => {
    const mail = digestTo({
      sections: [{ guid: "g", criteria, offers: [{ ...offer(1), title: "<b>Audi</b> & co" }] }],
      unsubscribeUrl: "https://x",
    });
    expect(mail.html).toContain("&lt;b&gt;Audi&lt;/b&gt; &amp; co");
    expect(mail.html).not.toContain("<b>Audi</b>");
  });

  it("states the terms of the 'od' instalments, the lowest of the calculator (ADR 042)", () => {
    const mail = digestTo({
      sections: [{ guid: "g", criteria, offers: [{ ...offer(1), price: "od 2\u00a0299 zł netto/mies." }] }],
      unsubscribeUrl: "https://x",
      terms: headlineTerms(DEFAULT_CALCULATOR_PROPERTIES),
    });
    const note =
      "Raty „od” netto/mies. to najniższe raty z kalkulatora na stronie oferty: leasing przy 80\u00a0mies., opłata wstępna 45%, wykup 50%; najem przy 80\u00a0mies., wpłata własna 45%, 10\u00a0000\u00a0km rocznie; ubezpieczenie we własnym zakresie (opłata 250\u00a0zł netto rocznie), a przy cenie do 25\u00a0000\u00a0zł netto w racie.";
    expect(mail.text).toContain(note);
    expect(mail.html).toContain(note);
  });

  it("the activation e-mail carries the activation and deactivation links", () => {
    const mail = activationMail({
      publicUrl: "https://flotis.example",
      email: "jan@example.com",
      guid: "g-1",
      criteria,
      names: optionNames,
      unsubscribeUrl: "https://flotis.example/api/CarAlert/Unsubscribe?guid=g-1",
    });
    expect(mail.text).toContain("https://flotis.example/alert/aktywacja=g-1");
    expect(mail.text).toContain("https://flotis.example/alert/dezaktywacja=g-1");
    expect(mail.html).toContain('href="https://flotis.example/alert/aktywacja=g-1"');
  });
});
