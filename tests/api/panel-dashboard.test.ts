import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auctionSettlements, leads, offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { createAuction, createBidder } from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The panel's dashboard over HTTP: leads per Polish day by source and per campaign, the time to the
// first contact against the 4-hour promise, leads that ended in a sale per month, the auctions' sell-
// through and final prices against the starting price, from known rows; the range in the address,
// each chart's CSV file, and the roles that may read them.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" }, { web: true, clock });
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);
const db = () => server.services.db;
const at = (iso: string) => new Date(iso);
const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);

async function lead(
  createdAt: string,
  o: { ads?: string; click?: string; campaign?: string; contactAfterHours?: number; offer?: number } = {},
) {
  const created = at(createdAt);
  const contacted = o.contactAfterHours === undefined ? null : hours(created, o.contactAfterHours);
  await db()
    .insert(leads)
    .values({
      kind: "question",
      phoneNumber: "600700800",
      payload: {},
      createdAt: created,
      adsClickId: o.ads ?? null,
      clickId: o.click ?? null,
      campaignId: o.campaign ?? null,
      auctionId: o.offer ?? null,
      status: contacted ? "inProgress" : "new",
      statusChangedAt: contacted,
      contactedAt: contacted,
    });
}

async function ended(
  endedAt: string,
  o: {
    startingPrice: number;
    reservePrice?: number;
    finalPrice: number | null;
    outcome: "pending" | "confirmed" | "released" | "cancelled" | "unsold";
    winner?: number;
  },
) {
  const id = await createAuction(db(), { startingPrice: o.startingPrice, reservePrice: o.reservePrice });
  await db()
    .insert(auctionSettlements)
    .values({
      offerId: id,
      winnerUserId: o.winner ?? null,
      finalPrice: o.finalPrice,
      bidCount: o.finalPrice === null ? 0 : 2,
      endedAt: at(endedAt),
      outcome: o.outcome,
    });
  if (o.outcome === "confirmed") await db().update(offers).set({ status: "sold" }).where(eq(offers.id, id));
  return id;
}

const RANGE = "od=2026-03-01&do=2026-04-30";

beforeAll(async () => {
  const winner = await createBidder(db());
  const sold = await ended("2026-03-10T12:00:00Z", {
    startingPrice: 40_000,
    reservePrice: 45_000,
    finalPrice: 46_000,
    outcome: "confirmed",
    winner: winner.id,
  });
  const fellThrough = await ended("2026-03-20T12:00:00Z", {
    startingPrice: 35_000,
    finalPrice: 30_000,
    outcome: "released",
    winner: winner.id,
  });
  // The highest bid stayed below the reserve: to be negotiated, waiting for staff's decision.
  await ended("2026-04-05T12:00:00Z", {
    startingPrice: 20_000,
    reservePrice: 22_000,
    finalPrice: 21_000,
    outcome: "unsold",
  });
  await ended("2026-04-06T12:00:00Z", { startingPrice: 25_000, finalPrice: null, outcome: "pending" });
  await ended("2026-04-07T12:00:00Z", {
    startingPrice: 99_000,
    finalPrice: 99_000,
    outcome: "cancelled",
    winner: winner.id,
  });
  // 22:00 on 28 February in Poland: before the range.
  await lead("2026-02-28T21:00:00Z", { campaign: "zima", contactAfterHours: 1 });
  await lead("2026-03-02T09:00:00Z", { ads: "G1", campaign: "wiosna", contactAfterHours: 0.5, offer: sold });
  await lead("2026-03-02T10:00:00Z", { click: "F1", campaign: "wiosna", contactAfterHours: 3 });
  await lead("2026-03-05T08:00:00Z", { campaign: "lato", contactAfterHours: 5 });
  // 00:30 on 1 April in Poland (summer time): an April day, never contacted, long past the promise.
  await lead("2026-03-31T22:30:00Z");
  await lead("2026-04-10T12:00:00Z", { contactAfterHours: 30, offer: fellThrough });
});

describe("the dashboard", () => {
  it("adds up the range's leads, contacts, sales and auctions exactly", async () => {
    const d = await server.services.staff.dashboard({ from: "2026-03-01", to: "2026-04-30" });
    expect(d.leadsByDay).toHaveLength(61);
    const days = Object.fromEntries(
      d.leadsByDay.filter((r) => Object.values(r.sources).some(Boolean)).map((r) => [r.day, r.sources]),
    );
    expect(days).toEqual({
      "2026-03-02": { ads: 1, click: 1, campaign: 0, direct: 0 },
      "2026-03-05": { ads: 0, click: 0, campaign: 1, direct: 0 },
      "2026-04-01": { ads: 0, click: 0, campaign: 0, direct: 1 },
      "2026-04-10": { ads: 0, click: 0, campaign: 0, direct: 1 },
    });
    expect(d.leadsByCampaign).toEqual([
      { campaign: "wiosna", leads: 2 },
      { campaign: null, leads: 2 },
      { campaign: "lato", leads: 1 },
    ]);
    expect(d.firstContact).toEqual({ h1: 1, h2: 0, h4: 1, h8: 1, h24: 0, more: 1, late: 1, waiting: 0 });
    expect(d.conversions).toEqual([
      { month: "2026-03", leads: 3, sold: 1 },
      { month: "2026-04", leads: 2, sold: 0 },
    ]);
    expect(d.sellThrough).toEqual([
      { month: "2026-03", sold: 1, pending: 0, unsold: 1 },
      { month: "2026-04", sold: 0, pending: 1, unsold: 1 },
    ]);
    // March: the sold car reached its reserve of 45 000 (46 000), the other had none (35 000 → 30 000).
    expect(d.prices).toEqual([
      { month: "2026-03", auctions: 2, withReserve: 1, reserveMet: 1, reference: 80_000, final: 76_000 },
      { month: "2026-04", auctions: 1, withReserve: 1, reserveMet: 0, reference: 22_000, final: 21_000 },
    ]);
  });

  it("shows the charts with their tables and summary for the range in the address", async () => {
    const sales = await signedIn("sales");
    const res = await send(sales.browser, `/panel/statystyki?${RANGE}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Okres: 01.03.2026 – 30.04.2026");
    expect(page).toContain("40% (2 z 5)");
    expect(page).toContain("Skuteczność aukcji");
    expect(page).toContain("25% (1 z 4)");
    // Eight charts, each with a table and a CSV link beside it; each an image with its name but the
    // most visited offers, which say in words that no offer was visited in the range.
    expect(page.match(/<svg[^>]*role="img"/g)).toHaveLength(7);
    expect(page).toContain("W tym okresie nikt nie odwiedził stron ofert.");
    expect(page.match(/Tabela danych<\/summary>/g)).toHaveLength(8);
    expect(page).toContain(`/panel/statystyki.csv?wykres=ceny&amp;od=2026-03-01&amp;do=2026-04-30`);
    expect(page).toContain("Cena odniesienia to cena minimalna (rezerwa) aukcji");
    expect(page).toContain("marzec 2026");
    // 76 000 of 80 000 in March, 21 000 of 22 000 in April.
    expect(page).toContain(">95<");
    expect(page).toContain(">95,5<");
    // A year of days stays a page the server renders quickly: each series' columns are one path, the
    // tables' cells carry no classes of their own (it was 378 KB with a rectangle and classes each).
    const year = await (await send(sales.browser, "/panel/statystyki?od=2025-05-01&do=2026-04-30")).text();
    expect(year.length).toBeLessThan(200_000);
    expect(year).not.toMatch(/<td class=/);

    // A reversed range is turned round; a wrong day falls back to the default and says so.
    const reversed = await (
      await send(sales.browser, "/panel/statystyki?od=2026-04-30&do=2026-03-01")
    ).text();
    expect(reversed).toContain("Okres: 01.03.2026 – 30.04.2026");
    const wrong = await (await send(sales.browser, "/panel/statystyki?od=2026-02-31")).text();
    expect(wrong).toContain("Nieprawidłowa data: pokazujemy domyślny okres.");
  });

  it("gives each chart's table as a CSV file with semicolons, for sales and admins only", async () => {
    const sales = await signedIn("sales");
    const res = await send(sales.browser, `/panel/statystyki.csv?wykres=aukcje&${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="statystyki-aukcje-2026-03-01-2026-04-30.csv"',
    );
    const csv = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ""), {
      delimiter: ";",
      skipEmptyLines: true,
    });
    expect(csv.data).toEqual([
      ["Miesiąc zakończenia", "Sprzedane", "Czekają na decyzję", "Niesprzedane", "Skuteczność (%)"],
      ["marzec 2026", "1", "0", "1", "50"],
      ["kwiecień 2026", "0", "1", "1", "0"],
    ]);
    const contact = await (await send(sales.browser, `/panel/statystyki.csv?wykres=kontakt&${RANGE}`)).text();
    expect(contact).toContain("do 1 godziny;1;20\r\n");
    expect(contact).toContain("bez kontaktu, po terminie;1;20\r\n");
    expect((await send(sales.browser, `/panel/statystyki.csv?wykres=nieznany&${RANGE}`)).status).toBe(404);

    for (const role of ["content", "consultant"] as const) {
      const other = await signedIn(role);
      expect((await send(other.browser, `/panel/statystyki?${RANGE}`)).status).toBe(403);
      expect((await send(other.browser, `/panel/statystyki.csv?wykres=aukcje&${RANGE}`)).status).toBe(403);
    }
  });
});
