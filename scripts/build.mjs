// Production build: the React Router app (client assets + SSR bundle) with Vite, then the Fastify
// server bundled with esbuild (npm packages stay external, loaded from node_modules).
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { build } from "esbuild";

const started = Date.now();
rmSync("build", { recursive: true, force: true });
execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
await build({
  entryPoints: { main: "src/server/main.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`Zbudowano w ${((Date.now() - started) / 1000).toFixed(1)} s`);
