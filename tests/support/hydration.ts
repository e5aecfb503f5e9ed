import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until React has taken over the server's HTML (the shell marks <html data-hydrated="true">):
 * menus, storage-driven badges and other client behaviour work only from then on.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Brings a section that hydrates as it comes near (components/hydrate-when-visible.tsx) into view and
 * waits until React has hydrated it: before that its server markup works as without scripts (a form
 * posts to its page), not as the page's scripts make it work.
 */
export async function waitForSectionHydration(section: Locator): Promise<void> {
  await section.scrollIntoViewIfNeeded();
  await expect
    .poll(() => section.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))))
    .toBe(true);
}
