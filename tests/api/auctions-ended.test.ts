import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import type { OfferDetails, OfferList, OfferTile } from "../../src/domain/catalogue/offer";
import { formatApiDateTime } from "../../src/domain/format";
import { tokenHash } from "../../src/server/accounts/secrets";
import { dueAuctions } from "../../src/server/auctions/closer";
import { seedContent } from "../../src/server/content/seed";
import { resultRows } from "../../src/server/db/client";
import { accountAccessTokens, offers } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { pdfText } from "../support/pdf-text";

// An ended auction keeps its page and API answer for good, leaves the lists and counts; the
// hub tells a bidder their own bids; the printed offer speaks Polish and the configured rule.

let server: TestServer;
const db = () => server.services.db;

beforeAll(async () => {
  server = await startApiServer(
    {
      ALERTS_DIGEST_INTERVAL_MINUTES: "0",
      ANTI_SNIPING_WINDOW_SECONDS: "60",
      ANTI_SNIPING_EXTENSION_SECONDS: "300",
    },
    { web: true },
  );
  await seedContent(server.services.database);
  await seedCalculatorProperties(db(), DEFAULT_CALCULATOR_PROPERTIES);
}, 120_000);
afterAll(() => server?.close());

const getJson = async <T>(path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as T };
};
const signedIn = async () => {
  const b = await createBidder(db());
  return { ...b, token: await signIn(server.url, b) };
};

/** Moves the auction's end into the past and lets the end-of-auction job close it. */
async function end(auctionId: number): Promise<Date> {
  const at = new Date(Date.now() - 60_000);
  await db().update(offers).set({ auctionEnd: at }).where(eq(offers.id, auctionId));
  await server.services.auctions.closer.tick();
  await server.services.changes.caughtUp(db());
  return at;
}

async function soldAuction(make: string, model: string) {
  const id = await createAuction(db(), { make, model, startingPrice: 40_000 });
  const anna = await signedIn();
  const piotr = await signedIn();
  expect((await bid(server.url, anna.token, { AuctionId: id, Price: 40_000 })).status).toBe(200);
  expect((await bid(server.url, piotr.token, { AuctionId: id, Price: 41_000 })).status).toBe(200);
  const endedAt = await end(id);
  return { id, anna, piotr, endedAt };
}

describe("an ended auction", () => {
  it("keeps its API answer with the result: sold with the final price, or unsold", async () => {
    const sold = await soldAuction("Škoda", "Superb");
    const [row] = await db().select().from(offers).where(eq(offers.id, sold.id));
    expect(row.status).toBe("sold");
    const details = await getJson<OfferDetails>(`/api/OfferDetails/Auctions?AuctionId=${sold.id}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      AuctionId: sold.id,
      isAuctionEnded: true,
      CurrentPrice: 41_000,
      BidCount: 2,
      AuctionResult: {
        Sold: true,
        FinalPrice: 41_000,
        BidCount: 2,
        EndedAt: formatApiDateTime(sold.endedAt),
        EndedAtUtc: new Date(Math.floor(sold.endedAt.getTime())).toISOString(),
      },
    });
    // The winner's e-mail links to the page.
    await server.services.mail.worker.wake();
    const mails = (await (
      await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(sold.piotr.email)}`)
    ).json()) as { subject: string; text: string }[];
    const won = mails.find((m) => m.subject.startsWith("Gratulujemy"));
    expect(won?.text).toContain(
      `Wynik aukcji i kolejne kroki: ${server.services.config.publicUrl}${details.body.Url}`,
    );
    // The anonymised history stays too.
    const history = await getJson<{ Count: number; Bids: { Bidder: string; Price: number }[] }>(
      `/api/Bidding/BiddingHistory?auctionId=${sold.id}`,
    );
    expect(history.body.Count).toBe(2);
    expect(history.body.Bids.map((b) => b.Bidder)).toEqual(["Licytujący 2", "Licytujący 1"]);

    // Its printed offer states the result too.
    const pdf = await fetch(`${server.url}/api/OfferDetails/Auctions/PrintOffer?printingId=${sold.id}`, {
      method: "POST",
    });
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toMatch(/Cena końcowa 41[\s\u00a0]000[\s\u00a0]zł netto/);
    expect(text).toContain("Wynik aukcji samochód sprzedany");

    const unsoldId = await createAuction(db(), { make: "Škoda", model: "Kodiaq" });
    await end(unsoldId);
    const unsold = await getJson<OfferDetails>(`/api/OfferDetails/Auctions?AuctionId=${unsoldId}`);
    expect(unsold.status).toBe(200);
    expect(unsold.body.AuctionResult).toMatchObject({ Sold: false, FinalPrice: null, BidCount: 0 });

    const runningId = await createAuction(db(), { make: "Škoda", model: "Karoq" });
    const running = await getJson<OfferDetails>(`/api/OfferDetails/Auctions?AuctionId=${runningId}`);
    expect(running.body).toMatchObject({ isAuctionEnded: false, AuctionResult: null });
  });

  it("keeps its page: 'aukcja zakończona', the result, no bidding, out of search results", async () => {
    const sold = await soldAuction("Cupra", "Born");
    const { body } = await getJson<OfferDetails>(`/api/OfferDetails/Auctions?AuctionId=${sold.id}`);
    const res = await fetch(`${server.url}${body.Url}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("aukcja zakończona");
    expect(html).toContain("Wynik aukcji: samochód sprzedany.");
    expect(html).toMatch(/Cena końcowa.*41[\s\u00a0]000/s);
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).not.toContain("Twoja oferta (zł netto)");

    const unsoldId = await createAuction(db(), { make: "Cupra", model: "Leon" });
    await end(unsoldId);
    const unsold = await getJson<OfferDetails>(`/api/OfferDetails/Auctions?AuctionId=${unsoldId}`);
    const page = await (await fetch(`${server.url}${unsold.body.Url}`)).text();
    expect(page).toContain("Wynik aukcji: brak ofert, samochód nie został sprzedany.");
  });

  it("stays in favourites as ended, and leaves the lists and the /marki counts", async () => {
    const runningId = await createAuction(db(), { make: "Lancia", model: "Ypsilon" });
    const sold = await soldAuction("Lancia", "Delta");
    const favourites = await getJson<OfferTile[]>(`/api/Favorites/GetAll?ids=${sold.id},${runningId}`);
    expect(favourites.body.map((t) => [t.AuctionId, t.isAuctionEnded])).toEqual([
      [sold.id, true],
      [runningId, false],
    ]);

    const list = await fetch(`${server.url}/api/Offers/EndingAuctions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Makes: ["Lancia"] }),
    });
    expect(((await list.json()) as OfferList).Tails.map((t) => t.AuctionId)).toEqual([runningId]);
    const marki = await (await fetch(`${server.url}/marki`)).text();
    // The count a company reads (a private buyer's, 0, beside it: by-buyer.tsx).
    expect(marki).toMatch(/Lancia<\/span><span[^>]*><span data-for-buyer="company">1(<!-- -->| )*oferta</);
    expect(await server.services.content.makesWithCounts()).toContainEqual({
      make: "Lancia",
      slug: "lancia",
      count: 1,
      privateCount: 0,
    });

    // A make whose only offer is an ended auction leaves the brands menu and /marki.
    await soldAuction("Dacia", "Spring");
    server.services.makes.invalidate();
    expect((await server.services.makes.list()).map((m) => m.name)).not.toContain("Dacia");
    expect(await (await fetch(`${server.url}/marki`)).text()).not.toContain("Dacia");
  });
});

describe("an ended auction's own data, on every load", () => {
  it("answers its short data, says when it has no report yet, and refuses an expired token instead of forgetting who asks", async () => {
    const sold = await soldAuction("Opel", "Insignia");
    const short = await getJson<{ AuctionId: number; isAuctionEnded: boolean }>(
      `/api/OfferDetails/SimplifiedVehicleData?AuctionId=${sold.id}&vehicleSaleStatus=2`,
    );
    expect(short).toMatchObject({ status: 200, body: { AuctionId: sold.id, isAuctionEnded: true } });
    expect((await getJson(`/api/Ost/GetForAuction?auctionId=${sold.id}`)).body).toMatchObject({
      HasReport: false,
    });

    // Piotr reloads the page a while later: his access token has expired. The history must not answer
    // as to a visitor (no 'Ty'): a 401 makes the client refresh the token and ask again.
    const history = (token: string) =>
      fetch(`${server.url}/api/Bidding/BiddingHistory?auctionId=${sold.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const fresh = (await (await history(sold.piotr.token)).json()) as { Bids: { Bidder: string }[] };
    expect(fresh.Bids.map((b) => b.Bidder)).toEqual(["Ty", "Licytujący 1"]);
    await db()
      .update(accountAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountAccessTokens.tokenHash, tokenHash(sold.piotr.token)));
    expect((await history(sold.piotr.token)).status).toBe(401);
  });
});

describe("the end-of-auction job's look for auctions to close", () => {
  it("marks every closed auction settled and reads only those still to close, however many ended before", async () => {
    const sold = await soldAuction("Kia", "Ceed");
    const unsold = await createAuction(db(), { make: "Kia", model: "Sportage", startingPrice: 30_000 });
    await end(unsold);
    const settled = await db()
      .select({ id: offers.id, settled: offers.auctionSettled })
      .from(offers)
      .where(sql`${offers.id} in (${sold.id}, ${unsold})`);
    expect(settled.map((r) => r.settled)).toEqual([true, true]);
    // Every second the job asks for the auctions due: past auctions must not be walked each time (a
    // site's years of ended auctions), so the question is answered from the index of those still open.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${dueAuctions(tx, new Date(), 20)}`);
      return resultRows<Record<string, string>>(result)
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toContain("offers_unsettled_auctions_idx");
  });
});

describe("the printed offer", () => {
  it("names fuel, gearbox and body in Polish and states the configured anti-sniping rule", async () => {
    const id = await createAuction(db(), { make: "Toyota", model: "C-HR" });
    await db()
      .update(offers)
      .set({ fuelType: "HEV", gearBoxType: "automatic", bodyType: "suv" })
      .where(eq(offers.id, id));
    const res = await fetch(`${server.url}/api/OfferDetails/Auctions/PrintOffer?printingId=${id}`, {
      method: "POST",
    });
    expect(res.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Rodzaj paliwa Hybryda");
    expect(text).toContain("Skrzynia biegów Automatyczna");
    expect(text).toContain("Nadwozie SUV");
    expect(text).not.toMatch(/\bHEV\b|\bautomatic\b/);
    expect(text).toContain(
      "Oferta złożona w ostatniej minucie przed końcem przedłuża aukcję do 5 minut od tej oferty.",
    );
    expect(text).not.toContain("2 minut");
    // The API description says the same rule.
    const doc = (await (await fetch(`${server.url}/api/docs`)).json()) as {
      paths: Record<string, { post?: { description?: string } }>;
    };
    expect(doc.paths["/api/Bidding/Bid"].post?.description).toContain(
      "Oferta złożona w ostatniej minucie przed końcem przedłuża aukcję do 5 minut od tej oferty.",
    );
  });
});

describe("the hub and the bidder's own status", () => {
  const open = (token: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const s = connect(server.url, { transports: ["websocket"], auth: { token }, reconnection: false });
      s.on("connect", () => resolve(s));
      s.on("connect_error", reject);
    });
  const next = <T>(s: Socket, event: string): Promise<T> => new Promise((resolve) => s.once(event, resolve));

  it("tells a signed-in watcher their own highest bids, on any connection", async () => {
    const a = await createAuction(db(), { startingPrice: 30_000 });
    const b = await createAuction(db(), { startingPrice: 30_000 });
    const anna = await signedIn();
    const piotr = await signedIn();
    await bid(server.url, anna.token, { AuctionId: a, Price: 30_000 });
    await bid(server.url, anna.token, { AuctionId: a, Price: 31_000 });
    await bid(server.url, piotr.token, { AuctionId: a, Price: 32_000 });
    // A second device of Anna's: it never bid, the server knows her bids.
    const device = await open(anna.token);
    try {
      const mine = next<{ AuctionId: number; Price: number }[]>(device, "myBids");
      device.emit("WatchAuctions", [a, b]);
      expect(await mine).toEqual([{ AuctionId: a, Price: 31_000 }]);
    } finally {
      device.close();
    }
  });

  it("marks an outbid message with the bid count of the outbidding bid", async () => {
    const a = await createAuction(db(), { startingPrice: 30_000 });
    const anna = await signedIn();
    const piotr = await signedIn();
    await bid(server.url, anna.token, { AuctionId: a, Price: 30_000 });
    const device = await open(anna.token);
    try {
      const alert = next<Record<string, unknown>>(device, "showAlert");
      await bid(server.url, piotr.token, { AuctionId: a, Price: 31_000 });
      expect(await alert).toMatchObject({ Type: "warning", AuctionId: a, Bets: 2 });
    } finally {
      device.close();
    }
  });
});
