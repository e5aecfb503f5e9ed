import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/domain/errors";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { isDatabaseUnavailable } from "../../src/server/db/errors";
import { registerApiErrorHandling } from "../../src/server/http/errors";
import { mayScrape } from "../../src/server/metrics";
import { startApiServer, type TestServer } from "../support/api-server";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { closeChatSockets, openChatSocket } from "../support/chat-sockets";

const TOKEN = "metryki-prometheus-0123456789abcdef";

/** The value of one series in the text exposition, e.g. value(text, 'flotis_bids_refused_total{code="60"}'). */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** An address of this machine other than loopback, to reach the server as a remote client would. */
function otherAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    const found = list?.find((a) => a.family === "IPv4" && !a.internal);
    if (found) return found.address;
  }
  throw new Error("Ten test potrzebuje adresu IPv4 maszyny innego niż loopback (hostname -I).");
}

let server: TestServer;
let port: string;
beforeAll(async () => {
  // Listening on every interface: reachable from loopback and from the machine's other address.
  server = await startApiServer({ METRICS_TOKEN: TOKEN }, { listenHost: "0.0.0.0" });
  port = new URL(server.url).port;
});
afterAll(() => server.close());

const scrape = async (headers: Record<string, string> = {}, host = "127.0.0.1") => {
  const res = await fetch(`http://${host}:${port}/metrics`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};

describe("GET /metrics from loopback", () => {
  it("answers the Prometheus text format with every application and Node metric", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/plain; version=0.0.4; charset=utf-8");
    for (const name of [
      "flotis_http_request_duration_seconds",
      "flotis_bids_accepted_total",
      "flotis_bids_refused_total",
      "flotis_hub_connections",
      "flotis_auction_fanout_duration_seconds",
      "flotis_mail_outbox_backlog",
      "flotis_mail_outbox_oldest_unsent_age_seconds",
      "flotis_mails_sent_total",
      "flotis_mails_failed_total",
      "flotis_auction_close_lag_seconds",
      "flotis_database_errors_total",
      "flotis_database_reconnects_total",
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(res.text).toContain(`# TYPE ${name} `);
    }
  });

  it("labels requests by route pattern, not by address, and leaves the scrapes out", async () => {
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/api/nie-ma-takiej/12345`);
    await fetch(`${server.url}/zadna-trasa/67890`); // no route at all in an API-only server
    await scrape();
    const { text } = await scrape();
    expect(
      value(text, 'flotis_http_request_duration_seconds_count{route="/healthz",method="GET",status="2xx"}'),
    ).toBe(1);
    expect(
      value(text, 'flotis_http_request_duration_seconds_count{route="/api/*",method="GET",status="4xx"}'),
    ).toBe(1);
    expect(
      value(text, 'flotis_http_request_duration_seconds_count{route="unmatched",method="GET",status="4xx"}'),
    ).toBe(1);
    expect(text).not.toContain("nie-ma-takiej");
    expect(text).not.toContain("zadna-trasa");
    expect(text).not.toContain('route="/metrics"');
  });

  it("counts one accepted and one refused bid, by the refusal's ErrorCode", async () => {
    const auction = await createAuction(server.services.db, { startingPrice: 30_000 });
    const bidder = await createBidder(server.services.db);
    const token = await signIn(server.url, bidder);
    expect((await bid(server.url, token, { AuctionId: auction, Price: 30_000 })).status).toBe(200);
    const low = await bid(server.url, token, { AuctionId: auction, Price: 30_001 });
    expect(low.body.ErrorCode).toBe(60);
    const { text } = await scrape();
    expect(value(text, "flotis_bids_accepted_total")).toBe(1);
    expect(value(text, 'flotis_bids_refused_total{code="60"}')).toBe(1);
  });

  it("counts the open connections of each hub", async () => {
    const bidding: Socket = connect(server.url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      bidding.once("connect", () => resolve());
      bidding.once("connect_error", reject);
    });
    const started = await fetch(`${server.url}/api/Chat/Start`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Ewa",
        email: "ewa@example.com",
        topic: "Aukcje",
        question: "Pytanie?",
        consent: true,
      }),
    });
    const { Token } = (await started.json()) as { Token: string };
    try {
      await openChatSocket(server.url, { token: Token });
      const { text } = await scrape();
      expect(value(text, 'flotis_hub_connections{hub="bidding"}')).toBe(1);
      expect(value(text, 'flotis_hub_connections{hub="chat"}')).toBe(1);
    } finally {
      bidding.close();
      closeChatSockets();
    }
  });

  it("measures how late an ended auction was closed", async () => {
    const now = Date.now();
    await createAuction(server.services.db, {
      start: new Date(now - 3_600_000),
      end: new Date(now - 5_000),
    });
    await server.services.auctions.closer.tick();
    const { text } = await scrape();
    expect(value(text, "flotis_auction_close_lag_seconds_count")).toBeGreaterThanOrEqual(1);
    // It ended five seconds before the job ran: the lag observed is at least that.
    expect(value(text, "flotis_auction_close_lag_seconds_sum")).toBeGreaterThanOrEqual(5);
  });
});

describe("static files", () => {
  it("share one route label, however many files the build has", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-client-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "assets", "root-a1b2c3.js"), "export {};");
    fs.writeFileSync(path.join(clientDir, "favicon.ico"), "ico");
    const database = await openDatabase({ dataDir: ":memory:" });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ":memory:" });
    const getBuild = () => Promise.reject(new Error("no page is requested in this test"));
    const { app, services } = await buildApp({
      config,
      database,
      logger: false,
      web: { getBuild, clientDir, mode: "production" },
    });
    try {
      expect((await app.inject("/assets/root-a1b2c3.js")).statusCode).toBe(200);
      expect((await app.inject("/favicon.ico")).statusCode).toBe(200);
      const text = (await app.inject("/metrics")).body; // inject's client address is 127.0.0.1
      expect(
        value(text, 'flotis_http_request_duration_seconds_count{route="static",method="GET",status="2xx"}'),
      ).toBe(2);
      expect(text).not.toContain("root-a1b2c3");
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(services.images.cacheDir, { recursive: true, force: true });
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});

describe("outbox metrics", () => {
  it("counts a queued mail in the backlog, then as sent once the worker delivered it", async () => {
    const { db, mail } = server.services;
    // The worker's own timer must not deliver it before the scrape.
    await mail.worker.stop();
    await mail.worker.wake(); // whatever earlier tests queued goes out first
    const before = await scrape();
    expect(value(before.text, "flotis_mail_outbox_backlog")).toBe(0);
    expect(value(before.text, "flotis_mail_outbox_oldest_unsent_age_seconds")).toBe(0);
    const sentBefore = value(before.text, "flotis_mails_sent_total") ?? Number.NaN;

    await mail.enqueue(db, { to: "metryki@example.com", subject: "Kolejka", text: "Czeka na wysłanie." });
    const queued = await scrape();
    expect(value(queued.text, "flotis_mail_outbox_backlog")).toBe(1);
    expect(value(queued.text, "flotis_mail_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(0);

    await mail.worker.wake();
    const sent = await scrape();
    expect(value(sent.text, "flotis_mail_outbox_backlog")).toBe(0);
    expect(value(sent.text, "flotis_mails_sent_total")).toBe(sentBefore + 1);
  });
});

describe("who may scrape", () => {
  it("refuses a request that came through a proxy on this host (X-Forwarded-For) without the token", async () => {
    const res = await scrape({ "x-forwarded-for": "203.0.113.9" });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({
      ErrorCode: ErrorCode.NotFound,
      ErrorMessage: "Nie ma takiej strony.",
    });
  });

  it("refuses a client on another address without the token or with a wrong one", async () => {
    const host = otherAddress();
    expect((await scrape({}, host)).status).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` }, host)).status).toBe(404);
  });

  it("lets in a client on another address, or behind a proxy, with the right token", async () => {
    const remote = await scrape({ authorization: `Bearer ${TOKEN}` }, otherAddress());
    expect(remote.status).toBe(200);
    expect(remote.text).toContain("flotis_bids_accepted_total");
    const proxied = await scrape({ authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" });
    expect(proxied.status).toBe(200);
  });

  it("decides on the socket's address and the forwarding headers (the rule itself)", () => {
    const ask = (remoteAddress: string | undefined, headers: Record<string, string> = {}, token?: string) =>
      mayScrape({ remoteAddress, headers }, token);
    expect(ask("127.0.0.1")).toBe(true);
    expect(ask("::1")).toBe(true);
    expect(ask("::ffff:127.0.0.1")).toBe(true);
    expect(ask("10.0.0.5")).toBe(false);
    expect(ask("::ffff:10.0.0.5")).toBe(false);
    expect(ask(undefined)).toBe(false);
    expect(ask("127.0.0.1", { "x-forwarded-for": "127.0.0.1" })).toBe(false);
    expect(ask("127.0.0.1", { forwarded: "for=198.51.100.1" })).toBe(false);
    expect(ask("10.0.0.5", { authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(ask("10.0.0.5", { authorization: `Bearer ${TOKEN}` }, undefined)).toBe(false);
    // A wrong token is refused even from loopback: the client meant to use the token.
    expect(ask("127.0.0.1", { authorization: "Bearer zly-token" }, TOKEN)).toBe(false);
  });
});

describe("with the site password (test environment)", () => {
  let gated: TestServer;
  beforeAll(async () => {
    gated = await startApiServer(
      { METRICS_TOKEN: TOKEN, SITE_PASSWORD: "haslo-testowe" },
      { listenHost: "0.0.0.0" },
    );
  });
  afterAll(() => gated.close());

  it("scrapes from loopback and with the token, while the API still asks for the password", async () => {
    const gatedPort = new URL(gated.url).port;
    expect((await fetch(`http://127.0.0.1:${gatedPort}/metrics`)).status).toBe(200);
    const remote = await fetch(`http://${otherAddress()}:${gatedPort}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(remote.status).toBe(200);
    expect((await fetch(`${gated.url}/api/Offers/Get`)).status).toBe(401);
  });
});

describe("database connection errors", () => {
  it("are counted when an API request fails on a lost connection, not on other failures", async () => {
    let counted = 0;
    const app = Fastify();
    registerApiErrorHandling(app, () => counted++);
    app.get("/lost", async () => {
      // What node-postgres reports when PostgreSQL ends the connection (admin shutdown), wrapped by Drizzle.
      const cause = Object.assign(new Error("terminating connection due to administrator command"), {
        code: "57P01",
      });
      throw new Error("Failed query: select 1", { cause });
    });
    app.get("/bug", async () => {
      throw new TypeError("undefined is not a function");
    });
    const lost = await app.inject("/lost");
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toMatchObject({ ErrorCode: ErrorCode.ServiceUnavailable });
    expect(counted).toBe(1);
    await app.inject("/bug");
    expect(counted).toBe(1);
    await app.close();
  });

  it("are recognised from node-postgres's codes and messages", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
  });
});
