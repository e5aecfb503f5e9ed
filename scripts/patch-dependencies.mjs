// Run by npm after every install (package.json "postinstall"): mends installed packages where the fix
// exists upstream only in a release this project cannot take yet. Each mend names the exact version it
// was written for and does nothing on any other, so an upgrade drops it instead of patching blind.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/**
 * @react-router/dev 7.x starts its inner Vite servers with `envFile: false`, which Vite 8.1+ reports as
 * deprecated once per server (nine lines per build, two per typegen). React Router 8 passes
 * `envDir: false`, the same meaning (remix-run/react-router#15229, #15230), but needs Node 22.22+
 * (ADR 038). Until then the same one-word change is made here.
 */
function reactRouterDevEnvDir() {
  let root;
  try {
    root = path.dirname(require.resolve("@react-router/dev/package.json"));
  } catch {
    return "not installed (production install without dev dependencies)";
  }
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  if (version !== "7.18.4") return `left alone: written for 7.18.4, found ${version}`;
  let changed = 0;
  for (const file of ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"]) {
    const full = path.join(root, file);
    const text = readFileSync(full, "utf8");
    const mended = text.replaceAll("envFile: false", "envDir: false");
    if (mended !== text) {
      writeFileSync(full, mended);
      changed++;
    }
  }
  return changed ? `envDir instead of envFile in ${changed} files` : "already mended";
}

console.log(`@react-router/dev: ${reactRouterDevEnvDir()}`);
