import path from "node:path";
import { constants as zlib } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { ErrorCode } from "../domain/errors";
import { registerStaffControl } from "./accounts/staff-control";
import { type ApiContext, apiPlugins } from "./api/index";
import { attachBiddingHub } from "./auctions/hub";
import { createSocketServer } from "./auctions/socket-server";
import { AuctionWatchers } from "./auctions/watchers";
import { registerCatalogueSeo } from "./catalogue/sitemap";
import { attachChatHub } from "./chat/hub";
import { type Clock, clockOf } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { renderApiDocsPage } from "./http/api-docs-page";
import {
  clientErrorHandler,
  frameworkErrors,
  registerEdgeErrors,
  registerMissingAssets,
} from "./http/edge-errors";
import { ApiError, registerApiErrorHandling, registerInputSafety } from "./http/errors";
import { OpenApiRegistry } from "./http/openapi";
import { registerResponseRules } from "./http/response-rules";
import { registerRouteGuards } from "./http/route-guards";
import { applySecurityHeaders } from "./http/security-headers";
import { gateSockets, registerSitePassword } from "./http/site-password";
import { registerDevOutbox } from "./mail/dev-outbox";
import { labelRoutesAs, Metrics, registerMetrics } from "./metrics";
import type { Services } from "./service-types";
import { createServices } from "./services";
import { PageCache } from "./web/page-cache";
import { registerSsr } from "./web/ssr";

export interface AppOptions {
  config: Config;
  database: Database;
  /** The React Router server build; absent in API-only tests. */
  web?: { getBuild: () => Promise<ServerBuild>; clientDir?: string; mode: string };
  logger?: boolean;
  /** The process's log (src/server/log.ts), which start-up has written to already; default: a new one. */
  log?: FastifyBaseLogger;
  /** Where log lines go (default stdout); tests read them to check that no secret is logged. */
  logStream?: { write(line: string): void };
  /** The services' clock (tests move it forward instead of sleeping); default: clockOf(config). */
  clock?: Clock;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  docs: OpenApiRegistry;
}

/**
 * A stored page is invalidated by the change feed and the clock (ADR 018); this bound only limits
 * how long a time-dependent text that nobody listed could stay stale.
 */
const PAGE_MAX_AGE_MS = 5 * 60_000;

/** The Fastify instance: logging, limits, proxies, and the framework's refusals in the error contract. */
function createFastify(opts: AppOptions): FastifyInstance {
  const { config } = opts;
  return Fastify({
    ...(opts.log
      ? { loggerInstance: opts.log }
      : {
          logger:
            opts.logger === false
              ? false
              : { level: config.LOG_LEVEL, ...(opts.logStream ? { stream: opts.logStream } : {}) },
        }),
    bodyLimit: 1024 * 1024,
    // The spec's original server matched paths in any letter case (/api/literals/get is
    // /api/Literals/Get); parameters keep the case they were sent in. Page paths are React Router's,
    // which matches without case too.
    routerOptions: { caseSensitive: false },
    // Trust only the configured number of proxy hops nearest to us (proxy-addr's numeric rule).
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    // Fastify's and Node's own refusals in the error contract too (http/edge-errors.ts).
    frameworkErrors,
    clientErrorHandler: clientErrorHandler(config),
  });
}

/**
 * The services with their background work (mail, alerts, change feed, auction closer, bidders'
 * notification e-mails) and the two socket hubs, each stopped when the app closes.
 */
async function startServices(app: FastifyInstance, opts: AppOptions, metrics: Metrics) {
  const { config, database } = opts;
  const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg);
  // The socket server and the auctions' watchers come first: the bidding service and the closer are
  // made knowing whom they tell about bids and closed auctions.
  const io = createSocketServer(app, database);
  const clock = opts.clock ?? clockOf(config);
  const auctionWatchers = new AuctionWatchers(io, database, metrics, clock, log);
  app.addHook("onClose", () => auctionWatchers.stop());
  const services = createServices(config, database, log, metrics, clock, auctionWatchers);
  services.mail.worker.start();
  services.alerts.start();
  await services.changes.start(database);
  app.addHook("onClose", async () => {
    await services.changes.stop();
    await services.alerts.stop();
    await services.mail.worker.stop();
  });
  attachBiddingHub(app, io, services);
  const chatLive = attachChatHub(app, io, services);
  // After socket.io is attached, so that its answers get the headers too (see the module).
  applySecurityHeaders(app.server, config);
  if (config.SITE_PASSWORD) gateSockets(io, config.SITE_PASSWORD);
  services.auctions.closer.start();
  app.addHook("onClose", () => services.auctions.closer.stop());
  services.privacy.retention.start();
  app.addHook("onClose", () => services.privacy.retention.stop());
  services.auctions.bidding.notices.start();
  app.addHook("onClose", () => services.auctions.bidding.notices.stop());
  services.auctions.notifications.start();
  app.addHook("onClose", () => services.auctions.notifications.stop());
  services.offerVisits.start();
  app.addHook("onClose", () => services.offerVisits.stop());
  return { io, services, chatLive };
}

/** The database in the metrics: its outbox, and the pool's errors and reconnects. */
function watchDatabase(app: FastifyInstance, database: Database, metrics: Metrics) {
  metrics.watchOutbox(database.db);
  metrics.watchReadiness(() => database.ping());
  // A second listener beside the pool's own (db/client.ts), so each app instance counts into its registry.
  const poolError = () => metrics.recordDatabaseError();
  const reconnected = () => metrics.recordDatabaseReconnect();
  database.pool?.on("error", poolError);
  database.events.on("reconnect", reconnected);
  app.addHook("onClose", async () => {
    database.pool?.off("error", poolError);
    database.events.off("reconnect", reconnected);
  });
}

/** The liveness and readiness probes. */
function registerProbes(app: FastifyInstance, database: Database) {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch {
      return reply.status(503).send({ status: "unavailable", database: database.kind });
    }
  });
}

/** Everything under /api: its error contract and guards, every API plugin, the OpenAPI description. */
async function registerApi(app: FastifyInstance, config: Config, context: ApiContext, metrics: Metrics) {
  const { services, docs } = context;
  await app.register(
    async (api) => {
      // The API takes JSON (and, where a route says so, a form or a file): a text body is refused with
      // 415 rather than read as a string that no schema expects.
      api.removeContentTypeParser("text/plain");
      registerApiErrorHandling(api, () => metrics.recordDatabaseError());
      registerInputSafety(api);
      registerRouteGuards(api, services);
      for (const plugin of apiPlugins) await plugin(api, context);
      // The OpenAPI description as JSON, and in a browser (Accept: text/html) as a page to read. Every
      // route is registered by now, so both are made once, on the first request that asks.
      let description: { json: Record<string, unknown>; page?: string } | undefined;
      const described = () => (description ??= { json: docs.document(config.publicUrl) });
      api.get("/docs.json", async () => described().json);
      api.get("/docs", async (request, reply) => {
        void reply.header("vary", "Accept");
        const d = described();
        if (!request.headers.accept?.includes("text/html")) return d.json;
        d.page ??= renderApiDocsPage(d.json);
        return reply.type("text/html; charset=utf-8").send(d.page);
      });
      api.all("/*", async () => {
        throw new ApiError(404, ErrorCode.NotFound, "Nie ma takiej ścieżki API.");
      });
    },
    { prefix: "/api" },
  );
}

/** The built assets, sent pre-compressed and cached by their hashed names. */
async function registerAssets(app: FastifyInstance, clientDir: string) {
  registerMissingAssets(app);
  await app.register(async (scope) => {
    labelRoutesAs(scope, "static");
    await scope.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // scripts/build.mjs writes .br and .gz next to each asset: no compression per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name: cache them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else res.header("cache-control", "public, max-age=3600");
      },
    });
  });
}

/** The pages: the built assets, then the server-side rendering behind the page cache (when it has room). */
async function registerWeb(
  app: FastifyInstance,
  web: NonNullable<AppOptions["web"]>,
  config: Config,
  services: Services,
  metrics: Metrics,
) {
  if (web.clientDir) await registerAssets(app, web.clientDir);
  const pageCache = config.PAGE_CACHE_MB
    ? new PageCache({
        maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
        maxAgeMs: PAGE_MAX_AGE_MS,
        now: () => services.clock.now().getTime(),
      })
    : undefined;
  if (pageCache) {
    services.changes.subscribe((change) => pageCache.invalidate(change));
    metrics.watchPageCache(pageCache);
  }
  await registerSsr(app, { getBuild: web.getBuild, mode: web.mode, services, pageCache });
}

export async function buildApp(opts: AppOptions): Promise<App> {
  const { config, database } = opts;
  const app = createFastify(opts);
  // Before every route and @fastify/static: the hook compresses HTML (SSR streams too), JSON, SVG and
  // anything else mime-db calls compressible; built assets are sent pre-compressed instead (below).
  // Brotli quality 4 costs about as much CPU as gzip 6 and is still smaller.
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
    },
  });
  registerEdgeErrors(app);
  registerResponseRules(app);
  const metrics = new Metrics();
  metrics.collectNodeDefaults();
  const { io, services, chatLive } = await startServices(app, opts, metrics);
  const docs = new OpenApiRegistry(config.NODE_ENV === "test");

  if (config.SITE_PASSWORD) registerSitePassword(app, config.SITE_PASSWORD, services.db, services.clock);

  metrics.watchHubs({ bidding: () => io.of("/").sockets.size, chat: () => io.of("/chat").sockets.size });
  watchDatabase(app, database, metrics);
  if (config.DATA_DIR !== ":memory:") metrics.watchDataDir(config.dataDir);
  registerMetrics(app, metrics, config.METRICS_TOKEN);
  registerProbes(app, database);

  // The outbox page shows every reset and activation link: only on a developer's machine and in
  // tests, never in production (not even "loopback only", a reverse proxy on the host is loopback).
  if (!config.SMTP_URL && config.NODE_ENV !== "production") registerDevOutbox(app, services);
  // Staff commands reach a running server on the embedded database through this (see the module).
  if (!config.DATABASE_URL && config.DATA_DIR !== ":memory:")
    registerStaffControl(app, services, config.dataDir);

  await registerApi(app, config, { services, docs, chatLive }, metrics);
  registerCatalogueSeo(app, services);
  if (opts.web) await registerWeb(app, opts.web, config, services, metrics);
  return { app, services, docs };
}
