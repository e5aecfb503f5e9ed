/**
 * The JavaScript a page loads before it is interactive: the module scripts of its HTML and, followed
 * through the files, every module they import statically (`import … from "./x.js"`, `import "./x.js"`).
 * Pages list no module preloads (ADR 017), so the HTML alone names only the entry points. Modules
 * imported dynamically (`import("./x.js")`) load on demand and are not counted.
 */
export async function pageScripts(base: string, html: string): Promise<string[]> {
  const found = new Set<string>();
  const pending: string[] = [];
  const add = (url: string) => {
    const path = new URL(url, base).pathname;
    if (!found.has(path)) {
      found.add(path);
      pending.push(path);
    }
  };
  for (const m of html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)) add(m[1]);
  // React Router's inline module script: `import * as route0 from "/assets/root-….js"` for the route
  // modules, then `import("/assets/entry.client-….js")`, which hydrates the page.
  for (const m of html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g))
    add(m[1]);
  while (pending.length) {
    const path = pending.shift() as string;
    const code = await (await fetch(new URL(path, base))).text();
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g))
      add(new URL(m[1], new URL(path, base)).href);
  }
  return [...found];
}
