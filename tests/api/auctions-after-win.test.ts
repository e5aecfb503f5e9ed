import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AfterWin } from "../../src/domain/auctions/after-win";
import { polishLocalInput } from "../../src/domain/polish-time";
import { offers, pickUpSlots } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionTestClient, bid, createAuction } from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";
import { pdfText } from "../support/pdf-text";

// After the win (ADR 066): staff set the winner's steps in the panel's auction page (pro-forma,
// payment, documents, pick-up slots), in order, each audited and e-mailed; the winner reads them,
// downloads the pro-forma PDF and books one of the slots; nobody else sees any of it.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", ALERTS_DIGEST_INTERVAL_MINUTES: "0" },
    { web: true, clock },
  );
}, 120_000);
afterAll(() => server?.close());

const { db, get, outbox, signedIn } = auctionTestClient(() => server);
const panel = panelHttp(() => server, clock);

/** An auction won by a new bidder at `price` (closed by the end-of-auction job). */
async function wonAuction(price: number, facts: Partial<typeof offers.$inferInsert> = {}) {
  const id = await createAuction(db(), { startingPrice: price });
  if (Object.keys(facts).length) await db().update(offers).set(facts).where(eq(offers.id, id));
  const winner = await signedIn();
  expect((await bid(server.url, winner.token, { AuctionId: id, Price: price })).status).toBe(200);
  await db()
    .update(offers)
    .set({ auctionEnd: new Date(clock.now().getTime() - 1_000) })
    .where(eq(offers.id, id));
  await server.services.auctions.closer.tick();
  return { id, winner };
}

const steps = (w: AfterWin) => Object.fromEntries(w.Steps.map((s) => [s.Step, s.Done]));

const authed = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
  });

it("staff set the steps in order in the panel; the winner reads each, gets an e-mail and downloads the pro-forma", async () => {
  const { id, winner } = await wonAuction(48_000, {
    pickUpCity: "Poznań",
    pickUpVoivodeship: "wielkopolskie",
  });
  const other = await signedIn();

  // The won e-mail names how the car is invoiced and where it is picked up.
  const wonMail = (await outbox(winner.email)).find((m) => m.subject.startsWith("Gratulujemy"));
  expect(wonMail?.text).toContain("Faktura: faktura VAT 23 %.");
  expect(wonMail?.text).toContain("Miejsce odbioru samochodu: Poznań (woj. wielkopolskie).");

  const first = await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, winner.token);
  expect(first.status).toBe(200);
  expect(steps(first.body as AfterWin)).toEqual({
    proForma: false,
    payment: false,
    documents: false,
    pickUp: false,
  });
  expect((await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, other.token)).body).toMatchObject({
    ErrorCode: 3,
  });
  const early = await authed(`/api/WonAuctions/ProForma?auctionId=${id}`, winner.token);
  expect(early.status).toBe(409);
  expect(await early.json()).toEqual({
    ErrorCode: 68,
    ErrorMessage: "Faktura pro forma nie jest jeszcze wystawiona.",
  });

  const sales = await panel.signedIn("sales");
  const path = `/panel/aukcje/${id}`;
  const page = await (await panel.send(sales.browser, path)).text();
  expect(page).toContain("Po wygranej");
  // Out of order: the payment before the pro-forma is refused, nothing is written.
  const refused = await panel.send(sales.browser, path, { intent: "payment" });
  expect(await refused.text()).toContain("Najpierw wystaw fakturę pro forma.");
  const issued = await panel.send(sales.browser, path, { intent: "proForma", Delivery: "mazowieckie" });
  expect(await issued.text()).toContain("Wystawiono fakturę pro forma.");

  const after = (await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, winner.token)).body as AfterWin;
  expect(steps(after)).toMatchObject({ proForma: true, payment: false });
  const year = polishLocalInput(clock.now()).slice(0, 4);
  // 48 000 zł is in the 20 001–50 000 band (900 zł); transport to mazowieckie 500 zł; VAT 23 % on all.
  expect(after.ProForma).toEqual({
    Number: `PF/${year}/${id}`,
    TotalBrutto: Math.round((48_000 + 900 + 500) * 1.23),
    Delivery: "transport (woj. mazowieckie)",
  });
  const mail = (await outbox(winner.email)).find((m) => m.subject.startsWith("Faktura pro forma"));
  expect(mail?.text).toContain(`PF/${year}/${id}`);
  expect(mail?.text).toMatch(/60\s762\szł brutto/);

  const pdf = await authed(`/api/WonAuctions/ProForma?auctionId=${id}`, winner.token);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("content-type")).toBe("application/pdf");
  const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  for (const words of [
    `Faktura pro forma nr PF/${year}/${id}`,
    "Auto Handel Nowak sp. z o.o.",
    "5260250274",
    "ul. Prosta 1, 00-001 Warszawa",
    "Škoda Octavia 2.0 TDI Style",
    "TMBJJ7NX5MY000001",
  ])
    expect(text).toContain(words);
  expect(text).toMatch(/Opłata aukcyjna netto 900\szł/);
  expect(text).toMatch(/Transport netto 500\szł/);
  expect(text).toMatch(/VAT 23\s% 11\s362\szł/);
  expect(text).toMatch(/Do zapłaty brutto 60\s762\szł/);
  expect((await authed(`/api/WonAuctions/ProForma?auctionId=${id}`, other.token)).status).toBe(404);
  expect((await panel.send(sales.browser, `${path}/pro-forma.pdf`)).headers.get("content-type")).toBe(
    "application/pdf",
  );

  await panel.send(sales.browser, path, { intent: "payment" });
  await panel.send(sales.browser, path, { intent: "documents" });
  const again = await panel.send(sales.browser, path, { intent: "documents" });
  expect(await again.text()).toContain("Ten krok jest już ustawiony.");
  const done = (await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, winner.token)).body as AfterWin;
  expect(steps(done)).toEqual({ proForma: true, payment: true, documents: true, pickUp: false });
  const subjects = (await outbox(winner.email)).map((m) => m.subject);
  expect(subjects).toContain("Otrzymaliśmy wpłatę: Škoda Octavia 2.0 TDI Style");
  expect(subjects).toContain("Dokumenty samochodu są gotowe: Škoda Octavia 2.0 TDI Style");
  expect(subjects.filter((s) => s.startsWith("Dokumenty"))).toHaveLength(1);
  expect((await outbox(other.email)).some((m) => m.subject.startsWith("Faktura pro forma"))).toBe(false);

  const { entries } = await server.services.staff.audit({ entity: "auction", entityId: String(id) });
  expect(entries.map((e) => e.action)).toEqual(
    expect.arrayContaining(["auction.proForma", "auction.payment", "auction.documents"]),
  );
  expect(entries.find((e) => e.action === "auction.proForma")?.after).toMatchObject({
    fee: 900,
    transport: 500,
    transportTo: "mazowieckie",
  });

  const won = await get("/api/WonAuctions/Get", winner.token);
  const tile = (won.body.Auctions as { AuctionId: number; AfterWin: AfterWin }[]).find(
    (t) => t.AuctionId === id,
  );
  expect(steps(tile?.AfterWin as AfterWin)).toMatchObject({ documents: true });
});

it("under the margin scheme the car's price carries no VAT; pick-up at the car's place costs nothing", async () => {
  const { id, winner } = await wonAuction(30_000, { vatTreatment: "margin", pickUpCity: "Kraków" });
  await server.services.auctions.afterWin.setStep(id, "proForma", { id: null, name: "Ewa Sprzedaż" }, null);
  const view = (await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, winner.token)).body as AfterWin;
  // VAT 23 % on the fee of 900 zł only: 207 zł.
  expect(view.ProForma).toMatchObject({
    TotalBrutto: 30_000 + 900 + 207,
    Delivery: "odbiór własny: Kraków",
  });
  const pdf = await authed(`/api/WonAuctions/ProForma?auctionId=${id}`, winner.token);
  const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  expect(text).toContain("VAT-marża");
  expect(text).toMatch(/VAT 23\s% od opłaty i transportu 207\szł/);
  expect(text).toMatch(/Transport netto — \(odbiór własny\)/);
});

it("staff offer pick-up slots; the winner books one of them (a past one is refused), then may move it", async () => {
  const { id, winner } = await wonAuction(25_000);
  const other = await signedIn();
  const sales = await panel.signedIn("sales");
  const path = `/panel/aukcje/${id}`;
  const inDays = (d: number) => polishLocalInput(new Date(clock.now().getTime() + d * 86_400_000));
  const past = await panel.send(sales.browser, path, {
    intent: "slot",
    SlotStart: inDays(-1),
    SlotPlace: "Plac Poznań",
  });
  expect(await past.text()).toContain("Termin odbioru musi być w przyszłości");
  for (const [d, place] of [
    [2, "Plac Poznań, ul. Głogowska 1"],
    [3, "Plac Poznań, ul. Głogowska 1"],
  ] as const)
    expect(
      await (
        await panel.send(sales.browser, path, { intent: "slot", SlotStart: inDays(d), SlotPlace: place })
      ).text(),
    ).toContain("Zaproponowano termin odbioru.");
  const offered = (await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, winner.token)).body as AfterWin;
  expect(offered.PickUpSlots).toHaveLength(2);
  const slotsMail = (await outbox(winner.email)).filter((m) =>
    m.subject.startsWith("Wybierz termin odbioru"),
  );
  expect(slotsMail.at(-1)?.text).toContain("ul. Głogowska 1");

  const [first, second] = offered.PickUpSlots;
  const post = (token: string, body: unknown) =>
    authed("/api/WonAuctions/PickUp", token, { method: "POST", body: JSON.stringify(body) });
  expect((await post(other.token, { AuctionId: id, SlotId: first.SlotId })).status).toBe(404);
  const booked = await post(winner.token, { AuctionId: id, SlotId: first.SlotId });
  expect(booked.status).toBe(200);
  const view = (await booked.json()) as AfterWin;
  expect(view.PickUp).toEqual(first);
  expect(steps(view).pickUp).toBe(true);
  expect((await outbox(winner.email)).map((m) => m.subject)).toContain(
    "Odbiór umówiony: Škoda Octavia 2.0 TDI Style",
  );
  // Booked: staff offer no more slots.
  const more = await panel.send(sales.browser, path, {
    intent: "slot",
    SlotStart: inDays(4),
    SlotPlace: "Plac Poznań",
  });
  expect(await more.text()).toContain("Odbiór jest już umówiony");

  // The winner moves the pick-up to the second slot; a slot that has passed cannot be booked.
  const moved = await post(winner.token, { AuctionId: id, SlotId: second.SlotId });
  expect(((await moved.json()) as AfterWin).PickUp?.SlotId).toBe(second.SlotId);
  await db()
    .update(pickUpSlots)
    .set({ startsAt: new Date(clock.now().getTime() - 60_000) })
    .where(eq(pickUpSlots.id, first.SlotId));
  const gone = await post(winner.token, { AuctionId: id, SlotId: first.SlotId });
  expect(gone.status).toBe(409);
  expect(await gone.json()).toEqual({
    ErrorCode: 69,
    ErrorMessage: "Ten termin odbioru już minął albo nie jest już dostępny. Wybierz inny.",
  });
  const later = (await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, winner.token)).body as AfterWin;
  expect(later.PickUpSlots.map((s) => s.SlotId)).toEqual([second.SlotId]);
  const { entries } = await server.services.staff.audit({ entity: "auction", entityId: String(id) });
  expect(entries.filter((e) => e.action === "auction.pickUpBooked")).toHaveLength(2);
  expect(entries.filter((e) => e.action === "auction.pickUpSlot")).toHaveLength(2);
});

it("ends when staff release the car: the steps are gone for the winner and cannot be set", async () => {
  const { id, winner } = await wonAuction(22_000);
  await server.services.staff.auctions.release(id, "Kupujący zrezygnował z zakupu.", {
    id: null,
    name: "Ewa",
  });
  expect((await get(`/api/WonAuctions/AfterWin?auctionId=${id}`, winner.token)).status).toBe(404);
  await expect(
    server.services.auctions.afterWin.setStep(id, "proForma", { id: null, name: "Ewa" }),
  ).rejects.toThrow("Po tej aukcji nie ma zwycięzcy");
  const won = await get("/api/WonAuctions/Get", winner.token);
  expect((won.body.Auctions as { AfterWin: unknown }[])[0].AfterWin).toBeNull();
});
