import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveAuction } from "../../src/domain/auctions/live-store";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import type { OfferDetails, OfferTile } from "../../src/domain/catalogue/offer";
import { polishLocalInput } from "../../src/domain/polish-time";
import { seedContent } from "../../src/server/content/seed";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionTestClient, bid, createAuction } from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// Every change of an auction's state reaches the pages watching it and stays on its page: staff's
// cancellation (from the panel or the fleet system) with its reason, new dates before any bid; and the
// panel's result line says what really happened.

const KEY = "klucz-floty-testowy-do-odwolan";
const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", ALERTS_DIGEST_INTERVAL_MINUTES: "0", OFFERS_API_KEY: KEY },
    { web: true, clock },
  );
  // The auction's page reads the site's literals and the calculator's settings.
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
}, 120_000);
afterAll(() => server?.close());

const { send, signedIn } = panelHttp(() => server, clock);
const bidders = auctionTestClient(() => server);

const watcher = (): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(server.url, { transports: ["websocket"], reconnection: false });
    s.on("connect", () => resolve(s));
    s.on("connect_error", reject);
  });
const next = <T>(s: Socket, event: string): Promise<T> => new Promise((resolve) => s.once(event, resolve));
/** Two open pages of an auction, each watching it. */
async function twoWatchers(id: number) {
  const pages = await Promise.all([watcher(), watcher()]);
  await Promise.all(
    pages.map((p) => {
      const watching = next(p, "refreshAuctions");
      p.emit("WatchAuctions", [id]);
      return watching;
    }),
  );
  return pages;
}
async function details(id: number) {
  await server.services.changes.caughtUp(server.services.db);
  const res = await fetch(`${server.url}/api/OfferDetails/Auctions?AuctionId=${id}`);
  return { status: res.status, body: (await res.json()) as OfferDetails };
}

describe("a cancelled auction", () => {
  it("from the panel: every open page hears it with the reason, its page and the panel say so", async () => {
    const id = await createAuction(server.services.db, { startingPrice: 40_000 });
    const anna = await bidders.signedIn();
    const piotr = await bidders.signedIn();
    for (const [who, price] of [
      [anna, 40_000],
      [piotr, 41_000],
      [anna, 42_000],
      [piotr, 43_000],
    ] as const)
      expect((await bid(server.url, who.token, { AuctionId: id, Price: price })).status).toBe(200);
    const pages = await twoWatchers(id);
    try {
      const heard = pages.map((p) => next<LiveAuction>(p, "auctionEnded"));
      const sales = await signedIn("sales");
      // Running: the panel offers no change of the condition report.
      expect(await (await send(sales.browser, `/panel/aukcje/${id}`)).text()).toContain(
        "Aukcja już się rozpoczęła: opisu nie można zmienić",
      );
      const reason = "Samochód został uszkodzony na parkingu przed wydaniem.";
      expect(
        (await send(sales.browser, `/panel/aukcje/${id}`, { intent: "cancel", Reason: reason })).status,
      ).toBe(200);
      for (const state of await Promise.all(heard))
        expect(state).toMatchObject({
          AuctionId: id,
          IsAuctionEnded: true,
          IsCancelled: true,
          CancelReason: reason,
        });

      // A reload: the page and the API answer keep the cancellation, never the not-found page.
      const api = await details(id);
      expect(api.status).toBe(200);
      expect(api.body).toMatchObject({
        isAuctionEnded: true,
        AuctionResult: { Cancelled: true, CancelReason: reason, Sold: false, FinalPrice: null, BidCount: 4 },
      });
      // Kept in favourites, its tile says it was cancelled (no countdown to a planned end, no final price).
      const [tile] = (await (
        await fetch(`${server.url}/api/Favorites/GetAll?ids=${id}`)
      ).json()) as OfferTile[];
      expect(tile).toMatchObject({ isAuctionEnded: true, isAuctionCancelled: true });
      const page = await fetch(`${server.url}${api.body.Url}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Aukcja została odwołana. Nie można już składać ofert.");
      expect(html).toContain(`Powód: ${reason}`);
      expect(html).not.toContain("Wynik aukcji: samochód sprzedany.");
      expect(html).not.toContain("do końca aukcji pozostało");

      // The panel's result line: cancelled with its bids, not "nobody bid".
      const panel = await (await send(sales.browser, `/panel/aukcje/${id}`)).text();
      expect(panel).toContain(
        "aukcja odwołana, nikt nie wygrał (ofert przed odwołaniem: 4; żadna nie wiąże licytujących)",
      );
      expect(panel).not.toContain("nikt nie licytował");
    } finally {
      for (const p of pages) p.close();
    }
  });

  it("by the fleet system: an auction without bids is cancelled live; a draft cancelled stays unseen", async () => {
    const id = await createAuction(server.services.db, { startingPrice: 40_000 });
    const [page] = await twoWatchers(id);
    try {
      const heard = next<LiveAuction>(page, "auctionEnded");
      const res = await fetch(
        `${server.url}/api/Admin/Offers?AuctionId=${id}&Reason=${encodeURIComponent("Leasingobiorca wykupił samochód.")}`,
        { method: "DELETE", headers: { authorization: `Bearer ${KEY}` } },
      );
      expect(res.status).toBe(200);
      expect(await heard).toMatchObject({
        IsCancelled: true,
        CancelReason: "Leasingobiorca wykupił samochód.",
      });
      expect((await details(id)).body.AuctionResult).toMatchObject({ Cancelled: true });
    } finally {
      page.close();
    }

    const sales = await signedIn("sales");
    const inHours = (h: number) => polishLocalInput(new Date(clock.now().getTime() + h * 3_600_000));
    const created = await send(sales.browser, "/panel/aukcje/nowa", {
      intent: "save",
      Make: "Toyota",
      Model: "Corolla",
      Version: "1.8 Hybrid",
      BodyType: "kombi",
      FuelType: "HEV",
      GearBoxType: "automatic",
      Color: "biały",
      Year: "2021",
      Mileage: "80000",
      EngineCapacity: "1798",
      PowerHp: "122",
      Doors: "5",
      Seats: "5",
      Description: "Po leasingu.",
      Start: inHours(1),
      End: inHours(48),
      StartingPrice: "50000",
    });
    expect(created.status, await created.clone().text()).toBe(302);
    const draft = Number(/aukcje\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    const cancelled = await send(sales.browser, `/panel/aukcje/${draft}`, {
      intent: "cancel",
      Reason: "Szkic dodany przez pomyłkę, samochód jest już sprzedany.",
    });
    expect(cancelled.status).toBe(200);
    expect((await details(draft)).status).toBe(404);
  });
});

describe("an auction's new dates", () => {
  it("reach the open pages before anyone bids", async () => {
    const id = await createAuction(server.services.db, { startingPrice: 40_000 });
    const [page] = await twoWatchers(id);
    try {
      const refreshed = next<LiveAuction[]>(page, "refreshAuctions");
      const sales = await signedIn("sales");
      const end = new Date(Math.ceil((clock.now().getTime() + 72 * 3_600_000) / 60_000) * 60_000);
      const res = await send(sales.browser, `/panel/aukcje/${id}`, {
        intent: "terms",
        Start: polishLocalInput(new Date(clock.now().getTime() - 3_600_000)),
        End: polishLocalInput(end),
        StartingPrice: "40000",
      });
      expect(res.status).toBe(200);
      expect((await refreshed).find((a) => a.AuctionId === id)?.AuctionEnd).toBe(end.toISOString());
    } finally {
      page.close();
    }
  });
});
