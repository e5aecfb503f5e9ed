import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../support/api-server";

/** Auth declared on the route (http/route-guards.ts) is what /api/docs states. */
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ OFFERS_API_KEY: "klucz-systemu-flotowego-0123456789" });
});
afterAll(() => server.close());

describe("route auth in /api/docs", () => {
  it("states which operations need the person's token, the fleet key, or read a token when sent", async () => {
    const docs = await (await fetch(`${server.url}/api/docs`)).json();
    const security = (path: string, method: string) => docs.paths[path][method].security;
    expect(security("/api/Account", "get")).toEqual([{ accessToken: [] }]);
    expect(security("/api/Bidding/Bid", "post")).toEqual([{ accessToken: [] }]);
    expect(security("/api/Admin/Offers", "post")).toEqual([{ offersApiKey: [] }]);
    expect(security("/api/Bidding/BiddingHistory", "get")).toEqual([{}, { accessToken: [] }]);
    expect(security("/api/Literals/Get", "get")).toBeUndefined();
    expect(Object.keys(docs.components.securitySchemes)).toEqual(
      expect.arrayContaining(["accessToken", "offersApiKey"]),
    );
  });

  it("refuses a token-only operation without a token, and the fleet API without its key", async () => {
    const bid = await fetch(`${server.url}/api/Bidding/Bid`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ AuctionId: 1, Price: 1000 }),
    });
    expect(bid.status).toBe(401);
    expect((await bid.json()).ErrorCode).toBe(8);
    const admin = await fetch(`${server.url}/api/Admin/Offers`, { method: "POST", body: "{}" });
    expect(admin.status).toBe(401);
  });
});
