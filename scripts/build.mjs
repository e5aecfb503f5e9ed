// Production build: the React Router app (client assets + SSR bundle) with Vite, then the Fastify
// server bundled with esbuild (npm packages stay external, loaded from node_modules).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import sharp from "sharp";

const started = Date.now();
rmSync("build", { recursive: true, force: true });
execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
await writeIcons("build/web/client");
precompress("build/web/client");
await build({
  // production-entry.ts sets NODE_ENV before src/server/main.ts (split into its own chunk) imports
  // React: ESM hoists static imports, so only a dynamic import runs after the assignment.
  // web-server.js is the React Router server build (Vite's build/web/server/index.js) bundled once
  // more, so that it and the Fastify server share one copy of react-router: the production one.
  // first-start.js: the process that loads the demo data of a fresh data directory (main.ts).
  entryPoints: {
    main: "src/server/production-entry.ts",
    "web-server": "build/web/server/index.js",
    "first-start": "src/server/seed/first-start.ts",
  },
  splitting: true,
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  plugins: [reactRouterProduction()],
});
/**
 * react-router's package exports name only its development build for every condition (upstream
 * remix-run/react-router#12532), so Node would load it in production: invariant checks, warnings and
 * slower rendering. The server bundle takes the production build instead, bundled into one shared
 * chunk; @react-router/node, which imports react-router too, is bundled with it so that no second copy
 * (the development one) is ever loaded. tests/api/production-build.test.ts checks the outcome.
 */
function reactRouterProduction() {
  const dist = path.resolve("node_modules/react-router/dist/production");
  const files = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" };
  return {
    name: "react-router-production",
    setup(b) {
      b.onResolve({ filter: /^react-router(\/dom)?$/ }, (args) => ({
        path: path.join(dist, files[args.path]),
      }));
      b.onResolve({ filter: /^@react-router\/node$/ }, () => ({
        path: path.resolve("node_modules/@react-router/node/dist/index.mjs"),
      }));
      // Its own dependencies (cookie 1.x, set-cookie-parser) come with it: left external, Node would
      // resolve them from build/server and find other versions at the top of node_modules.
      b.onResolve({ filter: /^(cookie|set-cookie-parser)$/ }, (args) =>
        args.importer.startsWith(dist)
          ? { path: createRequire(args.importer).resolve(args.path) }
          : undefined,
      );
    },
  };
}

/**
 * The raster icons, drawn from public/favicon.svg (the logo mark) so they cannot drift from it:
 * favicon.ico (a 32 px PNG in an ICO container, which every browser reads), the Apple touch icon
 * and the web manifest's icons.
 */
async function writeIcons(dir) {
  const svg = readFileSync("public/favicon.svg");
  const png = (size) =>
    sharp(svg, { density: 72 * (size / 32) })
      .resize(size, size)
      .png()
      .toBuffer();
  for (const [name, size] of [
    ["apple-touch-icon.png", 180],
    ["icon-192.png", 192],
    ["icon-512.png", 512],
  ]) {
    writeFileSync(path.join(dir, name), await png(size));
  }
  const image = await png(32);
  // ICONDIR (6 bytes) + one ICONDIRENTRY (16 bytes), then the PNG itself.
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  writeFileSync(path.join(dir, "favicon.ico"), Buffer.concat([header, image]));
}

/**
 * Brotli (best) and gzip (best) copies next to every text asset, served by @fastify/static
 * (`preCompressed`) so that no request pays for compressing a file that never changes. Files too
 * small to gain are left alone (the server then sends the original).
 */
function precompress(dir) {
  const compressible = /\.(js|mjs|css|svg|json|webmanifest|txt|html|xml|ico)$/;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file);
    if (source.length < 1024) continue;
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
  }
}

console.log(`Zbudowano w ${((Date.now() - started) / 1000).toFixed(1)} s`);
