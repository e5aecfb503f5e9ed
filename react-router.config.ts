import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  buildDirectory: "build/web",
  ssr: true,
  // React Router 8's behaviour, taken now (ADR 038; https://reactrouter.com/upgrading/future):
  // loaders get a RouterContextProvider (src/web/context.ts, src/server/web/ssr.ts); the browser's
  // route modules split their client exports; Vite's Environment API builds client and server; the
  // raw request reaches loaders and actions, which read the page's address from their `url` argument;
  // a data request keeps the trailing slash of its page (`/a/_.data`).
  // The whole route manifest up front (a file of its own, cached) instead of discovering the routes
  // of a page's links after it hydrated: that discovery's state update reached every section still
  // waiting to hydrate (components/hydrate-when-visible.tsx) and made React render it in the browser at
  // once, the very work the wait avoids (ADR 059).
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
