import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuctionTerms } from "../../src/domain/auctions/live-events";
import type { OfferDetails } from "../../src/domain/catalogue/offer";
import { auctionSettlements, offers, technicalReports } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionTestClient, bid, createAuction } from "../support/auction-fixtures";
import { fleetCar } from "../support/fleet-fixtures";
import { pdfText } from "../support/pdf-text";

// The reserve price and buy now (ADR 056): bidders learn only whether the reserve was reached, live;
// an auction ending below it is unsold until staff accept its highest bid; buy now ends the auction
// at once for exactly one of those who confirm, while no bid has reached the reserve.

const KEY = "klucz-floty-cena-minimalna-kup-teraz";
let server: TestServer;
const { db, get, outbox, signedIn } = auctionTestClient(() => server);
const STAFF = { id: null, name: "Ewa Sprzedaż" };

beforeAll(async () => {
  server = await startApiServer({ ALERTS_DIGEST_INTERVAL_MINUTES: "0", OFFERS_API_KEY: KEY });
}, 120_000);
afterAll(() => server?.close());

const post = async (path: string, token: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const buyNow = (token: string, AuctionId: number, Price: number) =>
  post("/api/Bidding/BuyNow", token, { AuctionId, Price });

/** Moves the auction's end into the past and lets the end-of-auction job close it. */
async function end(auctionId: number) {
  await db()
    .update(offers)
    .set({ auctionEnd: new Date(Date.now() - 60_000) })
    .where(eq(offers.id, auctionId));
  await server.services.auctions.closer.tick();
}

const watcher = (): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(server.url, { transports: ["websocket"], reconnection: false });
    s.on("connect", () => resolve(s));
    s.on("connect_error", reject);
  });
const nextTerms = (s: Socket) => new Promise<AuctionTerms[]>((resolve) => s.once("auctionTerms", resolve));

describe("the printed offer", () => {
  const printed = async (id: number) => {
    const pdf = await fetch(`${server.url}/api/OfferDetails/Auctions/PrintOffer?printingId=${id}`, {
      method: "POST",
    });
    return (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text;
  };

  it("says whether the reserve is reached (never its amount), buy now while offered, the invoicing and the pick-up place", async () => {
    const id = await createAuction(db(), {
      startingPrice: 40_000,
      reservePrice: 47_300,
      buyNowPrice: 52_900,
    });
    await db()
      .update(offers)
      .set({ vatTreatment: "margin", pickUpCity: "Gdańsk", pickUpVoivodeship: "pomorskie" })
      .where(eq(offers.id, id));
    const before = await printed(id);
    expect(before).toContain("Cena minimalna nieosiągnięta");
    expect(before).toMatch(/Kup teraz 52\s900\szł netto/);
    expect(before).toContain("Faktura faktura VAT-marża");
    expect(before).toContain("Miejsce odbioru Gdańsk (woj. pomorskie)");
    expect(before).toContain("faktura VAT-marża: do ceny samochodu nie doliczamy VAT");
    expect(before).not.toMatch(/47\s?300/);

    const anna = await signedIn();
    expect((await bid(server.url, anna.token, { AuctionId: id, Price: 48_000 })).status).toBe(200);
    const reached = await printed(id);
    expect(reached).toContain("Cena minimalna osiągnięta");
    expect(reached).not.toContain("Kup teraz");
  });

  it("gives the condition grade derived from the report (ADR 067)", async () => {
    const id = await createAuction(db(), { startingPrice: 40_000 });
    await db()
      .insert(technicalReports)
      .values({
        offerId: id,
        inspectedAt: new Date(),
        inspector: "Ewa Lis",
        mileage: 98_100,
        summary: "Zadbany.",
        sections: [
          { Name: "Nadwozie i lakier", Rating: "dobry", Notes: "" },
          { Name: "Wnętrze", Rating: "bardzo dobry", Notes: "" },
        ],
        tyres: [{ Position: "przednia lewa", TreadDepthMm: 2.5, Season: "letnia", Notes: "" }],
        damages: [{ Place: "zderzak tylny", Description: "rysa 10 cm", PhotoId: null }],
      });
    // (4 + 5) / 2 = 4.5, a worn tyre −0.5, a damage −0.5: 3.5, rounded up to 4.
    expect(await printed(id)).toContain("Ocena stanu: 4 z 5.");
  });

  it("of an auction ended below its reserve says it is unsold, to be negotiated", async () => {
    const id = await createAuction(db(), { startingPrice: 40_000, reservePrice: 50_000 });
    const anna = await signedIn();
    await bid(server.url, anna.token, { AuctionId: id, Price: 41_000 });
    await end(id);
    const text = await printed(id);
    expect(text).toContain("Wynik aukcji niesprzedany – do negocjacji");
    expect(text).toContain("Faktura faktura VAT 23 %");
  });
});

describe("the reserve price", () => {
  it("is never shown as a number; watchers hear when a bid reaches it", async () => {
    const id = await createAuction(db(), { startingPrice: 40_000, reservePrice: 45_300 });
    const anna = await signedIn();
    const details = await get(`/api/OfferDetails/Auctions?AuctionId=${id}`);
    expect(details.body.AuctionTerms).toEqual({
      AuctionId: id,
      Reserve: "notMet",
      BuyNowPrice: null,
      Unsold: false,
    });
    expect(JSON.stringify(details.body)).not.toContain("45300");

    const s = await watcher();
    try {
      const first = nextTerms(s);
      s.emit("WatchAuctions", [id]);
      expect(await first).toEqual([{ AuctionId: id, Reserve: "notMet", BuyNowPrice: null, Unsold: false }]);
      // A bid below the reserve changes nothing bidders may know of it: no message.
      const reached = nextTerms(s);
      expect((await bid(server.url, anna.token, { AuctionId: id, Price: 41_000 })).status).toBe(200);
      expect((await bid(server.url, anna.token, { AuctionId: id, Price: 45_500 })).status).toBe(200);
      expect(await reached).toEqual([{ AuctionId: id, Reserve: "met", BuyNowPrice: null, Unsold: false }]);
    } finally {
      s.close();
    }
    const history = await get(`/api/Bidding/BiddingHistory?auctionId=${id}`);
    expect(JSON.stringify(history.body)).not.toContain("45300");
  });

  it("below it the auction ends unsold, to be negotiated; staff may accept the highest bid afterwards", async () => {
    const id = await createAuction(db(), { startingPrice: 40_000, reservePrice: 50_000 });
    const anna = await signedIn();
    const piotr = await signedIn();
    await bid(server.url, anna.token, { AuctionId: id, Price: 40_000 });
    await bid(server.url, piotr.token, { AuctionId: id, Price: 44_000 });
    await end(id);

    const [s] = await db().select().from(auctionSettlements).where(eq(auctionSettlements.offerId, id));
    expect(s).toMatchObject({ outcome: "unsold", winnerUserId: null, finalPrice: 44_000 });
    const details = await get(`/api/OfferDetails/Auctions?AuctionId=${id}`);
    expect(details.body.AuctionResult).toMatchObject({ Sold: false, BelowReserve: true, FinalPrice: null });
    expect((details.body as OfferDetails).AuctionTerms).toMatchObject({ Reserve: "notMet", Unsold: true });
    const told = await outbox(piotr.email);
    expect(told.map((m) => m.subject)).toContain(
      `Aukcja zakończona poniżej ceny minimalnej: Škoda Octavia 2.0 TDI Style`,
    );
    expect(told.some((m) => m.subject.startsWith("Gratulujemy"))).toBe(false);
    expect((await get("/api/WonAuctions/Get", piotr.token)).body.Auctions).toEqual([]);

    // Staff cannot confirm a sale nobody won; they accept the highest bid instead.
    await expect(server.services.staff.auctions.confirm(id, STAFF)).rejects.toThrow();
    await server.services.staff.auctions.acceptHighest(id, STAFF);
    await expect(server.services.staff.auctions.acceptHighest(id, STAFF)).rejects.toThrow(
      "Ta aukcja jest już rozstrzygnięta.",
    );
    const [after] = await db().select().from(auctionSettlements).where(eq(auctionSettlements.offerId, id));
    expect(after).toMatchObject({ outcome: "pending", finalPrice: 44_000, decidedBy: "Ewa Sprzedaż" });
    expect(after.winnerUserId).not.toBeNull();
    const accepted = (await outbox(piotr.email)).find((m) =>
      m.subject.startsWith("Przyjęliśmy Twoją ofertę"),
    );
    expect(accepted?.text).toMatch(/Przyjęliśmy Twoją ofertę 44\s000\szł netto/);
    expect((await outbox(anna.email)).some((m) => m.subject.startsWith("Przyjęliśmy"))).toBe(false);
    const { entries } = await server.services.staff.audit({ entity: "auction", entityId: String(id) });
    expect(entries.map((e) => e.action)).toContain("auction.accept");
    const won = await get("/api/WonAuctions/Get", piotr.token);
    expect((won.body.Auctions as { AuctionId: number }[]).map((w) => w.AuctionId)).toEqual([id]);
    const page = await get(`/api/OfferDetails/Auctions?AuctionId=${id}`);
    expect((page.body as OfferDetails).AuctionTerms?.Unsold).toBe(false);
  });

  it("is set through the fleet API, never below the starting price", async () => {
    const auction = (o: Record<string, unknown>) =>
      fetch(`${server.url}/api/Admin/Offers`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(
          fleetCar({
            SaleType: "auction",
            Prices: undefined,
            AuctionStart: new Date(Date.now() - 60_000).toISOString(),
            AuctionEnd: new Date(Date.now() + 86_400_000).toISOString(),
            StartingPrice: 60_000,
            ...o,
          }),
        ),
      });
    const low = await auction({ ReservePrice: 50_000, Vin: "YV1ZWK8V0P2000101" });
    expect(low.status).toBe(400);
    expect((await low.json()).ErrorMessage).toContain(
      "Cena minimalna nie może być niższa od ceny wywoławczej.",
    );
    const below = await auction({ ReservePrice: 70_000, BuyNowPrice: 65_000, Vin: "YV1ZWK8V0P2000102" });
    expect(below.status).toBe(400);
    expect((await below.json()).ErrorMessage).toContain(
      "Cena „Kup teraz” nie może być niższa od ceny minimalnej.",
    );
    const ok = await auction({ ReservePrice: 70_000, BuyNowPrice: 80_000, Vin: "YV1ZWK8V0P2000103" });
    expect(ok.status).toBe(201);
    const { AuctionId } = (await ok.json()) as { AuctionId: number };
    const [row] = await db().select().from(offers).where(eq(offers.id, AuctionId));
    expect({ reserve: row.reservePrice, buyNow: row.buyNowPrice }).toEqual({
      reserve: 70_000,
      buyNow: 80_000,
    });
  });
});

describe("buy now", () => {
  it("ends the auction for exactly one of two bidders confirming at once; watchers hear it", async () => {
    const id = await createAuction(db(), {
      startingPrice: 40_000,
      reservePrice: 50_000,
      buyNowPrice: 58_000,
    });
    const anna = await signedIn();
    const piotr = await signedIn();
    await bid(server.url, anna.token, { AuctionId: id, Price: 40_000 });
    const s = await watcher();
    try {
      const watched = nextTerms(s);
      s.emit("WatchAuctions", [id]);
      expect((await watched)[0].BuyNowPrice).toBe(58_000);
      const closed = nextTerms(s);
      const answers = await Promise.all([buyNow(anna.token, id, 58_000), buyNow(piotr.token, id, 58_000)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const refused = answers.find((a) => a.status === 400);
      expect(refused?.body).toMatchObject({ ErrorCode: 61 });
      const buyer = answers[0].status === 200 ? anna : piotr;
      expect(await closed).toEqual([{ AuctionId: id, Reserve: "met", BuyNowPrice: null, Unsold: false }]);
      // A bid after it is refused: the auction has ended.
      expect((await bid(server.url, anna.token, { AuctionId: id, Price: 60_000 })).body).toMatchObject({
        ErrorCode: 61,
      });
      await server.services.auctions.closer.tick();
      const [settled] = await db()
        .select()
        .from(auctionSettlements)
        .where(eq(auctionSettlements.offerId, id));
      expect(settled).toMatchObject({
        outcome: "pending",
        finalPrice: 58_000,
        winnerUserId: buyer.id,
        bidCount: 2,
      });
      expect((await outbox(buyer.email)).some((m) => m.subject.startsWith("Gratulujemy"))).toBe(true);
    } finally {
      s.close();
    }
  });

  it("closes once a bid reaches the reserve, or without a reserve once anyone bids; a changed price is refused", async () => {
    const anna = await signedIn();
    const piotr = await signedIn();
    const withReserve = await createAuction(db(), {
      startingPrice: 40_000,
      reservePrice: 45_000,
      buyNowPrice: 52_000,
    });
    expect((await buyNow(anna.token, withReserve, 51_000)).body).toMatchObject({
      ErrorCode: 67,
      ErrorMessage: expect.stringMatching(/Cena „Kup teraz” wynosi teraz 52\s000\szł netto/),
    });
    await bid(server.url, piotr.token, { AuctionId: withReserve, Price: 45_000 });
    expect((await buyNow(anna.token, withReserve, 52_000)).body).toMatchObject({ ErrorCode: 66 });
    const details = await get(`/api/OfferDetails/Auctions?AuctionId=${withReserve}`);
    expect(details.body.AuctionTerms).toMatchObject({ Reserve: "met", BuyNowPrice: null });

    const noReserve = await createAuction(db(), { startingPrice: 40_000, buyNowPrice: 52_000 });
    await bid(server.url, piotr.token, { AuctionId: noReserve, Price: 40_000 });
    expect((await buyNow(anna.token, noReserve, 52_000)).body).toMatchObject({ ErrorCode: 66 });
    // Without a buy-now price there is nothing to buy.
    const plain = await createAuction(db(), { startingPrice: 40_000 });
    expect((await buyNow(anna.token, plain, 52_000)).body).toMatchObject({ ErrorCode: 66 });
  });
});

describe("the full cost before bidding", () => {
  it("says how the car is invoiced and where it is picked up; staff's fee and transport tables are audited", async () => {
    const auction = (o: Record<string, unknown>) =>
      fetch(`${server.url}/api/Admin/Offers`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(
          fleetCar({
            SaleType: "auction",
            Prices: undefined,
            AuctionStart: new Date(Date.now() - 60_000).toISOString(),
            AuctionEnd: new Date(Date.now() + 86_400_000).toISOString(),
            StartingPrice: 60_000,
            ...o,
          }),
        ),
      });
    const wrong = await auction({
      PickUpCity: "Kraków",
      PickUpVoivodeship: "Małopolska",
      Vin: "YV1ZWK8V0P2000201",
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).ErrorMessage).toContain("PickUpVoivodeship");
    const ok = await auction({
      VatTreatment: "margin",
      PickUpCity: "Kraków",
      PickUpVoivodeship: "małopolskie",
      Vin: "YV1ZWK8V0P2000202",
    });
    expect(ok.status).toBe(201);
    const { AuctionId } = (await ok.json()) as { AuctionId: number };
    const details = await get(`/api/OfferDetails/Auctions?AuctionId=${AuctionId}`);
    expect(details.body).toMatchObject({
      VatTreatment: "margin",
      PickUpLocation: { City: "Kraków", Voivodeship: "małopolskie" },
    });
    const plain = await get(`/api/OfferDetails/Auctions?AuctionId=${await createAuction(db())}`);
    expect(plain.body).toMatchObject({ VatTreatment: "vat23", PickUpLocation: null });

    const { auctions, staff } = server.services;
    const before = await auctions.costs();
    expect(before.bands.at(-1)).toEqual({ upTo: null, fee: 1_800 });
    expect(before.transport).toHaveLength(16);
    await auctions.saveCosts(
      {
        bands: [
          { upTo: 30_000, fee: 400 },
          { upTo: null, fee: 1_000 },
        ],
        transport: before.transport,
      },
      STAFF,
    );
    expect((await auctions.costs()).bands).toEqual([
      { upTo: 30_000, fee: 400 },
      { upTo: null, fee: 1_000 },
    ]);
    const { entries } = await staff.audit({ entity: "auction-costs" });
    expect(entries.map((e) => e.action)).toEqual(["auction.costs"]);
  });
});
