import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration as hydrated } from "../support/hydration";

const offerHrefs = [
  "/nowe-samochody",
  "/samochody-poleasingowe",
  "/samochody-elektryczne",
  "/moj-elektryk",
  "/aukcje-samochodowe",
  "/finansowanie",
  "/certyfikat-flotis",
];
const bodyTypeHrefs = ["/sedan", "/hatchback", "/kombi", "/suv", "/bus", "/van"];

/** Signs in the way the browser remembers it: tokens and the user name in storage. */
async function storeSession(page: Page, userName = "Jan Kowalski") {
  await page.addInitScript((name) => {
    if (sessionStorage.getItem("test-session-set")) return;
    sessionStorage.setItem("test-session-set", "1");
    localStorage.setItem("accessToken", "token-dostepu");
    localStorage.setItem("refreshToken", "token-odswiezania");
    localStorage.setItem("utoken", "u-123");
    localStorage.setItem("userName", name);
  }, userName);
}

test.describe("shell: rendering and menus", () => {
  test("home renders on the server inside the shell: navigation, footer, documents, social profiles @phone", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Menu główne");
    expect(html).toContain("/dokumenty/regulamin-serwisu.pdf");

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Regulamin serwisu (PDF)" })).toHaveAttribute(
      "href",
      "/dokumenty/regulamin-serwisu.pdf",
    );
    await expect(footer.getByRole("link", { name: "Regulamin aukcji (PDF)" })).toHaveAttribute(
      "href",
      "/dokumenty/regulamin-aukcji.pdf",
    );
    await expect(footer.getByRole("link", { name: /FAQ/ })).toHaveAttribute("href", "/faq");
    for (const href of [...offerHrefs, ...bodyTypeHrefs]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    for (const name of [
      "Flotis na Facebooku",
      "Flotis na Instagramie",
      "Flotis na LinkedInie",
      "Flotis na YouTubie",
    ]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", /^https:\/\/www\./);
    }
    await expect(page.getByRole("link", { name: /Ulubione/ }).first()).toHaveAttribute("href", "/ulubione");
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("offer and brand menus open one at a time and list every link", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Menu główne" });
    const offer = nav.getByRole("button", { name: "Oferta" });
    const brands = nav.getByRole("button", { name: "Marki" });
    await expect(nav.getByRole("link", { name: "Kontakt" })).toHaveAttribute("href", "/kontakt");
    await expect(page.getByRole("link", { name: "Aukcje", exact: true })).toHaveAttribute(
      "href",
      "/aukcje-samochodowe",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Zaloguj się" })).toHaveAttribute(
      "href",
      "/login",
    );

    await offer.click();
    await expect(offer).toHaveAttribute("aria-expanded", "true");
    for (const href of [...offerHrefs, ...bodyTypeHrefs]) {
      await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
    }
    // The call-back banner of the offer menu is the call-back form itself.
    const callBack = nav.getByRole("form", { name: "Zadzwonimy do Ciebie" });
    await expect(callBack.getByRole("textbox", { name: "Twój numer telefonu" })).toBeVisible();
    await expect(callBack.getByRole("button", { name: "Zadzwońcie do mnie" })).toBeDisabled();

    await brands.click();
    await expect(brands).toHaveAttribute("aria-expanded", "true");
    await expect(offer).toHaveAttribute("aria-expanded", "false");
    await expect(nav.locator('a[href="/nowe-samochody"]')).toBeHidden();
    const makeLinks = nav.locator('a[href^="/marki/"]');
    expect(await makeLinks.count()).toBeGreaterThanOrEqual(28);
    for (const href of await makeLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) {
      expect(href).toMatch(/^\/marki\/[a-z0-9-]+$/);
    }
    await expect(nav.getByRole("link", { name: "Audi", exact: true })).toHaveAttribute("href", "/marki/audi");

    // A click elsewhere on the page (right of the panel) closes the open menu.
    await page.mouse.click(1200, 600);
    await expect(brands).toHaveAttribute("aria-expanded", "false");
  });

  test("menus work from the keyboard: Enter opens, Tab enters, Escape closes and returns focus", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Menu główne" });
    const offer = nav.getByRole("button", { name: "Oferta" });
    const brands = nav.getByRole("button", { name: "Marki" });

    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // logo
    await page.keyboard.press("Tab");
    await expect(offer).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(offer).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.locator('a[href="/nowe-samochody"]')).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(offer).toHaveAttribute("aria-expanded", "false");
    await expect(offer).toBeFocused();

    // With the offer menu closed, Tab goes straight on to the brands button.
    await page.keyboard.press("Tab");
    await expect(brands).toBeFocused();
    await page.keyboard.press("Space");
    await expect(brands).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(offer).toHaveAttribute("aria-expanded", "true");
    await expect(brands).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Escape");
    await expect(offer).toBeFocused();
  });
});

test.describe("shell: session, notices, favourites and toasts", () => {
  test("a stored session shows the user menu, which closes on an outside click and logs out to /login", async ({
    page,
  }) => {
    await storeSession(page);
    await page.goto("/");
    await hydrated(page);
    const account = page.getByRole("button", { name: "Konto: Jan Kowalski" });
    await expect(account).toBeVisible();
    // The header's sign-in link; carousels below the first screen hydrate (and drop their anonymous
    // markup) when they come near the viewport.
    await expect(page.getByRole("banner").getByRole("link", { name: "Zaloguj się" })).toHaveCount(0);

    await account.click();
    await expect(account).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, page.getByRole("banner"));
    const expected = [
      ["Wkrótce w sprzedaży", "/wkrotce-w-sprzedazy"],
      ["Licytowanie", "/licytowanie"],
      ["Wygrane aukcje", "/wygrane-aukcje"],
      ["Wnioski leasingowe", "/wnioski-leasingowe"],
      ["Ustawienia", "/ustawienia"],
    ];
    for (const [name, href] of expected) {
      await expect(page.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await page.getByRole("contentinfo").click({ position: { x: 5, y: 5 } });
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Licytowanie" })).toBeHidden();

    await account.click();
    await page.keyboard.press("Escape");
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(account).toBeFocused();

    await account.click();
    await page.getByRole("button", { name: "Wyloguj" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
    await expect(page.getByRole("banner").getByRole("link", { name: "Zaloguj się" })).toBeVisible();
  });

  test("the cookie notice, once accepted, stays hidden after a reload", async ({ page, request }) => {
    // Not in the server's HTML: people who accepted never see it flash before the page wakes up.
    expect(await (await request.get("/")).text()).not.toContain("Używamy plików cookie");
    await page.goto("/");
    const notice = page.getByRole("region", { name: "Zgoda na pliki cookie" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Akceptuję wszystkie" }).click();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cookiesModalHidden"))).toBe("true");
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("the favourites badge follows changes made in another tab", async ({ page, context }) => {
    await page.goto("/");
    await hydrated(page);
    const badge = page.getByTestId("favorites-count");
    await expect(badge).toHaveCount(0);

    const other = await context.newPage();
    await other.goto("/");
    await other.evaluate(() =>
      localStorage.setItem(
        "favorites",
        JSON.stringify([
          { AuctionType: "Nowy", AuctionId: 3 },
          { AuctionType: "Poleasingowy", AuctionId: 8 },
        ]),
      ),
    );
    await expect(badge).toHaveText("2");
    await expect(page.getByRole("link", { name: "Ulubione 2 oferty" })).toBeVisible();

    await other.evaluate(() =>
      localStorage.setItem("favorites", JSON.stringify([{ AuctionType: "Nowy", AuctionId: 3 }])),
    );
    await expect(badge).toHaveText("1");
    await other.evaluate(() => localStorage.removeItem("favorites"));
    await expect(badge).toHaveCount(0);
  });

  test("toasts show colour, icon, message and button text, and are announced", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    // toast() is a window event, so any code in the browser (the API client, live channels) can raise one.
    const raise = (detail: object) =>
      page.evaluate((d) => window.dispatchEvent(new CustomEvent("marketplace:toast", { detail: d })), detail);

    await raise({ kind: "success", message: "Dodano do ulubionych.", buttonText: "OK" });
    const status = page.locator('[aria-live="polite"][data-toast-region]');
    await expect(status).toContainText("Dodano do ulubionych.");
    await expect(status.locator('[data-toast-kind="success"] svg')).toBeVisible();
    await expect(status.locator('[data-toast-kind="success"]')).toHaveClass(/bg-emerald-50/);

    await raise({ kind: "error", message: "Wystąpił błąd po stronie serwera.", buttonText: "Zamknij" });
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Błąd: Wystąpił błąd po stronie serwera.");
    await alert.getByRole("button", { name: "Zamknij" }).click();
    await expect(alert).toHaveCount(0);

    await status.getByRole("button", { name: "OK" }).click();
    await expect(status).not.toContainText("Dodano do ulubionych.");

    // Pointing at a toast holds it open; with the pointer elsewhere it goes after its time.
    await page.mouse.move(10, 10);
    await raise({ kind: "info", message: "Krótka informacja.", durationMs: 300 });
    await expect(status).toContainText("Krótka informacja.");
    await expect(status).not.toContainText("Krótka informacja.");
  });
});

test.describe("phone shell (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the hamburger menu opens, locks page scrolling, keeps submenus exclusive and unlocks on close", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const burger = page.getByRole("button", { name: "Menu" });
    await expect(page.getByRole("navigation", { name: "Menu główne" })).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Menu", exact: true });
    await expect(menu).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);

    const offer = menu.getByRole("button", { name: "Oferta" });
    const brands = menu.getByRole("button", { name: "Marki" });
    await offer.click();
    await expect(menu.locator('a[href="/samochody-elektryczne"]')).toBeVisible();
    await brands.click();
    await expect(offer).toHaveAttribute("aria-expanded", "false");
    await expect(menu.locator('a[href="/samochody-elektryczne"]')).toBeHidden();
    await expect(menu.getByRole("link", { name: "Audi", exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Zaloguj się" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
    await expect(burger).toBeFocused();

    // Following a link closes the menu and unlocks the page as well.
    await burger.click();
    await expect(page.locator("body")).toHaveClass(/scroll-locked/);
    await menu.getByRole("link", { name: "Kontakt" }).click();
    await expect(page).toHaveURL(/\/kontakt$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  });

  test("the search button on home and detail paths opens a search that goes to the vehicle list", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Szukaj" }).click();
    const box = page.getByRole("combobox", { name: "Szukaj samochodu" });
    await expect(box).toBeFocused();
    await box.press("Escape");
    await expect(box).toBeHidden();
    await expect(page.getByRole("button", { name: "Szukaj" })).toBeFocused();
    await page.getByRole("button", { name: "Szukaj" }).click();
    await box.fill("Skoda Octavia");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/lista-pojazdow\?search=Skoda\+Octavia$/);

    // A new car's and an ex-lease car's page (an id under the wrong section goes to its own section).
    const urls = await Promise.all(
      ["NewVehicles", "AfterLease"].map(async (list) => {
        const res = await request.post(`/api/Offers/${list}`, { data: {} });
        return ((await res.json()) as { Tails: { Url: string }[] }).Tails[0].Url;
      }),
    );
    for (const path of urls) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Szukaj" })).toBeVisible();
    }
    await page.goto("/kontakt");
    await expect(page.getByRole("button", { name: "Szukaj" })).toHaveCount(0);
  });

  // The home page itself at phone width: the rendering journey above, in the phone project.
  test("the phone menu, open with a submenu, is axe-clean", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu", exact: true });
    await menu.getByRole("button", { name: "Oferta" }).click();
    await expectNoAxeViolations(page, page.getByRole("banner"));
  });
});

test("the network lost on the way to a page is said as such, and the page comes once it is back", async ({
  page,
  context,
}) => {
  await page.goto("/lista-pojazdow?search=skoda");
  await hydrated(page);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Usuń filtr: skoda" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brak połączenia z internetem" })).toBeVisible();
  await expect(page.getByText(/po stronie serwera/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Back online: the page loads by itself, without the removed condition.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { level: 1, name: "Brak połączenia z internetem" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/lista-pojazdow$/);
  await expect(page.getByText(/^Znaleziono/)).toBeVisible();
});
