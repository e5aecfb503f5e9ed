// @vitest-environment happy-dom
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offers } from "../../src/server/db/schema/index";
import { liveHub } from "../../src/web/features/auctions/live-hub";
import { session } from "../../src/web/lib/storage";
import { startApiServer, type TestServer } from "../support/api-server";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";

// The browser's bidding hub client against the real hub: a refreshed access token (every few minutes
// for a signed-in bidder) must not open a gap in which the hub's messages to the person are lost.
// The auction journey's winner message went missing that way on a loaded machine.

let server: TestServer;
const db = () => server.services.db;

beforeAll(async () => {
  server = await startApiServer();
  // biome-ignore lint/suspicious/noExplicitAny: happy-dom's own control object
  (window as any).happyDOM.setURL(`${server.url}/licytowanie`);
}, 120_000);
afterAll(() => server?.close());

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

describe("the bidding hub client", () => {
  it("keeps the person's connection through a token refresh and shows the winner's message once", async () => {
    const id = await createAuction(db(), { startingPrice: 40_000 });
    const piotr = await createBidder(db());
    const first = await signIn(server.url, piotr);
    session.save({ accessToken: first, refreshToken: "r", utoken: piotr.utoken });
    expect((await bid(server.url, first, { AuctionId: id, Price: 40_000 })).status).toBe(200);

    const stop = liveHub.watch([id]);
    await until(() => liveHub.getState().connected && liveHub.getState().connectionId !== null, "connect");
    const connectionBefore = liveHub.getState().connectionId;
    const states: boolean[] = [];
    const unsubscribe = liveHub.subscribe(() => states.push(liveHub.getState().connected));

    // The session is refreshed: same person, new access token; the auction ends at that moment.
    session.save({ accessToken: await signIn(server.url, piotr), refreshToken: "r2", utoken: piotr.utoken });
    await db()
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() - 1000) })
      .where(eq(offers.id, id));
    await server.services.auctions.closer.tick();

    const won = () =>
      liveHub.getState().alerts.filter((a) => a.AuctionId === id && a.Message.startsWith("Gratulujemy!"));
    await until(() => won().length > 0, "the winner's message");
    await until(() => liveHub.getState().connectionId !== connectionBefore, "the new connection");
    // A second copy could only come over the connection being replaced: once the server has let it go
    // (only the new connection is left), nothing more can arrive on it.
    const biddingConnections = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      return Number(/^flotis_hub_connections\{hub="bidding"\} (\d+)/m.exec(text)?.[1]);
    };
    await expect.poll(biddingConnections, { timeout: 5_000 }).toBe(1);
    expect(won()).toHaveLength(1);
    // The screen never showed the connection as lost.
    expect(states).not.toContain(false);
    unsubscribe();
    stop();
  });
});
