import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type HistoryQuestion, ServiceHistory } from "./service-history";

const html = (ask: HistoryQuestion | null) =>
  renderToStaticMarkup(createElement(ServiceHistory, { visits: [], ask }));

describe("the service history without delivered visits", () => {
  it("on an ex-lease car says so and leads to the page's contact form", () => {
    const page = html({ kind: "adviser" });
    expect(page).toContain("Poprzedni użytkownik nie przekazał nam historii serwisowej tego samochodu.");
    expect(page).toContain('<a href="#zapytaj" class="font-semibold underline">Zapytaj doradcę</a>');
  });

  it("on an auction (no contact form on its page) leads to the auction team's phone", () => {
    const page = html({ kind: "auction", phone: "+48 22 100 20 31" });
    expect(page).toContain("Poprzedni użytkownik nie przekazał nam historii serwisowej tego samochodu.");
    expect(page).toMatch(/<a href="tel:\+48221002031"[^>]*>Zadzwoń do działu aukcji<\/a>/);
  });

  it("on a new car shows nothing", () => {
    expect(html(null)).toBe("");
  });
});
