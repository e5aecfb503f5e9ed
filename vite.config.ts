import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * react-router's package exports point every condition at its development build (upstream issue
 * remix-run/react-router#12532, a temporary measure of theirs): warnings and checks shipped to every
 * browser. The browser bundle takes the production build instead. The server keeps what Node
 * resolves, so that the request handler and the server bundle share one copy of react-router.
 */
function reactRouterProductionInBrowser(): Plugin {
  const dist = path.resolve("node_modules/react-router/dist/production");
  const files: Record<string, string> = {
    "react-router": path.join(dist, "index.mjs"),
    "react-router/dom": path.join(dist, "dom-export.mjs"),
  };
  return {
    name: "react-router-production-in-browser",
    enforce: "pre",
    apply: "build",
    resolveId(id) {
      if (this.environment.name !== "client") return null;
      return files[id] ?? null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionInBrowser(), tailwindcss(), reactRouter()],
  environments: {
    // The server bundle (scripts/build.mjs bundles it once more with esbuild, and the process loads it
    // whole at start) has no chunks worth splitting: a lazy import() made for the browser, such as the
    // call-back form's from the menu, is no loss here, so Rolldown's note on it is not a warning.
    ssr: {
      build: {
        rolldownOptions: { checks: { ineffectiveDynamicImport: false, bundlerTimings: false } },
      },
    },
    // bundlerTimings: Rolldown's report of slow plugins names React Router's and Tailwind's, and comes
    // and goes with the machine's load; `node --cpu-prof` answers that question when it is asked.
    client: {
      build: {
        rolldownOptions: {
          checks: { bundlerTimings: false },
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|src[\\/]web[\\/](components[\\/]shell|lib|api-client|root)|src[\\/]web[\\/]features[\\/](consent|catalogue[\\/]favourites|leads[\\/]leads-global|leads[\\/]campaign|chat[\\/]chat-launcher)/,
                },
                // The bidding hub's and the chat's client, loaded when a page connects to either: one
                // named chunk, so that a test can tell it is not among a page's first scripts.
                {
                  name: "socket-io",
                  test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
