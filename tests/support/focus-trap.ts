import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Round and round a modal dialog with Tab, and back with Shift+Tab: the focus never leaves it
 * (Chromium let Tab reach <body> once a round before the dialogs kept it inside).
 */
export async function expectTabStaysInside(page: Page, dialog: Locator): Promise<void> {
  // "inside", or what has the focus instead (for the failure's message).
  const inside = () =>
    dialog.evaluate((d) =>
      d.contains(document.activeElement)
        ? "inside"
        : (document.activeElement?.outerHTML.slice(0, 80) ?? "nothing"),
    );
  const controls = await dialog.locator("button, a[href], input, textarea, select").count();
  for (let i = 0; i < controls * 2 + 2; i++) {
    await page.keyboard.press("Tab");
    expect(await inside(), `Tab ${i + 1}`).toBe("inside");
  }
  for (let i = 0; i < controls + 1; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inside(), `Shift+Tab ${i + 1}`).toBe("inside");
  }
}
