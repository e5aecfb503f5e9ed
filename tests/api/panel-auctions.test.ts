import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { polishLocalInput } from "../../src/domain/polish-time";
import { parseNewOffer } from "../../src/server/catalogue/offer-management";
import { auctionSettlements, offerPhotos, offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { auctionTestClient, bid, createAuction, maxBid } from "../support/auction-fixtures";
import { fleetCar } from "../support/fleet-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The back-office's auctions: scheduled as a draft with the car and its terms,
// photos and publication; bids watched on its page; terms frozen once someone bids; cancelled with a
// reason (every bidder e-mailed, no winner ever declared); after the end the sale confirmed or the
// car released (the winner e-mailed); the roles' boundary.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    // The VAT register does not answer (nothing listens on port 9): the account page must manage without it.
    {
      TRUST_PROXY_HOPS: "1",
      ALERTS_DIGEST_INTERVAL_MINUTES: "0",
      COMPANY_REGISTRY_URL: "http://127.0.0.1:9",
    },
    { web: true, clock },
  );
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);
const bidders = auctionTestClient(() => server);

const inHours = (h: number) => polishLocalInput(new Date(Date.now() + h * 3_600_000));

const auctionForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  Make: "Toyota",
  Model: "RAV4",
  Version: "2.5 Hybrid",
  BodyType: "suv",
  FuelType: "HEV",
  GearBoxType: "automatic",
  Color: "srebrny",
  Year: "2022",
  Mileage: "61000",
  EngineCapacity: "2487",
  PowerHp: "218",
  Doors: "5",
  Seats: "5",
  Description: "Po leasingu, serwisowany w ASO.",
  Start: inHours(-1),
  End: inHours(48),
  StartingPrice: "70000",
  ...overrides,
});

const jpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#777" } })
    .jpeg()
    .toBuffer()
    .then((b) => new Blob([new Uint8Array(b)], { type: "image/jpeg" }));

async function details(id: number) {
  await server.services.changes.caughtUp(server.services.db);
  return fetch(`${server.url}/api/OfferDetails/Auctions?AuctionId=${id}`);
}

const settlement = async (id: number) =>
  (await server.services.db.select().from(auctionSettlements).where(eq(auctionSettlements.offerId, id)))[0];

describe("an auction from the panel", () => {
  it("is scheduled as a draft, published with its photo, watched, and cancelled with a reason", async () => {
    const sales = await signedIn("sales");
    const created = await send(sales.browser, "/panel/aukcje/nowa", auctionForm());
    expect(created.status, await created.clone().text()).toBe(302);
    const id = Number(/aukcje\/(\d+)\?dodano=1$/.exec(created.headers.get("location") ?? "")?.[1]);
    expect((await details(id)).status).toBe(404);

    const photo = new FormData();
    photo.set("intent", "photos-add");
    photo.append("Photos", await jpeg(), "rav4.jpg");
    expect((await send(sales.browser, `/panel/aukcje/${id}`, photo)).status).toBe(200);
    const [{ imageId }] = await server.services.db
      .select({ imageId: offerPhotos.imageId })
      .from(offerPhotos)
      .where(eq(offerPhotos.offerId, id));

    // The condition report: what the form leaves empty is left out; a half-filled row is refused.
    const report = {
      intent: "report",
      InspectedAt: inHours(-3),
      Inspector: "Ewa Lis, rzeczoznawca",
      Mileage: "61250",
      Summary: "Samochód zadbany, jedna rysa na zderzaku.",
      "Sections[0].Name": "Nadwozie i lakier",
      "Sections[0].Rating": "dobry",
      "Sections[0].Notes": "Rysa na zderzaku przednim.",
      "Sections[1].Name": "Wnętrze",
      "Sections[1].Rating": "",
      "Tyres[0].Position": "przednia lewa",
      "Tyres[0].TreadDepthMm": "5,5",
      "Tyres[0].Season": "zimowa",
      "Tyres[1].Position": "przednia prawa",
      "Tyres[1].TreadDepthMm": "",
      "Damages[0].Place": "zderzak przedni",
      "Damages[0].Description": "rysa 8 cm",
      "Damages[0].PhotoId": imageId,
      "Damages[1].Place": "",
      "Damages[1].Description": "",
      PhotoIds: imageId,
    };
    const unrated = await send(sales.browser, `/panel/aukcje/${id}`, {
      ...report,
      "Sections[0].Rating": "",
      "Sections[0].Notes": "",
      "Damages[1].Description": "wgniecenie",
    });
    expect(unrated.status).toBe(400);
    const refusal = await unrated.text();
    expect(refusal).toContain("Oceń co najmniej jedną część samochodu");
    expect(refusal).toContain("Podaj, gdzie jest uszkodzenie");
    expect((await send(sales.browser, `/panel/aukcje/${id}`, report)).status).toBe(200);
    const ostOf = () => fetch(`${server.url}/api/Ost/GetForAuction?auctionId=${id}`);
    expect((await ostOf()).status).toBe(404); // a draft's report is not public yet
    expect((await send(sales.browser, `/panel/aukcje/${id}`, { intent: "publish" })).status).toBe(200);
    expect(await (await ostOf()).json()).toMatchObject({
      Inspector: "Ewa Lis, rzeczoznawca",
      Mileage: 61_250,
      Sections: [{ Name: "Nadwozie i lakier", Rating: "dobry", Notes: "Rysa na zderzaku przednim." }],
      Tyres: [{ Position: "przednia lewa", TreadDepthMm: 5.5, Season: "zimowa" }],
      Damages: [{ Place: "zderzak przedni", Description: "rysa 8 cm" }],
    });
    expect(await (await details(id)).json()).toMatchObject({
      AuctionId: id,
      StartingPrice: 70_000,
      Make: "Toyota",
    });

    const anna = await bidders.signedIn();
    const piotr = await bidders.signedIn();
    expect((await bid(server.url, anna.token, { AuctionId: id, Price: 70_000 })).status).toBe(200);
    expect((await bid(server.url, piotr.token, { AuctionId: id, Price: 71_000 })).status).toBe(200);
    const page = await (await send(sales.browser, `/panel/aukcje/${id}`)).text();
    expect(page).toContain(piotr.email);
    expect(page).toContain("71\u00a0000\u00a0zł");

    // Someone bid: the terms stay as the bidders accepted them.
    const terms = await send(sales.browser, `/panel/aukcje/${id}`, {
      intent: "terms",
      Start: inHours(-1),
      End: inHours(72),
      StartingPrice: "50000",
    });
    expect(terms.status).toBe(409);
    expect(await terms.text()).toContain("W aukcji są już oferty: jej warunków nie można zmienić.");
    const car = await send(sales.browser, `/panel/aukcje/${id}`, {
      ...auctionForm({ Mileage: "1" }),
      intent: "car",
    });
    expect(car.status).toBe(409);

    const short = await send(sales.browser, `/panel/aukcje/${id}`, { intent: "cancel", Reason: "Błąd" });
    expect(short.status).toBe(400);
    const cancelled = await send(sales.browser, `/panel/aukcje/${id}`, {
      intent: "cancel",
      Reason: "Samochód został uszkodzony na parkingu przed wydaniem.",
    });
    expect(cancelled.status).toBe(200);
    // Its page stays, saying it was cancelled (auctions-state-changes.test.ts).
    expect(await (await details(id)).json()).toMatchObject({ AuctionResult: { Cancelled: true } });
    for (const who of [anna, piotr]) {
      const mail = (await bidders.outbox(who.email)).find((m) => m.subject.startsWith("Aukcja odwołana"));
      expect(mail?.text).toContain("Powód: Samochód został uszkodzony na parkingu przed wydaniem.");
    }
    expect(await settlement(id)).toMatchObject({
      outcome: "cancelled",
      winnerUserId: null,
      decidedBy: sales.name,
    });
    // Past its end, the closing job leaves it alone: no winner is ever declared.
    await server.services.db
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() - 1000) })
      .where(eq(offers.id, id));
    await server.services.auctions.closer.tick();
    expect(await settlement(id)).toMatchObject({ outcome: "cancelled", winnerUserId: null });
    expect((await bidders.outbox(piotr.email)).some((m) => m.subject.startsWith("Wygrałeś"))).toBe(false);

    const { entries } = await server.services.staff.audit({ entity: "auction", entityId: String(id) });
    expect(entries.map((e) => e.action)).toEqual(["auction.cancel", "auction.report", "auction.schedule"]);
  });
});

describe("an auction's photos", () => {
  it("lock at its start as its condition report does: nothing added, removed or reordered", async () => {
    const sales = await signedIn("sales");
    const upcoming = await createAuction(server.services.db, {
      start: new Date(clock.now().getTime() + 3_600_000),
    });
    const add = async (id: number, name: string) => {
      const form = new FormData();
      form.set("intent", "photos-add");
      form.append("Photos", await jpeg(), name);
      return send(sales.browser, `/panel/aukcje/${id}`, form);
    };
    const photosOf = async (id: number) =>
      (
        await server.services.db
          .select({ imageId: offerPhotos.imageId })
          .from(offerPhotos)
          .where(eq(offerPhotos.offerId, id))
      ).map((p) => p.imageId);
    // Before the start the photos are staff's to change.
    expect((await add(upcoming, "przod.jpg")).status).toBe(200);
    expect(await photosOf(upcoming)).toHaveLength(1);

    // Started: the photos stay as bidders were shown them, and the page shows them read-only.
    await server.services.db
      .update(offers)
      .set({ auctionStart: new Date(clock.now().getTime() - 1000) })
      .where(eq(offers.id, upcoming));
    const [photo] = await photosOf(upcoming);
    const started =
      "Aukcja już się rozpoczęła: zdjęć nie można zmienić, licytujący licytują samochód pokazany przed jej rozpoczęciem.";
    const added = await add(upcoming, "tyl.jpg");
    expect(added.status).toBe(409);
    expect(await added.text()).toContain(started);
    const removed = await send(sales.browser, `/panel/aukcje/${upcoming}`, {
      intent: "photos-arrange",
      Order: "",
    });
    expect(removed.status).toBe(409);
    expect(await removed.text()).toContain(started);
    expect(await photosOf(upcoming)).toEqual([photo]);
    const page = await (await send(sales.browser, `/panel/aukcje/${upcoming}`)).text();
    expect(page).toContain('data-testid="photos-locked"');
    expect(page).not.toContain("Usuń: zdjęcie 1");
    expect(page).not.toContain("Przeciągnij zdjęcia tutaj");

    // Ended: the same, in the ended auction's words.
    await server.services.db
      .update(offers)
      .set({ auctionEnd: new Date(clock.now().getTime() - 500) })
      .where(eq(offers.id, upcoming));
    const late = await send(sales.browser, `/panel/aukcje/${upcoming}`, {
      intent: "photos-arrange",
      Order: "",
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("Aukcja jest zakończona: zdjęć nie można już zmienić.");
    expect(await photosOf(upcoming)).toEqual([photo]);
  });
});

describe("an auction from the panel: its terms", () => {
  it("refuses terms that cannot run, and changes them while no one has bid", async () => {
    const sales = await signedIn("sales");
    const wrong = await send(
      sales.browser,
      "/panel/aukcje/nowa",
      auctionForm({ Start: inHours(5), End: inHours(5.5) }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Aukcja musi trwać co najmniej 1 godzinę");
    const past = await send(
      sales.browser,
      "/panel/aukcje/nowa",
      auctionForm({ Start: inHours(-5), End: inHours(-2) }),
    );
    expect(await past.text()).toContain("Koniec aukcji musi być w przyszłości");

    const created = await send(sales.browser, "/panel/aukcje/nowa", auctionForm({ Model: "C-HR" }));
    const id = Number(/aukcje\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    const changed = await send(sales.browser, `/panel/aukcje/${id}`, {
      intent: "terms",
      Start: inHours(24),
      End: inHours(96),
      StartingPrice: "65000",
    });
    expect(changed.status).toBe(200);
    const [row] = await server.services.db.select().from(offers).where(eq(offers.id, id));
    expect(row).toMatchObject({ startingPrice: 65_000, currentPrice: 65_000, status: "draft" });
    expect(polishLocalInput(row.auctionEnd as Date)).toBe(inHours(96));

    // So does the car's description.
    const described = await send(sales.browser, `/panel/aukcje/${id}`, {
      ...auctionForm({ Model: "C-HR", Version: "2.0 Hybrid GR Sport", Mileage: "30500" }),
      intent: "car",
    });
    expect(described.status).toBe(200);
    const [car] = await server.services.db.select().from(offers).where(eq(offers.id, id));
    expect(car).toMatchObject({ version: "2.0 Hybrid GR Sport", mileage: 30_500, startingPrice: 65_000 });
  });
});

describe("an auction's invoicing and pick-up place from the panel", () => {
  it("are set as the fleet API sets them; a town without its voivodeship (or the other way) is refused", async () => {
    const sales = await signedIn("sales");
    const half = await send(sales.browser, "/panel/aukcje/nowa", auctionForm({ PickUpCity: "Poznań" }));
    expect(half.status).toBe(400);
    expect(await half.text()).toContain("Podaj też województwo miejsca odbioru.");
    const other = await send(
      sales.browser,
      "/panel/aukcje/nowa",
      auctionForm({ PickUpVoivodeship: "wielkopolskie" }),
    );
    expect(await other.text()).toContain("Podaj też miejscowość odbioru.");
    const unknown = await send(sales.browser, "/panel/aukcje/nowa", auctionForm({ VatTreatment: "brutto" }));
    expect(await unknown.text()).toContain("Wybierz sposób fakturowania");
    // The fleet API keeps the same rule.
    const fleet = parseNewOffer(
      fleetCar({
        SaleType: "auction",
        Prices: undefined,
        AuctionStart: new Date(Date.now() - 60_000).toISOString(),
        AuctionEnd: new Date(Date.now() + 86_400_000).toISOString(),
        StartingPrice: 60_000,
        PickUpCity: "Poznań",
      }),
      new Date(),
    );
    expect(fleet.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["PickUpVoivodeship", "Podaj też województwo miejsca odbioru."],
    ]);

    const created = await send(
      sales.browser,
      "/panel/aukcje/nowa",
      auctionForm({ VatTreatment: "margin", PickUpCity: "Poznań", PickUpVoivodeship: "wielkopolskie" }),
    );
    expect(created.status).toBe(302);
    const id = Number(/aukcje\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    const [saved] = await server.services.db.select().from(offers).where(eq(offers.id, id));
    expect(saved).toMatchObject({
      vatTreatment: "margin",
      pickUpCity: "Poznań",
      pickUpVoivodeship: "wielkopolskie",
    });
    // The form shows them again as stored.
    const form = await (await send(sales.browser, `/panel/aukcje/${id}`)).text();
    expect(form).toMatch(/<option value="margin" selected/);

    const changed = await send(sales.browser, `/panel/aukcje/${id}`, {
      intent: "terms",
      Start: inHours(-1),
      End: inHours(48),
      StartingPrice: "70000",
      VatTreatment: "vat23",
    });
    expect(changed.status).toBe(200);
    const [row] = await server.services.db.select().from(offers).where(eq(offers.id, id));
    expect(row).toMatchObject({ vatTreatment: "vat23", pickUpCity: null, pickUpVoivodeship: null });
    const { entries } = await server.services.staff.audit({ entity: "auction", entityId: String(id) });
    expect(entries.find((e) => e.action === "auction.terms")?.before).toMatchObject({
      vatTreatment: "margin",
      pickUpCity: "Poznań",
    });
  });
});

describe("an auction's own minimum increment", () => {
  it("rules its bids, its proxy bids and what bidders read, instead of the rules' table", async () => {
    const sales = await signedIn("sales");
    const typo = await send(sales.browser, "/panel/aukcje/nowa", auctionForm({ MinIncrement: "0" }));
    expect(typo.status).toBe(400);
    expect(await typo.text()).toContain("Podaj co najmniej 1 zł");
    const created = await send(sales.browser, "/panel/aukcje/nowa", auctionForm({ MinIncrement: "2000" }));
    const id = Number(/aukcje\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    const photo = new FormData();
    photo.set("intent", "photos-add");
    photo.append("Photos", await jpeg(), "rav4.jpg");
    await send(sales.browser, `/panel/aukcje/${id}`, photo);
    expect((await send(sales.browser, `/panel/aukcje/${id}`, { intent: "publish" })).status).toBe(200);
    expect(await (await details(id)).json()).toMatchObject({ MinIncrement: 2_000, StartingPrice: 70_000 });

    const anna = await bidders.signedIn();
    const piotr = await bidders.signedIn();
    expect((await bid(server.url, anna.token, { AuctionId: id, Price: 70_000 })).status).toBe(200);
    // The table's step at this price would be 500 zł; this auction's is 2 000 zł.
    const low = await bid(server.url, piotr.token, { AuctionId: id, Price: 70_500 });
    expect(low.status).toBe(400);
    expect(low.body.ErrorMessage).toBe(
      "Oferta jest za niska. Minimalna kolejna oferta to 72\u00a0000\u00a0zł.",
    );
    const ok = await bid(server.url, piotr.token, { AuctionId: id, Price: 72_000 });
    expect(ok.body).toMatchObject({ CurrentPrice: 72_000, MinimumBid: 74_000 });
    // Anna's maximum answers Piotr's bid with this auction's step.
    const max = await maxBid(server.url, anna.token, { AuctionId: id, MaxPrice: 90_000 });
    expect(max.status, JSON.stringify(max.body)).toBe(200);
    const [row] = await server.services.db.select().from(offers).where(eq(offers.id, id));
    expect(row).toMatchObject({ currentPrice: 74_000, bidCount: 3 });
    expect(max.body).toMatchObject({ CurrentPrice: 74_000, MinimumBid: 76_000 });
    const { entries } = await server.services.staff.audit({ entity: "auction", entityId: String(id) });
    expect(entries.find((e) => e.action === "auction.schedule")?.after).toMatchObject({
      minIncrement: 2_000,
    });
  });
});

describe("after the end", () => {
  /** An auction that two companies bid in and that has just ended (closed by the job). */
  async function endedAuction() {
    const id = await createAuction(server.services.db, { model: `Superb ${Date.now()}` });
    const anna = await bidders.signedIn();
    const piotr = await bidders.signedIn();
    await bid(server.url, anna.token, { AuctionId: id, Price: 40_000 });
    await bid(server.url, piotr.token, { AuctionId: id, Price: 41_000 });
    await server.services.db
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() - 1000) })
      .where(eq(offers.id, id));
    await server.services.auctions.closer.tick();
    expect(await settlement(id)).toMatchObject({ outcome: "pending", winnerUserId: piotr.id });
    return { id, piotr };
  }

  it("the sale to the winner is confirmed", async () => {
    const admin = await signedIn("admin");
    const { id } = await endedAuction();
    const overview = await (await send(admin.browser, "/panel")).text();
    expect(overview).toContain('href="/panel/aukcje?widok=decide"');
    const list = await (await send(admin.browser, "/panel/aukcje?widok=decide")).text();
    expect(list).toContain(`/panel/aukcje/${id}`);
    expect((await send(admin.browser, `/panel/aukcje/${id}`, { intent: "confirm" })).status).toBe(200);
    expect(await settlement(id)).toMatchObject({ outcome: "confirmed", decidedBy: admin.name });
    const again = await send(admin.browser, `/panel/aukcje/${id}`, { intent: "confirm" });
    expect(again.status).toBe(409);
  });

  it("the car is released: it leaves the site and the winner learns why", async () => {
    const sales = await signedIn("sales");
    const { id, piotr } = await endedAuction();
    const released = await send(sales.browser, `/panel/aukcje/${id}`, {
      intent: "release",
      Reason: "Zwycięzca nie zapłacił w terminie z regulaminu.",
    });
    expect(released.status).toBe(200);
    expect(await settlement(id)).toMatchObject({ outcome: "released" });
    expect((await details(id)).status).toBe(404);
    const mail = (await bidders.outbox(piotr.email)).find((m) =>
      m.subject.startsWith("Sprzedaż nie dojdzie"),
    );
    expect(mail?.text).toContain("Powód: Zwycięzca nie zapłacił w terminie z regulaminu.");
  });

  it("a winner whose company changed its name after verification: warned with both names, sold only when staff say so", async () => {
    const admin = await signedIn("admin");
    const { id, piotr } = await endedAuction();
    const renamed = await fetch(`${server.url}/api/Account/UpdateContractor`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${piotr.token}` },
      body: JSON.stringify({
        CompanyName: "Nowa Nazwa Handel sp. z o.o.",
        Regon: "",
        Street: "ul. Długa 5",
        PostalCode: "00-002",
        City: "Kraków",
      }),
    });
    expect(renamed.status).toBe(200);
    const warning =
      "Dane firmy zwycięzcy czekają na ponowną weryfikację: zweryfikowaliśmy „Auto Handel Nowak sp. z o.o.” (NIP 5260250274), a zwycięzca zmienił je na „Nowa Nazwa Handel sp. z o.o.” (NIP 5260250274).";
    const page = await (await send(admin.browser, `/panel/aukcje/${id}`)).text();
    expect(page).toContain('data-testid="winner-company-warning"');
    expect(page).toContain(warning);
    expect(page).toContain(
      "Potwierdzam sprzedaż, choć nowe dane firmy zwycięzcy nie są jeszcze zweryfikowane",
    );

    const unticked = await send(admin.browser, `/panel/aukcje/${id}`, { intent: "confirm" });
    expect(unticked.status).toBe(409);
    expect(await unticked.text()).toContain(warning);
    expect(await settlement(id)).toMatchObject({ outcome: "pending" });
    const ticked = await send(admin.browser, `/panel/aukcje/${id}`, {
      intent: "confirm",
      UnverifiedCompany: "on",
    });
    expect(ticked.status).toBe(200);
    expect(await settlement(id)).toMatchObject({ outcome: "confirmed" });

    // The account's page, with the VAT register unreachable, sets the verified data beside the new.
    const account = await (await send(admin.browser, `/panel/konta-klientow/${piotr.id}`)).text();
    expect(account).toContain("Rejestr VAT nie odpowiada.");
    expect(account).toContain("Zweryfikowane wcześniej");
    expect(account).toContain("Auto Handel Nowak sp. z o.o.");
    expect(account).toContain("Nowa Nazwa Handel sp. z o.o.");
    expect(account).toContain("(zmienione)");
  });

  it("an ended auction no one bid in says so, and its release names no winner", async () => {
    const sales = await signedIn("sales");
    const id = await createAuction(server.services.db, { model: `Fabia ${Date.now()}` });
    await server.services.db
      .update(offers)
      .set({ auctionEnd: new Date(Date.now() - 1000) })
      .where(eq(offers.id, id));
    await server.services.auctions.closer.tick();
    const page = await (await send(sales.browser, `/panel/aukcje/${id}`)).text();
    expect(page).toContain("Nikt nie licytował.");
    expect(page).not.toContain("Nikt jeszcze nie licytował");
    expect(page).toContain("Powód zwolnienia samochodu (zostanie w historii aukcji)");
    expect(page).not.toContain("dostanie go zwycięzca");
  });

  it("a decision waits for the end", async () => {
    const sales = await signedIn("sales");
    const id = await createAuction(server.services.db);
    const early = await send(sales.browser, `/panel/aukcje/${id}`, { intent: "confirm" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("Aukcja jeszcze się nie zakończyła.");
  });
});

describe("roles", () => {
  it("open the auctions to admin and sales only; the others are refused with 403 and change nothing", async () => {
    const id = await createAuction(server.services.db);
    for (const role of ["content", "consultant"] as const) {
      const m = await signedIn(role);
      expect((await send(m.browser, "/panel/aukcje")).status).toBe(403);
      expect((await send(m.browser, `/panel/aukcje/${id}`)).status).toBe(403);
      const refused = await send(m.browser, `/panel/aukcje/${id}`, {
        intent: "cancel",
        Reason: "Próba odwołania bez uprawnień.",
      });
      expect(refused.status).toBe(403);
    }
    expect(await settlement(id)).toBeUndefined();
  });
});

describe("the panel's auction events, reserve and buy now", () => {
  it("create an event from auction numbers, add a lot, and schedule an auction with a reserve and buy now", async () => {
    const sales = await signedIn("sales");
    const a = await createAuction(server.services.db, { make: "Škoda", model: "Kamiq" });
    const b = await createAuction(server.services.db, { make: "Škoda", model: "Scala" });
    const form = {
      intent: "create",
      Name: "Aukcja czwartkowa 4 grudnia: 40 samochodów",
      Start: inHours(1),
      FirstClose: inHours(3),
      IntervalSeconds: "60",
    };
    const wrong = await send(sales.browser, "/panel/wydarzenia", { ...form, AuctionIds: "12; abc" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Podaj numery aukcji oddzielone przecinkami, np. 12, 15, 18");
    const created = await send(sales.browser, "/panel/wydarzenia", { ...form, AuctionIds: `${a}, ${b}` });
    expect(created.status).toBe(302);
    const path = (created.headers.get("location") ?? "").replace(/\?.*$/, "");
    expect(path).toMatch(/^\/panel\/wydarzenia\/\d+$/);
    const page = await (await send(sales.browser, path)).text();
    expect(page).toContain("Škoda Kamiq");
    expect(page.indexOf("Škoda Kamiq")).toBeLessThan(page.indexOf("Škoda Scala"));
    const c = await createAuction(server.services.db, { make: "Škoda", model: "Karoq" });
    const more = await send(sales.browser, path, { intent: "lots", AuctionIds: String(c) });
    expect(more.status).toBe(200);
    expect(await more.text()).toContain("W wydarzeniu jest ich teraz 3.");
    const again = await send(sales.browser, path, { intent: "lots", AuctionIds: String(c) });
    expect(again.status).toBe(409);

    // An auction scheduled with a reserve below its starting price is refused at that field.
    const low = await send(sales.browser, "/panel/aukcje/nowa", auctionForm({ ReservePrice: "60000" }));
    expect(low.status).toBe(400);
    expect(await low.text()).toContain("Cena minimalna nie może być niższa od ceny wywoławczej.");
    const ok = await send(
      sales.browser,
      "/panel/aukcje/nowa",
      auctionForm({ ReservePrice: "80000", BuyNowPrice: "95000" }),
    );
    expect(ok.status).toBe(302);
    const id = Number((ok.headers.get("location") ?? "").match(/\/panel\/aukcje\/(\d+)/)?.[1]);
    const [row] = await server.services.db.select().from(offers).where(eq(offers.id, id));
    expect({ reserve: row.reservePrice, buyNow: row.buyNowPrice }).toEqual({
      reserve: 80_000,
      buyNow: 95_000,
    });
  });

  it("an auction ended below its reserve: staff accept its highest bid from its page", async () => {
    const sales = await signedIn("sales");
    const id = await createAuction(server.services.db, { startingPrice: 40_000, reservePrice: 50_000 });
    const anna = await bidders.signedIn();
    expect((await bid(server.url, anna.token, { AuctionId: id, Price: 42_000 })).status).toBe(200);
    await server.services.db
      .update(offers)
      .set({ auctionEnd: new Date(clock.now().getTime() - 60_000) })
      .where(eq(offers.id, id));
    await server.services.auctions.closer.tick();
    const page = await (await send(sales.browser, `/panel/aukcje/${id}`)).text();
    expect(page).toContain("niesprzedany – do negocjacji");
    expect(page).toMatch(/Przyjmij najwyższą ofertę 42\s000\szł/);
    const accepted = await send(sales.browser, `/panel/aukcje/${id}`, { intent: "accept" });
    expect(accepted.status).toBe(200);
    const [s] = await server.services.db
      .select()
      .from(auctionSettlements)
      .where(eq(auctionSettlements.offerId, id));
    expect(s).toMatchObject({ outcome: "pending", winnerUserId: anna.id, finalPrice: 42_000 });
    expect((await bidders.outbox(anna.email)).map((m) => m.subject)).toContain(
      "Przyjęliśmy Twoją ofertę: Škoda Octavia 2.0 TDI Style",
    );
  });

  it("the fee and transport tables: shown as the cost box counts them, a table that cannot apply refused", async () => {
    const sales = await signedIn("sales");
    const page = await send(sales.browser, "/panel/oplaty-aukcyjne");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Transport: woj. mazowieckie (zł netto)");
    const tables = await server.services.auctions.costs();
    const form: Record<string, string> = { intent: "save", FeeBands: "50000: 900\n20000: 500\n*: 1500" };
    tables.transport.forEach((t, i) => {
      form[`T${i}`] = String(t.price + 100);
    });
    const refused = await send(sales.browser, "/panel/oplaty-aukcyjne", form);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Wiersz 2: progi muszą rosnąć");
    const saved = await send(sales.browser, "/panel/oplaty-aukcyjne", {
      ...form,
      FeeBands: "20000: 500\n50000: 900\n*: 1500",
    });
    expect(saved.status).toBe(200);
    const after = await server.services.auctions.costs();
    expect(after.bands).toEqual([
      { upTo: 20_000, fee: 500 },
      { upTo: 50_000, fee: 900 },
      { upTo: null, fee: 1_500 },
    ]);
    expect(after.transport[0].price).toBe(tables.transport[0].price + 100);
  });
});
