import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { ErrorCode } from "../domain/errors";
import { type Db, resultRows } from "./db/client";
import { offers, outbox } from "./db/schema/index";
import { bearerToken } from "./http/bearer";
import { ApiError } from "./http/errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route label of the request histogram, when not the route pattern (see labelRoutesAs). */
    metricsRoute?: string;
  }
}

/** The scrape path; its own requests are not observed in the request histogram. */
export const METRICS_PATH = "/metrics";

// Label values built once, so that an observation allocates nothing but its labels object.
const STATUS_CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx"];
const statusClass = (code: number) => STATUS_CLASSES[Math.floor(code / 100)] ?? "other";

/**
 * The route label of a request: Fastify's route pattern (never the raw address, so the number of
 * series stays bounded). Every page is served by the one React Router catch-all, labelled "page";
 * a request no route matched (the default 404) is "unmatched".
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return "unmatched";
  return pattern === "/*" ? "page" : pattern;
}

/**
 * Every route registered in `scope` from now on is one label in the request histogram: the static
 * files' plugin adds a route per file (its own pattern each), and their number follows the build.
 */
export function labelRoutesAs(scope: FastifyInstance, label: string): void {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, metricsRoute: label };
  });
}

/**
 * The application's Prometheus metrics, one Registry per app instance (tests build several apps in
 * one process; the global registry would refuse the second set of names). Services record through
 * the methods; the values that are cheap to read when asked (hub connections, outbox backlog) are
 * read at scrape time instead of being kept up to date on every change.
 */
interface BackupWatch {
  newestAt(): Date | undefined;
  now(): Date;
  startedAt: Date;
}

export class Metrics {
  readonly registry = new Registry();

  // Every metric is registered on this instance's registry, never the global one.
  private counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }
  private gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
    return new Gauge<L>({ name, help, labelNames, registers: [this.registry] });
  }
  private histogram<L extends string>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ) {
    return new Histogram<L>({ name, help, buckets, labelNames, registers: [this.registry] });
  }

  private readonly httpDuration = this.histogram(
    "flotis_http_request_duration_seconds",
    "HTTP request latency by route pattern, method and status class",
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ["route", "method", "status"],
  );
  private readonly bidsAccepted = this.counter(
    "flotis_bids_accepted_total",
    "Bids accepted (a retried request of an accepted bid is not counted again)",
  );
  private readonly bidsRefused = this.counter(
    "flotis_bids_refused_total",
    "Bids refused, by the refusal's ErrorCode",
    ["code"],
  );
  private readonly hubConnections = this.gauge(
    "flotis_hub_connections",
    "Open socket.io connections on this process, by hub (bidding: namespace /, chat: /chat)",
    ["hub"],
  );
  private readonly fanoutDuration = this.histogram(
    "flotis_auction_fanout_duration_seconds",
    "From a bid reaching an idle auction fan-out until every watcher on this process has the newest bid",
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  private readonly outboxBacklog = this.gauge(
    "flotis_mail_outbox_backlog",
    "E-mails in the outbox not sent yet",
  );
  private readonly outboxOldest = this.gauge(
    "flotis_mail_outbox_oldest_unsent_age_seconds",
    "Age of the oldest e-mail not sent yet (0 when none waits)",
  );
  private readonly mailsSent = this.counter(
    "flotis_mails_sent_total",
    "E-mails delivered by this process's mail worker",
  );
  private readonly mailsFailed = this.counter(
    "flotis_mails_failed_total",
    "Delivery attempts that failed (the mail is retried later)",
  );
  private readonly closerLag = this.histogram(
    "flotis_auction_close_lag_seconds",
    "How long after its end an auction was closed (settlement committed)",
    [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
  );
  private readonly databaseErrors = this.counter(
    "flotis_database_errors_total",
    "Database connection errors (pool errors and API requests failing on a lost connection)",
  );
  private readonly databaseReconnects = this.counter(
    "flotis_database_reconnects_total",
    "Reconnections to the database after a lost connection",
  );

  private readonly pageCacheRequests = this.gauge(
    "flotis_page_cache_requests",
    "Anonymous page requests since start answered from the page cache (hit) or rendered (miss)",
    ["result"],
  );
  private readonly pageCacheSize = this.gauge(
    "flotis_page_cache_bytes",
    "Memory held by the page cache's stored pages (plain, brotli and gzip)",
  );

  private readonly unsettledOldest = this.gauge(
    "flotis_auction_unsettled_oldest_seconds",
    "How long ago the oldest auction past its end and not closed yet ended (0 when none waits)",
  );
  private readonly ready = this.gauge(
    "flotis_ready",
    "1 while the database answers (as /readyz answers 200), else 0",
  );
  private readonly dataDirFree = this.gauge(
    "flotis_data_dir_free_bytes",
    "Space left for this process on the file system of DATA_DIR (embedded database, image cache, backups)",
  );
  private readonly dataDirSize = this.gauge(
    "flotis_data_dir_filesystem_bytes",
    "Size of the file system of DATA_DIR",
  );

  private hubs: Record<string, () => number> = {};
  private readiness?: () => Promise<void>;
  private dataDir?: string;
  private backups?: BackupWatch & { gauge: Gauge };
  private pageCache?: { stats: { hits: number; misses: number }; size: { bytes: number } };
  private outboxDb?: Db;

  /** Process CPU, memory, event loop lag, handles… (prom-client's defaults), for a serving process. */
  collectNodeDefaults(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  observeRequest(route: string, method: string, statusCode: number, seconds: number): void {
    this.httpDuration.labels(route, method, statusClass(statusCode)).observe(seconds);
  }

  bidAccepted(): void {
    this.bidsAccepted.inc();
  }

  bidRefused(errorCode: number): void {
    this.bidsRefused.labels(String(errorCode)).inc();
  }

  /** Connection counts per hub, read at scrape time (cannot drift from the hubs' own bookkeeping). */
  watchHubs(hubs: Record<string, () => number>): void {
    this.hubs = hubs;
  }

  fanoutDone(seconds: number): void {
    this.fanoutDuration.observe(seconds);
  }

  /** The page cache's counts, read at scrape time (ADR 018). */
  watchPageCache(cache: { stats: { hits: number; misses: number }; size: { bytes: number } }): void {
    this.pageCache = cache;
  }

  /** The outbox gauges are read with one query over the pending rows' partial index at scrape time. */
  watchOutbox(db: Db): void {
    this.outboxDb = db;
  }

  /** The readiness check of /readyz, run at scrape time. */
  watchReadiness(check: () => Promise<void>): void {
    this.readiness = check;
  }

  /** The file system of DATA_DIR, read at scrape time. */
  watchDataDir(dir: string): void {
    this.dataDir = dir;
  }

  /** When the newest backup of the embedded database was taken, read at scrape time. */
  watchBackups(backups: BackupWatch): void {
    // Registered only here: a server without the schedule (PostgreSQL, BACKUP_INTERVAL_HOURS=0) has no
    // backup whose age a 0 would misreport as fresh.
    const gauge = this.gauge(
      "flotis_backup_newest_age_seconds",
      "Age of the newest backup of the embedded database in BACKUP_DIR (only while the schedule is on)",
    );
    this.backups = { ...backups, gauge };
  }

  mailSent(): void {
    this.mailsSent.inc();
  }

  mailFailed(): void {
    this.mailsFailed.inc();
  }

  auctionClosed(lagSeconds: number): void {
    this.closerLag.observe(Math.max(0, lagSeconds));
  }

  recordDatabaseError(): void {
    this.databaseErrors.inc();
  }

  recordDatabaseReconnect(): void {
    this.databaseReconnects.inc();
  }

  /** The text exposition (format 0.0.4), with the scrape-time values read first. */
  async render(): Promise<string> {
    for (const [hub, count] of Object.entries(this.hubs)) this.hubConnections.labels(hub).set(count());
    if (this.pageCache) {
      this.pageCacheRequests.labels("hit").set(this.pageCache.stats.hits);
      this.pageCacheRequests.labels("miss").set(this.pageCache.stats.misses);
      this.pageCacheSize.set(this.pageCache.size.bytes);
    }
    if (this.outboxDb) await this.readOutbox(this.outboxDb);
    if (this.readiness)
      this.ready.set(
        await this.readiness().then(
          () => 1,
          () => 0,
        ),
      );
    if (this.dataDir) {
      const fsStats = await fs.promises.statfs(this.dataDir).catch(() => undefined);
      if (fsStats) {
        this.dataDirFree.set(fsStats.bavail * fsStats.bsize);
        this.dataDirSize.set(fsStats.blocks * fsStats.bsize);
      }
    }
    if (this.backups) {
      const newest = this.backups.newestAt();
      // No backup yet counts from the schedule's start: the first is taken at once.
      const since = (newest ?? this.backups.startedAt).getTime();
      this.backups.gauge.set(Math.max(0, (this.backups.now().getTime() - since) / 1000));
    }
    return this.registry.metrics();
  }

  private async readOutbox(db: Db): Promise<void> {
    try {
      const [row] = resultRows<{ backlog: string | number; oldest: string | number | null }>(
        await db.execute(sql`select count(*) as backlog,
          extract(epoch from now() - min(${outbox.createdAt})) as oldest
          from ${outbox} where ${outbox.sentAt} is null`),
      );
      this.outboxBacklog.set(Number(row.backlog));
      this.outboxOldest.set(Math.max(0, Number(row.oldest ?? 0)));
      // The same partial index as the closer's own look (auctions/closer.ts).
      const [auctions] = resultRows<{ oldest: string | number | null }>(
        await db.execute(sql`select extract(epoch from now() - min(${offers.auctionEnd})) as oldest
          from ${offers} where ${offers.saleType} = 'auction' and not ${offers.auctionSettled}
          and ${offers.status} <> 'draft' and ${offers.auctionEnd} <= now()`),
      );
      this.unsettledOldest.set(Math.max(0, Number(auctions.oldest ?? 0)));
    } catch {
      // The database cannot answer: the scrape still reports everything else (and the error count).
      this.recordDatabaseError();
    }
  }
}

/** Loopback addresses, IPv4 (127.0.0.0/8, also IPv4-mapped in IPv6) and IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

export interface ScrapeRequest {
  /** The TCP peer (the socket's remote address), never request.ip, which honours X-Forwarded-For. */
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const tokenMatches = (given: string, expected: string) => {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Who may scrape: the right `Authorization: Bearer $METRICS_TOKEN` from anywhere, or without it a
 * client on the loopback interface that did not come through a proxy. A reverse proxy on the same
 * host connects from loopback too, so a forwarding header makes the request "not local" (otherwise
 * the proxy would publish the metrics to the internet).
 */
export function mayScrape(request: ScrapeRequest, token: string | undefined): boolean {
  const given = bearerToken(request.headers.authorization as string | undefined);
  if (given !== undefined) return token !== undefined && tokenMatches(given, token);
  const proxied =
    request.headers["x-forwarded-for"] !== undefined ||
    request.headers.forwarded !== undefined ||
    request.headers["x-real-ip"] !== undefined;
  return !proxied && isLoopback(request.remoteAddress);
}

/**
 * GET /metrics (access: mayScrape; refused: 404 in the error contract, as if there were no such
 * page) and the request histogram over every other route.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done) => {
    const pattern = request.routeOptions.url;
    if (pattern !== METRICS_PATH) {
      const route = request.routeOptions.config.metricsRoute ?? routeLabel(pattern);
      metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
  app.get(METRICS_PATH, async (request, reply) => {
    if (!mayScrape({ remoteAddress: request.socket.remoteAddress, headers: request.headers }, token)) {
      const refused = new ApiError(404, ErrorCode.NotFound, "Nie ma takiej strony.");
      return reply.status(404).type("application/json; charset=utf-8").send(refused.body());
    }
    const body = await metrics.render();
    return reply.type(metrics.registry.contentType).header("cache-control", "no-store").send(body);
  });
}
