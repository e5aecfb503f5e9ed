import { createRequire } from "node:module";
import { expect, type Locator, type Page } from "@playwright/test";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

const options = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  // Only the violations are read: axe then skips gathering the nodes of every passed check.
  resultTypes: ["violations"],
};

/**
 * Runs axe-core in the page and fails with the list of violations (WCAG 2.1 A and AA rules).
 * `within`: the part of the page a step opened or changed (a dialog, a menu, the results), checked
 * alone where the page around it is checked whole by another journey. A whole check of a page costs
 * a 2-core machine 1–2.5 s (170 of them were a fifth of the journeys' time); a part, a third of that.
 */
export async function expectNoAxeViolations(page: Page, within?: Locator): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (an injected inline
  // <script> would be blocked by it, as any injected script must be: ADR 015). The source sets window.axe.
  // Once per document: a page checked again after a client-side navigation still has it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await (within ?? page.locator("html")).evaluate(async (el, opts) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const result = await (window as any).axe.run(el === document.documentElement ? document : el, opts);
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ) as string[];
  }, options);
  expect(violations, violations.join("\n")).toEqual([]);
}
