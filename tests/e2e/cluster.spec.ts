import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type Database, openDatabase } from "../../src/server/db/client";
import { type Bidder, bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { firstSignIn, newPage } from "../support/e2e-panel";
import { type NginxCluster, startNginxCluster } from "../support/nginx-cluster";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";

// The marketplace as an operator runs it: a PostgreSQL of its own, three production
// processes started at once on the empty database (migrations and the demo data happen once), and
// Debian's nginx in front with the shipped deploy/nginx/proxy.conf. Every page, API call and live
// connection of these journeys goes through nginx. Not tagged @phone: the desktop project alone runs
// them, so the cluster starts once.
test.describe.configure({ mode: "serial" });

let postgres: PostgresCluster;
let cluster: NginxCluster;
let database: Database;
let anna: Bidder;
let piotr: Bidder;
let auctionId: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgres = await startPostgresCluster();
  cluster = await startNginxCluster({
    databaseUrl: postgres.url,
    processes: 3,
    env: { RATE_LIMITS_SCALE: "100" },
  });
  database = await openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:" });
  anna = await createBidder(database.db, { email: "anna@klaster-e2e.pl" });
  piotr = await createBidder(database.db, { email: "piotr@klaster-e2e.pl" });
  auctionId = await createAuction(database.db, {
    make: "Volvo",
    model: "XC60",
    startingPrice: 90_000,
    end: new Date(Date.now() + 60 * 60_000),
  });
  // Both take part already (the page lists the auctions a person bids in): opening bids through nginx.
  for (const [who, price] of [
    [anna, 90_000],
    [piotr, 90_500],
  ] as const) {
    expect(
      (await bid(cluster.url, await signIn(cluster.url, who), { AuctionId: auctionId, Price: price })).status,
    ).toBe(200);
  }
});

test.afterAll(async () => {
  await cluster?.stop();
  await database?.close();
  await postgres?.destroy();
});

const nbsp = (s: string) => s.replace(/ /g, "\u00a0");
/** The processes (127.0.0.1:PORT) nginx passed a user agent's requests to. */
const upstreamsOf = (userAgent: string) =>
  new Set(
    cluster
      .upstreams()
      .filter((r) => r.userAgent === userAgent)
      .map((r) => r.upstream),
  );

test("a buyer browses through nginx: pages from every process, compressed; nothing internal is reachable", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: cluster.url, userAgent: "klaster-kupujacy" });
  const page = await context.newPage();
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  expect(await home?.headerValue("content-encoding")).toBe("br");
  await page.getByRole("button", { name: "Akceptuję" }).click();
  await page.goto("/lista-pojazdow");
  await expect(page.getByText(/Znaleziono \d+ ofert/)).toBeVisible();
  await page.locator("a[href^='/nowe-samochody/'], a[href^='/samochody-poleasingowe/']").first().click();
  await expect(page).toHaveURL(/-id-\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const path of ["/nowe-samochody", "/samochody-poleasingowe", "/samochody-elektryczne", "/suv"]) {
    expect((await page.goto(path))?.status()).toBe(200);
  }
  // Round robin: the pages and their data came from all three processes.
  expect(upstreamsOf("klaster-kupujacy").size).toBe(3);

  // Through the proxy, a request is never "local": /metrics is not there without its
  // token, nor is the staff control.
  const metrics = await context.request.get("/metrics");
  expect(metrics.status()).toBe(404);
  expect(await metrics.text()).not.toContain("flotis_");
  expect((await context.request.post("/staff/verify", { data: {} })).status()).toBe(404);
  // A body over nginx's limit is refused before it reaches a process.
  const tooLarge = await context.request.post("/api/Contact/SendQuestion", {
    data: Buffer.alloc(17 * 1024 * 1024, "a"),
    headers: { "content-type": "application/json" },
  });
  expect(tooLarge.status()).toBe(413);
  await context.close();
});

/** Open bidding-hub connections on each process (its /metrics, asked on loopback, not through nginx). */
async function biddingConnections(): Promise<number[]> {
  return Promise.all(
    cluster.processes.map(async (p) => {
      const text = await (await fetch(`http://127.0.0.1:${p.port}/metrics`)).text();
      return Number(/flotis_hub_connections\{hub="bidding"\} (\d+)/.exec(text)?.[1] ?? Number.NaN);
    }),
  );
}

/** The process whose count grew from `before` (the one a new live connection landed on). */
async function newConnectionOn(before: number[]): Promise<number> {
  // The page connects once its panels mount, which a loaded CI machine took more than 5 s to do.
  for (let i = 0; i < 150; i++) {
    const now = await biddingConnections();
    const grown = now.findIndex((n, j) => n > before[j]);
    if (grown >= 0) return grown;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no new live connection on any process");
}

test("two bidders on different processes bid live through nginx and watch each other", async ({
  browser,
}) => {
  const open = async (who: Bidder, userAgent: string) => {
    const context = await browser.newContext({
      baseURL: cluster.url,
      userAgent,
      viewport: { width: 1280, height: 900 },
      locale: "pl-PL",
      timezoneId: "Europe/Warsaw",
    });
    const page = await context.newPage();
    await page.goto("/login?returnTo=%2Flicytowanie");
    await page.getByLabel("Adres e-mail").fill(who.email);
    await page.getByLabel("Hasło").fill(who.password);
    await page.getByRole("button", { name: "Zaloguj się" }).click();
    await expect(page).toHaveURL(/\/licytowanie$/);
    await expect(page.getByTestId(`auction-panel-${auctionId}`).getByTestId("current-price")).toBeVisible();
    return { context, page };
  };
  let before = await biddingConnections();
  const annaSide = await open(anna, "klaster-anna");
  const annaProcess = await newConnectionOn(before);
  // Piotr's live connection on another process than Anna's, so every update either of them sees
  // crossed processes (round robin gets there within a few tries).
  let piotrSide: Awaited<ReturnType<typeof open>> | undefined;
  let piotrProcess = annaProcess;
  const total = async () => (await biddingConnections()).reduce((a, b) => a + b, 0);
  for (let i = 0; i < 8 && piotrProcess === annaProcess; i++) {
    if (piotrSide) {
      // Counted before only once the server has let the last try's connection go: a new one landing
      // on the same process would otherwise leave its count unchanged.
      const connected = await total();
      await piotrSide.context.close();
      await expect.poll(total).toBe(connected - 1);
    }
    before = await biddingConnections();
    piotrSide = await open(piotr, "klaster-piotr");
    piotrProcess = await newConnectionOn(before);
  }
  expect(piotrProcess).not.toBe(annaProcess);
  if (!piotrSide) throw new Error("unreachable");
  const annaLive = annaSide.page.getByTestId(`auction-panel-${auctionId}`);
  const piotrLive = piotrSide.page.getByTestId(`auction-panel-${auctionId}`);
  await expect(annaLive.getByText(nbsp("Twoja oferta 90 000 zł została przelicytowana"))).toBeVisible();

  await annaLive.getByLabel("Twoja oferta (zł netto)").fill("91000");
  await annaLive.getByRole("button", { name: "Licytuj" }).click();
  await expect(annaLive.getByText(nbsp("Twoja oferta 91 000 zł jest aktualnie najwyższa"))).toBeVisible();
  await expect(piotrLive.getByTestId("current-price")).toHaveText(nbsp("91 000 zł netto"));
  await expect(piotrLive.getByText(nbsp("Twoja oferta 90 500 zł została przelicytowana"))).toBeVisible();

  await piotrLive.getByLabel("Twoja oferta (zł netto)").fill("92000");
  await piotrLive.getByRole("button", { name: "Licytuj" }).click();
  await expect(annaLive.getByTestId("current-price")).toHaveText(nbsp("92 000 zł netto"));
  await expect(annaLive.getByText(nbsp("Twoja oferta 91 000 zł została przelicytowana"))).toBeVisible();
  await annaSide.context.close();
  await piotrSide.context.close();
});

test("a customer chats with a consultant through nginx", async ({ browser }) => {
  // The consultant is a staff member: added with the staff command, signed in to the panel through
  // nginx (password, second factor), the console opened from there.
  const out = execFileSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/staff.ts",
      "add-staff",
      "ola@klaster-e2e.pl",
      "Ola Klaster",
      "consultant",
    ],
    { env: { ...process.env, DATABASE_URL: postgres.url, LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  const link = new URL(/https?:\/\/\S+\/panel\/ustaw-haslo\/\S+/.exec(out)?.[0] ?? "").pathname;
  const agent = await newPage(browser, 1280, cluster.url);
  const who = { email: "ola@klaster-e2e.pl", name: "Ola Klaster", password: "KonsolaKlastra2026" };
  await firstSignIn(agent, link, who, { checks: false });
  await agent.getByRole("link", { name: "Konsola czatu" }).click();
  await agent.waitForSelector("html[data-hydrated]");
  // A staff page: no cookie notice to answer.
  await expect(agent.getByText("Ola Klaster · online")).toBeVisible();

  const customer = await browser.newContext({ baseURL: cluster.url, viewport: { width: 1280, height: 900 } });
  const page = await customer.newPage();
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByRole("button", { name: "Akceptuję" }).click();
  await page.getByRole("button", { name: "Czat z konsultantem" }).click();
  await page.getByRole("textbox", { name: "Imię" }).fill("Ewa");
  await page.getByRole("radio", { name: "Aukcje" }).check();
  await page.getByRole("textbox", { name: "Twoje pytanie" }).fill("Czy licytacja działa przez proxy?");
  await page.getByRole("button", { name: "Rozpocznij czat" }).click();
  await agent.getByRole("region", { name: "Oczekujące" }).getByRole("button", { name: /Ewa/ }).click();
  await agent.getByRole("button", { name: "Przyjmij rozmowę" }).click();
  await expect(page.getByRole("heading", { name: "Ola Klaster" })).toBeVisible();

  await agent.getByRole("textbox", { name: "Odpowiedź" }).fill("Tak, na żywo przez nginx.");
  await agent.getByRole("button", { name: "Wyślij", exact: true }).click();
  await expect(page.getByText("Tak, na żywo przez nginx.")).toBeVisible();
  await page.getByRole("textbox", { name: "Wiadomość" }).fill("Dziękuję!");
  await page.keyboard.press("Enter");
  await expect(agent.getByText("Dziękuję!")).toBeVisible();
  await customer.close();
  await agent.context().close();
});

test("the shipped site file is valid nginx with its TLS settings (nginx -t)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-site-"));
  try {
    // A self-signed certificate in place of Let's Encrypt's, the snippet where Debian keeps snippets.
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=www.example.pl"],
        ...["-keyout", path.join(dir, "privkey.pem"), "-out", path.join(dir, "fullchain.pem")],
      ],
      { stdio: "ignore" },
    );
    const site = fs
      .readFileSync("deploy/nginx/marketplace.conf", "utf8")
      .replaceAll("/etc/letsencrypt/live/www.example.pl", dir)
      .replaceAll("/etc/nginx/snippets/marketplace-proxy.conf", path.resolve("deploy/nginx/proxy.conf"));
    fs.writeFileSync(path.join(dir, "site.conf"), site);
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {} http { include ${dir}/site.conf; }`,
    );
    // Throws, with nginx's message, unless the configuration test passes.
    execFileSync("/usr/sbin/nginx", ["-t", "-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "pipe" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
