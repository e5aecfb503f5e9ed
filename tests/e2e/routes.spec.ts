import { expect, test } from "@playwright/test";
import { permanentRedirects } from "../../src/web/redirects";
import { expectNoAxeViolations } from "../support/axe";

const legacy: [string, string][] = [
  ["/list", "/lista-pojazdow"],
  ["/favorite", "/ulubione"],
  ["/contactForm", "/formularz-kontaktowy"],
  ["/self-financing-form", "/formularz-samofinansowanie"],
  ["/financing", "/finansowanie"],
  ["/product-line", "/oferta"],
  ["/register", "/rejestracja"],
  ["/password-recovery", "/przypomnienie-hasla"],
  ["/insalesoon", "/wkrotce-w-sprzedazy"],
  ["/bidding", "/licytowanie"],
  ["/wonauctions", "/wygrane-aukcje"],
  ["/settings", "/ustawienia"],
  ["/accept-rules", "/zaakceptuj-regulamin"],
  ["/activate-account", "/aktywuj-konto"],
];
const retired: [string, string][] = [
  ["/wzorowe-samochody", "/samochody-poleasingowe"],
  ["/urodziny", "/nowe-samochody"],
  ["/regulamin-promocji-urodzinowej", "/nowe-samochody"],
  ["/prezent", "/leasing-BEZ-OBAW"],
  ["/sitemap.xml", "/sitemap-oferty.xml"],
];

test("the redirect table holds exactly the spec's legacy and retired addresses", () => {
  expect(permanentRedirects.map((r) => [r.from, r.to])).toEqual([...legacy, ...retired]);
});

test("each English legacy path answers a permanent redirect to its Polish path, query kept", async ({
  request,
}) => {
  for (const [from, to] of [...legacy, ...retired]) {
    const res = await request.get(`${from}?utm_source=test&x=%C5%82`, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(`${to}?utm_source=test&x=%C5%82`);
  }
});

test("a browser following a legacy link lands on the Polish path with its query", async ({ page }) => {
  for (const [from, to] of legacy) {
    await page.goto(`${from}?page=2&sort=cena`);
    const url = new URL(page.url());
    const target = `${to}?page=2&sort=cena`;
    // Signed-in screens send an anonymous visitor on to /login, with the Polish path to come back to.
    const landed = url.pathname === "/login" ? url.searchParams.get("returnTo") : url.pathname + url.search;
    expect(landed, from).toBe(target);
  }
  await page.goto("/activate-account?guid=7f1c0a");
  await expect(page).toHaveURL(/\/aktywuj-konto\?guid=7f1c0a$/);
});

test("upper-case make paths move to the lower-case form, for every make in the brands menu", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const paths = await page
    .locator('nav[aria-label="Menu główne"] a[href^="/marki/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(paths.length).toBeGreaterThanOrEqual(28);
  expect(paths).toContain("/marki/audi");
  expect(paths).toContain("/marki/mercedes-benz");
  for (const path of paths) {
    const upper = `/marki/${path.slice("/marki/".length).toUpperCase()}`;
    const res = await request.get(`${upper}?sort=1`, { maxRedirects: 0 });
    expect(res.status(), upper).toBe(301);
    expect(res.headers().location, upper).toBe(`${path}?sort=1`);
  }
  await page.goto("/marki/MERCEDES-BENZ");
  await expect(page).toHaveURL(/\/marki\/mercedes-benz$/);
});

test("an unknown make, /404 and any unknown path answer the not-found page with status 404", async ({
  page,
}) => {
  for (const path of ["/marki/NIE-MA-TAKIEJ", "/404", "/zupelnie/nieznana/sciezka", "/LIST/extra"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText("Strona odjechała...")).toBeVisible();
    await expect(page).toHaveTitle("Wystąpił błąd");
    // The not-found page keeps the site's navigation, so a visitor can carry on.
    await expect(page.getByRole("banner")).toBeVisible();
  }
});

test("an old link to an offer no longer there: a 404 that says so, offers like it and the way back @phone", async ({
  page,
}) => {
  const res = await page.goto("/samochody-poleasingowe/opel-astra-id-987654");
  expect(res?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Ta oferta jest już niedostępna");
  await expect(main.getByRole("link", { name: "Wróć do listy: Samochody poleasingowe" })).toHaveAttribute(
    "href",
    "/samochody-poleasingowe",
  );
  await expect(main.getByRole("heading", { name: "Podobne oferty" })).toBeVisible();
  await expect(main.getByRole("article").first()).toBeVisible();
  await expectNoAxeViolations(page, main);
});

test("legacy detail paths /new, /afterLease, /auction move to the offer's canonical address with its slug", async ({
  page,
  request,
}) => {
  // The electric-cars carousel links new cars by their canonical detail address.
  await page.goto("/moj-elektryk");
  const href = await page.locator('a[href^="/nowe-samochody/"]').first().getAttribute("href");
  const match = /^\/nowe-samochody\/[a-z0-9-]+-id-(\d+)$/.exec(href ?? "");
  expect(match, String(href)).not.toBeNull();
  const id = match?.[1];
  for (const legacy of [`/new/${id}`, `/afterLease/${id}`, `/auction/${id}`]) {
    const res = await request.get(`${legacy}?utm_source=stary-link`, { maxRedirects: 0 });
    expect(res.status(), legacy).toBe(301);
    expect(res.headers().location, legacy).toBe(`${href}?utm_source=stary-link`);
  }
  for (const unknown of ["/new/987654321", "/afterLease/abc", "/auction/0"]) {
    expect((await request.get(unknown, { maxRedirects: 0 })).status(), unknown).toBe(404);
  }
});
