import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

/** Runs axe-core in the page and fails with the list of violations (WCAG 2.1 A and AA rules). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (an injected inline
  // <script> would be blocked by it, as any injected script must be: ADR 015). The source sets window.axe.
  // Once per document: a page checked again after a client-side navigation still has it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      // Only the violations are read: axe then skips gathering the nodes of every passed check.
      resultTypes: ["violations"],
    });
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
  expect(violations, violations.join("\n")).toEqual([]);
}
