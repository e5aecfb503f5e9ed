import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auctionSettlements, chats, leads } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { createAuction, createBidder } from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The panel's start page, "Moja praca", over HTTP: each member's queues by role (their open leads
// and the new ones nobody took, oldest first against the 4-hour promise; companies to verify;
// auctions to decide; chats waiting), the menu's counts on every page, and taking a lead from the
// queue, which records the first contact and lowers the count.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" }, { web: true, clock });
});
afterAll(() => server.close());

const { send, signedIn, member } = panelHttp(() => server, clock);
const db = () => server.services.db;
const hoursAgo = (h: number) => new Date(clock.now().getTime() - h * 3_600_000);

async function lead(
  surname: string,
  createdAt: Date,
  patch: { status?: "new" | "inProgress" | "closed"; assignedTo?: number | null } = {},
) {
  const [row] = await db()
    .insert(leads)
    .values({
      kind: "callBack",
      name: "Jan",
      surname,
      phoneNumber: "600700800",
      payload: {},
      createdAt,
      status: patch.status ?? "new",
      assignedTo: patch.assignedTo ?? null,
    })
    .returning({ id: leads.id });
  return row.id;
}

/** The order in which the page names the leads (each lead's link). */
const order = (page: string, ids: number[]) =>
  ids
    .map((id) => page.indexOf(`/panel/zgloszenia/${id}"`))
    .every((at, i, all) => at > 0 && (i === 0 || at > all[i - 1]));

describe("my work", () => {
  it("shows a sales member their leads and the untaken ones, oldest first against the 4-hour promise, with the menu's counts; taking one lowers them", async () => {
    const sales = await signedIn("sales");
    const other = await member("sales");
    // Five hours old and nobody's: past the promise by an hour.
    const late = await lead("Spóźniony", hoursAgo(5));
    const fresh = await lead("Świeży", hoursAgo(1));
    const mineNew = await lead("Mójnowy", hoursAgo(2), { assignedTo: sales.id });
    const mineTaken = await lead("Mójwtoku", hoursAgo(30), { status: "inProgress", assignedTo: sales.id });
    await lead("Cudzy", hoursAgo(3), { assignedTo: other.id });
    await lead("Zamknięty", hoursAgo(50), { status: "closed", assignedTo: sales.id });

    const work = await server.services.staff.myWork(sales);
    expect(work.counts).toEqual({ leads: 3, verification: 0, decisions: 0, chats: null });
    expect(work.myLeads?.map((l) => l.id)).toEqual([mineTaken, mineNew]);
    expect(work.unassigned?.map((l) => l.id)).toEqual([late, fresh]);

    const page = await (await send(sales.browser, "/panel")).text();
    expect(page).toContain('aria-label="Zgłoszenia: 3 do obsłużenia"');
    expect(page).toContain("Moje otwarte zgłoszenia: 2");
    expect(page).toContain("Nowe zgłoszenia bez opiekuna: 2");
    expect(order(page, [mineTaken, mineNew, late, fresh])).toBe(true);
    expect(page).toContain("po terminie: 1 godzina");
    expect(page).toContain("do terminu: 3 godziny");
    expect(page).toContain("do terminu: 2 godziny");
    // The other member's lead and the closed one are not this member's work.
    expect(page).not.toContain("Cudzy");
    expect(page).not.toContain("Zamknięty");
    // The count is in the menu of every panel page, read again on each.
    const offers = await (await send(sales.browser, "/panel/oferty")).text();
    expect(offers).toContain('aria-label="Zgłoszenia: 3 do obsłużenia"');

    clock.advance(30 * 60_000);
    const taken = await send(sales.browser, "/panel?index", { intent: "take", LeadId: String(late) });
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain(`Zgłoszenie nr ${late} jest Twoje i w toku.`);
    const [row] = await db().select().from(leads).where(eq(leads.id, late));
    expect(row).toMatchObject({ status: "inProgress", assignedTo: sales.id });
    expect(row.contactedAt?.getTime()).toBe(row.statusChangedAt?.getTime());
    expect((row.contactedAt?.getTime() ?? 0) - row.createdAt.getTime()).toBeGreaterThanOrEqual(
      5.5 * 3_600_000,
    );

    const after = await (await send(sales.browser, "/panel")).text();
    expect(after).toContain('aria-label="Zgłoszenia: 2 do obsłużenia"');
    expect(after).toContain("Moje otwarte zgłoszenia: 3");
    expect(after).toContain("Nowe zgłoszenia bez opiekuna: 1");
    // Taken after 5 and a half hours: the contact is shown against the promise.
    expect(after).toContain("czas do kontaktu: 5 godzin 30 minut (po terminie)");

    // Closing it later keeps the first contact's time.
    const firstContact = row.contactedAt?.getTime();
    clock.advance(3_600_000);
    await server.services.staff.leads.change(late, { Status: "closed", AssignedTo: sales.id }, sales);
    const [closed] = await db().select().from(leads).where(eq(leads.id, late));
    expect(closed.contactedAt?.getTime()).toBe(firstContact);
  });

  it("counts companies to verify, auctions to decide and queued chats for the roles that work them", async () => {
    const admin = await signedIn("admin");
    const consultant = await signedIn("consultant");
    const content = await signedIn("content");
    const waiting = await createBidder(db(), { status: "pending_verification" });
    await createBidder(db(), { status: "active" });
    const sold = await createAuction(db(), { make: "Kia", model: "Ceed" });
    const unsold = await createAuction(db(), { make: "Opel", model: "Astra" });
    const decided = await createAuction(db(), { make: "Fiat", model: "Tipo" });
    const belowReserve = await createAuction(db(), { make: "Mazda", model: "CX-5", reservePrice: 50_000 });
    await db()
      .insert(auctionSettlements)
      .values([
        { offerId: sold, finalPrice: 41_500, bidCount: 3, endedAt: hoursAgo(2), winnerUserId: waiting.id },
        { offerId: unsold, finalPrice: null, bidCount: 0, endedAt: hoursAgo(1) },
        { offerId: decided, finalPrice: 30_000, bidCount: 1, endedAt: hoursAgo(3), outcome: "confirmed" },
        { offerId: belowReserve, finalPrice: 48_000, bidCount: 2, endedAt: hoursAgo(0.5), outcome: "unsold" },
      ]);
    for (const [status, name] of [
      ["queued", "Ewa"],
      ["queued", "Olek"],
      ["active", "Iza"],
    ] as const)
      await db()
        .insert(chats)
        .values({ tokenHash: `t-${name}`, status, customerName: name, topic: "Aukcje" });

    const adminWork = await server.services.staff.myWork(admin);
    expect(adminWork.counts.verification).toBe(1);
    expect(adminWork.counts.decisions).toBe(3);
    expect(adminWork.counts.chats).toBe(2);
    expect(adminWork.accounts?.map((a) => a.id)).toEqual([waiting.id]);
    expect(adminWork.auctions?.map((a) => a.id)).toEqual([sold, unsold, belowReserve]);

    const page = await (await send(admin.browser, "/panel")).text();
    expect(page).toContain('aria-label="Konta klientów: 1 do weryfikacji"');
    expect(page).toContain('aria-label="Aukcje: 3 do decyzji"');
    expect(page).toContain('aria-label="Konsola czatu: 2 w kolejce"');
    expect(page).toContain(`/panel/konta-klientow/${waiting.id}"`);
    expect(page).toContain(`/panel/aukcje/${sold}"`);
    expect(page).toContain("41\u00a0500\u00a0zł netto · 3 oferty: potwierdź lub odrzuć sprzedaż");
    expect(page).toContain("bez ofert: zwolnij samochód");
    expect(page).toContain(
      "48\u00a0000\u00a0zł netto · 2 oferty: poniżej ceny minimalnej, przyjmij najwyższą ofertę lub zwolnij samochód",
    );
    expect(page).not.toContain(`/panel/aukcje/${decided}"`);

    // A consultant sees the chat queue only; a content editor has no queue at all.
    expect(await server.services.staff.workCounts(consultant)).toEqual({
      leads: null,
      verification: null,
      decisions: null,
      chats: 2,
    });
    const consultantPage = await (await send(consultant.browser, "/panel")).text();
    expect(consultantPage).toContain("Rozmowy czekające w kolejce czatu: 2");
    expect(consultantPage).not.toContain("Konta czekające na weryfikację");
    const contentPage = await (await send(content.browser, "/panel")).text();
    expect(contentPage).not.toContain("Moja praca");
    expect(contentPage).not.toContain("data-count");
    // Only those who work leads may take one.
    const refused = await send(consultant.browser, "/panel?index", { intent: "take", LeadId: "1" });
    expect(refused.status).toBe(403);
  });
});
