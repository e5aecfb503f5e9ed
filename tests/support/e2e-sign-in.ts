import { type Browser, expect } from "@playwright/test";

/**
 * A browser of its own for one signed-in person (two bidders in one test need two), signed in through
 * the real /login form and landed on `target`. Phone widths get a phone's height.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  target: string,
  width = 1280,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
  });
  const page = await context.newPage();
  await page.goto(`/login?returnTo=${encodeURIComponent(target)}`);
  await page.getByLabel("Adres e-mail").fill(who.email);
  await page.getByLabel("Hasło").fill(who.password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  return { context, page };
}
