import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import { auctionFavourites, auctionSettlements, bids, offers } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionTestClient, bid, createAuction } from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";

// Auction events (ADR 060): a named sale whose lots open together and close one after another; each
// lot keeps its own anti-sniping, so an extension moves only that lot's end. Created through the fleet
// API and the panel's service, with the audit log; a page, a calendar file and one reminder e-mail.

const KEY = "klucz-floty-wydarzenia-aukcyjne-1";
const clock = new ManualClock();
let server: TestServer;
const { db, get, outbox, signedIn } = auctionTestClient(() => server);

beforeAll(async () => {
  server = await startApiServer(
    {
      ALERTS_DIGEST_INTERVAL_MINUTES: "0",
      OFFERS_API_KEY: KEY,
      ANTI_SNIPING_WINDOW_SECONDS: "30",
      ANTI_SNIPING_EXTENSION_SECONDS: "30",
    },
    { web: true, clock },
  );
  // The lots' own pages need the site's texts and the calculator's settings.
  await seedContent(server.services.database);
  await seedCalculatorProperties(db(), DEFAULT_CALCULATOR_PROPERTIES);
}, 120_000);
afterAll(() => server?.close());

const fleet = (method: string, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Three auctions on sale without bids, and an event of them: bidding now, lot 1 closing in two minutes. */
async function eventOfThree(name: string) {
  const ids = [
    await createAuction(db(), { make: "Škoda", model: "Superb" }),
    await createAuction(db(), { make: "Toyota", model: "Corolla" }),
    await createAuction(db(), { make: "Kia", model: "Ceed" }),
  ];
  const start = new Date(clock.now().getTime() - 60_000);
  // Soon after, so that a bidder's access token outlives the moves of the clock.
  const firstClose = new Date(clock.now().getTime() + 120_000);
  const res = await fleet("POST", "/api/Admin/AuctionEvents", {
    Name: name,
    Start: start.toISOString(),
    FirstClose: firstClose.toISOString(),
    IntervalSeconds: 60,
    AuctionIds: ids,
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { EventId: number; Url: string; Lots: number };
  return { ...body, ids, start, firstClose };
}

const ends = async (ids: number[]) => {
  const rows = await db()
    .select({ id: offers.id, end: offers.auctionEnd, lot: offers.lotNumber })
    .from(offers)
    .where(inArray(offers.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id));
};

describe("an auction event", () => {
  it("closes its lots one after another at its interval; an extension moves only that lot's end", async () => {
    const e = await eventOfThree("Aukcja czwartkowa 4 grudnia: 3 samochody");
    expect(e.Lots).toBe(3);
    expect(e.Url).toBe(`/wydarzenia-aukcyjne/${e.EventId}`);
    const planned = (n: number) => e.firstClose.getTime() + (n - 1) * 60_000;
    expect((await ends(e.ids)).map((r) => [r?.lot, r?.end?.getTime()])).toEqual([
      [1, planned(1)],
      [2, planned(2)],
      [3, planned(3)],
    ]);

    // A bid in lot 1's last seconds extends lot 1; lots 2 and 3 keep their planned ends.
    const anna = await signedIn();
    clock.advance(planned(1) - clock.now().getTime() - 10_000);
    const late = await bid(server.url, anna.token, { AuctionId: e.ids[0], Price: 40_000 });
    expect(late.body).toMatchObject({ Extended: true });
    const after = await ends(e.ids);
    expect(after[0]?.end?.getTime()).toBeGreaterThan(planned(1));
    expect(after.slice(1).map((r) => r?.end?.getTime())).toEqual([planned(2), planned(3)]);

    const html = await (await fetch(`${server.url}${e.Url}`)).text();
    expect(html).toContain("przedłużona do");
  });

  it("has a page with its lots in order, each lot's page names it, and the audit log has it", async () => {
    const e = await eventOfThree("Aukcja czwartkowa 4 grudnia: 3 samochody");
    // The page: the lots in order with their planned closes; unknown events are a 404.
    const page = await fetch(`${server.url}${e.Url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Aukcja czwartkowa 4 grudnia: 3 samochody");
    expect(html.indexOf("Škoda Superb")).toBeLessThan(html.indexOf("Toyota Corolla"));
    expect(html.indexOf("Toyota Corolla")).toBeLessThan(html.indexOf("Kia Ceed"));
    expect((await fetch(`${server.url}/wydarzenia-aukcyjne/999999`)).status).toBe(404);

    // Each lot's page names its event and place.
    const lot = await get(`/api/OfferDetails/Auctions?AuctionId=${e.ids[1]}`);
    const lotPage = await (await fetch(`${server.url}${(lot.body as { Url: string }).Url}`)).text();
    expect(lotPage).toContain("Nr 2 z 3 w wydarzeniu");

    const { entries } = await server.services.staff.audit({ entity: "event", entityId: String(e.EventId) });
    expect(entries.map((x) => x.action).sort()).toEqual(["event.create", "event.lots"]);
  });

  it("refuses, as a whole, an auction with bids or from another event; more lots follow the last", async () => {
    const taken = await eventOfThree("Aukcja piątkowa");
    const withBid = await createAuction(db(), { make: "Opel", model: "Astra" });
    await bid(server.url, (await signedIn()).token, { AuctionId: withBid, Price: 40_000 });
    const before = (await server.services.auctions.events.list()).length;
    const refused = await fleet("POST", "/api/Admin/AuctionEvents", {
      Name: "Aukcja sobotnia",
      Start: clock.now().toISOString(),
      FirstClose: new Date(clock.now().getTime() + 7_200_000).toISOString(),
      IntervalSeconds: 60,
      AuctionIds: [withBid],
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).ErrorMessage).toBe(
      `Aukcja nr ${withBid} ma już oferty (jej daty nie mogą się zmienić).`,
    );
    expect((await server.services.auctions.events.list()).length).toBe(before);
    const again = await fleet("PUT", `/api/Admin/AuctionEvents/Lots?EventId=${taken.EventId}`, {
      AuctionIds: [taken.ids[0]],
    });
    expect((await again.json()).ErrorMessage).toBe(`Aukcja nr ${taken.ids[0]} jest już w wydarzeniu.`);

    const fourth = await createAuction(db(), { make: "Ford", model: "Focus" });
    const more = await fleet("PUT", `/api/Admin/AuctionEvents/Lots?EventId=${taken.EventId}`, {
      AuctionIds: [fourth],
    });
    expect(more.status).toBe(200);
    expect(await more.json()).toMatchObject({ Lots: 4 });
    const [row] = await ends([fourth]);
    expect(row).toMatchObject({ lot: 4, end: new Date(taken.firstClose.getTime() + 3 * 60_000) });
    const missing = await fleet("PUT", "/api/Admin/AuctionEvents/Lots?EventId=999999", {
      AuctionIds: [fourth],
    });
    expect(missing.status).toBe(404);
  });
});

describe("an auction event's calendar, reminder and closes", () => {
  it("gives a calendar file and one reminder e-mail before the start to those watching any of its lots", async () => {
    const ids = [await createAuction(db(), { make: "Mazda", model: "CX-5" }), await createAuction(db())];
    const start = new Date(clock.now().getTime() + 6 * 3_600_000);
    const { id } = await server.services.auctions.events.create(
      {
        Name: "Aukcja, wtorkowa; 8 grudnia",
        StartsAt: start,
        FirstCloseAt: new Date(start.getTime() + 3_600_000),
        IntervalSeconds: 90,
      },
      { id: null, name: "Ewa Sprzedaż" },
      ids,
    );
    const ics = await fetch(`${server.url}/wydarzenia-aukcyjne/${id}/kalendarz.ics`);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await ics.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text).toContain("SUMMARY:Aukcja\\, wtorkowa\\; 8 grudnia\r\n");
    expect(text).toContain(
      `DTSTART:${start
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    const watcher = await signedIn();
    const other = await signedIn();
    await db()
      .insert(auctionFavourites)
      .values({ userId: watcher.id, offerId: ids[1], createdAt: clock.now() });
    await db()
      .insert(auctionFavourites)
      .values({ userId: watcher.id, offerId: ids[0], createdAt: clock.now() });
    const { notifications } = server.services.auctions;
    await notifications.sendDue();
    await notifications.sendDue();
    const mails = (await outbox(watcher.email)).filter((m) => m.subject.includes("wydarzenie aukcyjne"));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Wkrótce rozpoczyna się wydarzenie aukcyjne: Aukcja, wtorkowa; 8 grudnia");
    expect(mails[0].text).toContain(`/wydarzenia-aukcyjne/${id}/kalendarz.ics`);
    expect(mails[0].text).toMatch(/Nr 1: Mazda CX-5[\s\S]*Nr 2: Škoda Octavia/);
    expect((await outbox(other.email)).some((m) => m.subject.includes("wydarzenie aukcyjne"))).toBe(false);
  });

  it("bids racing a lot's close: the settlement is the highest accepted bid, every late bid is refused", async () => {
    const e = await eventOfThree("Aukcja nocna");
    const [first] = e.ids;
    const people = [await signedIn(), await signedIn(), await signedIn()];
    // Twenty seconds before the end: inside the anti-sniping window, each bid moves the end to 30 s after it.
    clock.advance(e.firstClose.getTime() - clock.now().getTime() - 20_000);
    // Twelve bids from three people: six before the end, then six sent together with the clock's move
    // past the end and the closer's pass, so they race the close.
    const attempts = Array.from({ length: 12 }, (_, i) => ({ who: people[i % 3], price: 40_000 + i * 500 }));
    const send = (a: (typeof attempts)[number]) =>
      bid(server.url, a.who.token, { AuctionId: first, Price: a.price });
    const early = await Promise.all(attempts.slice(0, 6).map(send));
    const sent = attempts.slice(6).map(send);
    const racing = await Promise.all([
      ...sent,
      (async () => {
        // Once the first of them is decided, the clock passes the (extended) end while the rest are in flight.
        await sent[0];
        clock.advance(31_000);
        await server.services.auctions.closer.tick();
        return null;
      })(),
    ]);
    const answers = [...early, ...racing];
    // Whatever was still open closes once its (maybe extended) end has passed.
    clock.advance(120_000);
    await server.services.auctions.closer.tick();
    const accepted = answers.flatMap((a) => (a && a.status === 200 ? [a.body as { Price: number }] : []));
    const refused = answers.flatMap((a) => (a && a.status !== 200 ? [a.body] : []));
    for (const r of refused) expect([60, 61]).toContain(r.ErrorCode);
    const [settled] = await db()
      .select()
      .from(auctionSettlements)
      .where(eq(auctionSettlements.offerId, first));
    const stored = await db().select().from(bids).where(eq(bids.offerId, first));
    expect(stored.length).toBeGreaterThanOrEqual(6);
    const top = Math.max(...stored.map((b) => b.price));
    expect(settled.finalPrice).toBe(top);
    expect(settled.bidCount).toBe(stored.length);
    expect(stored.length).toBe(accepted.length);
    expect(stored.every((b) => b.createdAt.getTime() < settled.endedAt.getTime())).toBe(true);
    // The other lots were not moved by lot 1's end.
    const rest = await ends(e.ids.slice(1));
    expect(rest.map((r) => r?.end?.getTime())).toEqual([
      e.firstClose.getTime() + 60_000,
      e.firstClose.getTime() + 120_000,
    ]);
  });
});
