import type { Locator, Page } from "@playwright/test";

/**
 * Saves a screenshot for a developer to look at, when E2E_SCREENSHOTS=1 asks for them (README,
 * "Tests"). `npm test` skips them: nobody looks at CI's copies, and a full-page shot at the phone's
 * pixel density took most of a second of a 2-core machine each (75 of them in the journeys).
 */
export async function screenshot(
  target: Page | Locator,
  options: NonNullable<Parameters<Page["screenshot"]>[0]>,
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await target.screenshot(options);
}
