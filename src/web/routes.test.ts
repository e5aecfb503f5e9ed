import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "./routes";

/** Every page of the routing table with its full path and the files of the layouts around it. */
function pages(entries: readonly RouteConfigEntry[], parentPath = "", layouts: string[] = []) {
  const found: { path: string; file: string; layouts: string[] }[] = [];
  for (const entry of entries) {
    const full = [parentPath, entry.path].filter(Boolean).join("/");
    found.push({ path: full, file: entry.file, layouts });
    if (entry.children) found.push(...pages(entry.children, full, [...layouts, entry.file]));
  }
  return found;
}

const rendersPage = (file: string) =>
  fs.readFileSync(path.join(import.meta.dirname, file), "utf8").includes("export default");

describe("the routing table", () => {
  it("puts every staff page (the back-office and the consultants' console) under the staff layout", () => {
    const staffPages = pages(routes).filter(
      // A page renders a component; the panel's CSV download and sign-out are plain answers.
      (p) => /^(panel|konsultant)(\/|$)/.test(p.path) && rendersPage(p.file),
    );
    expect(staffPages.map((p) => p.path)).toContain("konsultant");
    for (const page of staffPages) expect(page.layouts, page.path).toContain("routes/panel/back-office.tsx");
  });
});
