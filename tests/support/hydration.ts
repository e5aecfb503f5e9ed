import type { Page } from "@playwright/test";

/**
 * Waits until React has taken over the server's HTML (the shell marks <html data-hydrated="true">):
 * menus, storage-driven badges and other client behaviour work only from then on.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
