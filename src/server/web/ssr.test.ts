import Fastify from "fastify";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../clock";
import type { Services } from "../service-types";
import { registerSsr } from "./ssr";

/** The route's components never render: the document entry below writes the page itself. */
const Nothing = () => null;

/**
 * The smallest React Router build: one root route whose loader fails as given, and a document entry
 * that renders the error page's heading. Enough to see the status the site answers with.
 */
function buildWithFailingLoader(failure: Error): ServerBuild {
  const root = {
    id: "root",
    path: "",
    module: {
      loader: async () => {
        throw failure;
      },
      default: Nothing,
      ErrorBoundary: Nothing,
    },
  };
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => {
          headers.set("content-type", "text/html; charset=utf-8");
          return new Response("<h1>Wystąpił błąd</h1>", { status, headers });
        },
      },
    },
    routes: { root },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/root.js",
          hasLoader: true,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: true,
          imports: [],
          css: [],
        },
      },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "/tmp",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
});

async function page(failure: Error, databaseUp: boolean) {
  app = Fastify();
  const services = {
    config: { publicUrl: "http://localhost:3000", SSR_CONCURRENCY: 4 },
    clock: systemClock,
    database: { ping: async () => (databaseUp ? undefined : Promise.reject(refused)) },
    offerVisits: { seen: () => {} },
  } as unknown as Services;
  await registerSsr(app, {
    getBuild: async () => buildWithFailingLoader(failure),
    mode: "production",
    services,
  });
  return app.inject({ method: "GET", url: "/" });
}

describe("SSR while the database is away", () => {
  it("a page whose loader failed on an unreachable database is the error page with 503", async () => {
    const res = await page(refused, false);
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.body).toContain("Wystąpił błąd");
    expect(res.body).not.toContain("ECONNREFUSED");
  });

  it("any other failure of a loader stays a 500", async () => {
    const res = await page(new Error("a bug"), true);
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain("Wystąpił błąd");
  });
});
