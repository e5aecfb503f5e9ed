import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The production server runs react-router's production build. Its package exports name
// only the development build, so Node picks that one whenever the server bundle leaves a bare
// `react-router` import for Node to resolve (scripts/build.mjs bundles the production build instead).

const serverDir = path.resolve(import.meta.dirname, "../../build/server");

function bundleFiles(): string[] {
  if (!fs.existsSync(path.join(serverDir, "web-server.js")))
    throw new Error(`No production build in ${serverDir}: run npm run build first.`);
  return fs.readdirSync(serverDir).filter((f) => f.endsWith(".js"));
}

describe("production server bundle", () => {
  it("leaves no import of react-router for Node to resolve (it would load the development build)", () => {
    const bare =
      /(?:from\s*|import\s*\(?\s*|require\(\s*)["'](?:react-router(?:\/[\w-]+)?|@react-router\/node)["']/;
    const offending = bundleFiles().filter((f) =>
      bare.test(fs.readFileSync(path.join(serverDir, f), "utf8")),
    );
    expect(offending).toEqual([]);
  });

  it("holds react-router's production build, once", () => {
    const sources = bundleFiles().flatMap((f) => {
      const map = path.join(serverDir, `${f}.map`);
      return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, "utf8")).sources as string[]) : [];
    });
    const reactRouter = sources.filter((s) => s.includes("node_modules/react-router/dist/"));
    expect(reactRouter.length).toBeGreaterThan(0);
    expect(reactRouter.every((s) => s.includes("/dist/production/"))).toBe(true);
    expect(new Set(reactRouter).size).toBe(reactRouter.length);
  });

  it("loads no development build of react-router when the React Router build is imported", () => {
    // A resolve hook in a child process records every module Node loads for the server's React
    // Router build and the server chunks it shares them with.
    const hook = `
      export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        if (result.url.includes("/react-router/dist/")) process.stdout.write(result.url + "\\n");
        return result;
      }`;
    const script = `
      import { register } from "node:module";
      register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}));
      process.env.NODE_ENV = "production";
      await import(${JSON.stringify(path.join(serverDir, "web-server.js"))});`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(out.split("\n").filter((l) => l.includes("/development/"))).toEqual([]);
  });
});
