import { describe, expect, it } from "vitest";
import { BRAND } from "../../src/domain/brand";
import { bannerSeeds } from "../../src/server/seed/catalogue/banners";
import { STANDARD_SLIDES } from "../../src/web/features/catalogue/standard-slides";

/** What the home page's slides for a private buyer say: the standard one and the demo catalogue's. */
const privateTexts = () => [
  ...STANDARD_SLIDES.filter((s) => s.audience === "private").map((s) => s.description),
  ...bannerSeeds(new Date("2026-01-15T12:00:00Z"))
    .filter((b) => b.row.audience === "private")
    .map((b) => b.row.description ?? ""),
];

describe("the private buyer's slides", () => {
  it("promise the certificate of the certified cars only, by the brand's name (polish.md: one word a thing)", () => {
    const texts = privateTexts();
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toMatch(/^Ceny brutto, znana historia serwisowa, wiele aut z certyfikatem /);
      // Every mention of the certificate is the brand's, for many cars, not every car's.
      expect(text.match(/certyfikat\p{L}*/giu)).toEqual([`certyfikatem`]);
      expect(text).toContain(`wiele aut z certyfikatem ${BRAND.name}`);
      // "Stanu technicznego" is an auction's report (opis stanu technicznego), not the certificate.
      expect(text).not.toMatch(/stanu technicznego/);
      // A private buyer reserves no car online (the reservation follows a company's lease application).
      expect(text).not.toMatch(/zarezerwuj/i);
    }
  });
});
