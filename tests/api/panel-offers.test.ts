import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerPhotos, offers, priceHistory } from "../../src/server/db/schema/index";
import { alertClient } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The back-office's cars: a draft with every field, photos uploaded and ordered,
// publication (the public API sees it only then), a price cut through the form (price history, the
// 30-day lowest price, the alerts), reservation and withdrawal; the import from a CSV or JSON file
// with its dry run; the roles' boundary.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", ALERTS_DIGEST_INTERVAL_MINUTES: "0" },
    { web: true, clock },
  );
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);

const VIN = () => `WVWZZZ1KZ${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

const carForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  SaleType: "new",
  Make: "Skoda",
  Model: "Enyaq",
  Version: "85 Sportline",
  BodyType: "suv",
  FuelType: "EL",
  GearBoxType: "automatic",
  Color: "zielony",
  Year: "2026",
  Mileage: "10",
  EngineCapacity: "0",
  PowerHp: "286",
  VehicleRange: "560",
  Doors: "5",
  Seats: "5",
  Vin: VIN(),
  Description: "Samochód z salonu, gotowy do odbioru.",
  Equipment: "pompa ciepła\nkamera 360\n\npompa ciepła",
  TotalPriceNetto: "199000",
  Leasing: "on",
  Rent: "on",
  ...overrides,
});

const jpeg = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
    .then((b) => new Blob([new Uint8Array(b)], { type: "image/jpeg" }));

/** The public offer API, once this process has seen every committed change (its caches follow them). */
async function details(id: number) {
  await server.services.changes.caughtUp(server.services.db);
  return fetch(`${server.url}/api/OfferDetails/NewVehicles?AuctionId=${id}`);
}

async function createDraft(
  who: Awaited<ReturnType<typeof signedIn>>,
  overrides: Record<string, string> = {},
) {
  const res = await send(who.browser, "/panel/oferty/nowa", carForm(overrides));
  expect(res.status, await res.clone().text()).toBe(302);
  const location = res.headers.get("location") ?? "";
  expect(location).toMatch(/^\/panel\/oferty\/\d+\?dodano=1$/);
  return Number(/(\d+)/.exec(location)?.[1]);
}

async function addPhotos(who: Awaited<ReturnType<typeof signedIn>>, id: number, colours: string[]) {
  const form = new FormData();
  form.set("intent", "photos-add");
  for (const [i, c] of colours.entries()) form.append("Photos", await jpeg(c), `zdjecie-${i}.jpg`);
  return send(who.browser, `/panel/oferty/${id}`, form);
}

const photoIds = async (id: number) =>
  (
    await server.services.db
      .select({ imageId: offerPhotos.imageId })
      .from(offerPhotos)
      .where(eq(offerPhotos.offerId, id))
      .orderBy(offerPhotos.position)
  ).map((r) => r.imageId);

describe("a car from the panel", () => {
  it("starts as a draft the site does not show, gets its photos in order, and is published", async () => {
    const sales = await signedIn("sales");
    const id = await createDraft(sales);
    expect((await details(id)).status).toBe(404);
    const page = await (await send(sales.browser, `/panel/oferty/${id}`)).text();
    expect(page).toContain("Škoda Enyaq 85 Sportline (nr");
    expect(page).toContain("szkic");

    // Publishing waits for a photo.
    const early = await send(sales.browser, `/panel/oferty/${id}`, { intent: "publish" });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Dodaj co najmniej jedno zdjęcie, zanim opublikujesz ofertę.");

    expect((await addPhotos(sales, id, ["#aa0000", "#00aa00", "#0000aa"])).status).toBe(200);
    const [red, green, blue] = await photoIds(id);
    expect(await photoIds(id)).toHaveLength(3);
    // The blue one becomes the main photo; the green one is removed.
    const arranged = await send(sales.browser, `/panel/oferty/${id}`, {
      intent: "photos-arrange",
      Order: [blue, red].join(","),
    });
    expect(arranged.status).toBe(200);
    expect(await photoIds(id)).toEqual([blue, red]);
    // An order naming a photo the car does not have changes nothing.
    const foreign = await send(sales.browser, `/panel/oferty/${id}`, {
      intent: "photos-arrange",
      Order: [blue, "f".repeat(64)].join(","),
    });
    expect(foreign.status).toBe(400);
    expect(await photoIds(id)).toEqual([blue, red]);
    expect(green).toBeTruthy();

    expect((await send(sales.browser, `/panel/oferty/${id}`, { intent: "publish" })).status).toBe(200);
    const car = await (await details(id)).json();
    expect(car).toMatchObject({
      AuctionId: id,
      Make: "Škoda",
      Model: "Enyaq",
      Version: "85 Sportline",
      VehicleRange: 560,
      TotalPriceNetto: 199_000,
      IsLeasingAvailable: true,
      IsRentAvailable: true,
      Equipment: ["pompa ciepła", "kamera 360"],
      Description: "Samochód z salonu, gotowy do odbioru.",
    });
    expect(car.Photos.map((p: { Id: string }) => p.Id)).toEqual([blue, red]);
    // The price is in the history from publication on.
    const history = await server.services.db.select().from(priceHistory).where(eq(priceHistory.offerId, id));
    expect(history.map((h) => h.totalPriceNetto)).toEqual([199_000]);

    const { entries } = await server.services.staff.audit({ entity: "offer", entityId: String(id) });
    expect(entries.map((e) => e.action)).toEqual([
      "offer.publish",
      "offer.photos",
      "offer.photos",
      "offer.add",
    ]);
    expect(entries.every((e) => e.staffName === sales.name)).toBe(true);
  });

  it("refuses a form with mistakes, naming each field in Polish, and saves nothing", async () => {
    const sales = await signedIn("sales");
    const count = async () => (await server.services.db.select({ id: offers.id }).from(offers)).length;
    const before = await count();
    const res = await send(
      sales.browser,
      "/panel/oferty/nowa",
      carForm({
        Make: "",
        Year: "1980",
        Vin: "ABC",
        VehicleRange: "",
        TotalPriceNetto: "dużo",
        TotalPriceNettoDiscount: "250000",
      }),
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    for (const message of [
      "Pole wymagane",
      "Podaj co najmniej 1990",
      "VIN ma 17 znaków: cyfry i litery bez I, O i Q",
      "Podaj liczbę",
    ])
      expect(page).toContain(message);
    // A rule between fields is checked once each field is right.
    const electric = await send(sales.browser, "/panel/oferty/nowa", carForm({ VehicleRange: "" }));
    expect(electric.status).toBe(400);
    expect(await electric.text()).toContain("Podaj zasięg samochodu elektrycznego");
    expect(await count()).toBe(before);
  });
});

describe("price and status changes of a car", () => {
  it("a price cut reaches the page's 30-day lowest price and the alerts; reserved, then withdrawn", async () => {
    const { createAlert, outboxFor } = alertClient(() => server);
    const sales = await signedIn("sales");
    const id = await createDraft(sales, { Make: "Cupra", Model: "Tavascan", Version: "VZ", Vin: VIN() });
    await addPhotos(sales, id, ["#334455"]);
    await send(sales.browser, `/panel/oferty/${id}`, { intent: "publish" });
    await server.services.alerts.processJobs();
    const { payload, guid } = await createAlert({ Makes: ["Cupra"], TotalPriceBruttoTo: 300_000 });
    expect((await fetch(`${server.url}/api/CarAlert?guid=${guid}`, { method: "PATCH" })).status).toBe(200);

    const cut = await send(
      sales.browser,
      `/panel/oferty/${id}`,
      carForm({
        Make: "Cupra",
        Model: "Tavascan",
        Version: "VZ",
        Vin: "",
        TotalPriceNettoDiscount: "185000",
      }),
    );
    expect(cut.status).toBe(200);
    expect(await cut.text()).toContain("Cena spadła");
    await server.services.alerts.processJobs();
    await server.services.alerts.buildDigests(new Date("2031-05-05T08:00:00Z"));
    const digest = (await outboxFor(payload.Email as string)).find((m) =>
      m.subject.startsWith("Alert Flotis"),
    );
    // The price before the cut beside the new one.
    expect(digest?.text).toContain(
      "Cupra Tavascan VZ (niższa cena, wcześniej 199\u00a0000\u00a0zł netto / 244\u00a0770\u00a0zł brutto): 185\u00a0000\u00a0zł netto / 227\u00a0550\u00a0zł brutto",
    );
    const car = await (await details(id)).json();
    expect(car).toMatchObject({ TotalPriceNetto: 199_000, TotalPriceNettoDiscount: 185_000 });
    expect(car.LowestPrice30Days.TotalPriceNetto).toBe(199_000);

    expect(
      (await send(sales.browser, `/panel/oferty/${id}`, { intent: "reservation", Reserved: "yes" })).status,
    ).toBe(200);
    expect((await (await details(id)).json()).Reservation).toBe(true);
    // Withdrawing is confirmed with its reason: without one nothing changes.
    const unreasoned = await send(sales.browser, `/panel/oferty/${id}`, { intent: "withdraw", Reason: " " });
    expect(unreasoned.status).toBe(400);
    expect(await unreasoned.text()).toContain("Podaj powód");
    expect((await details(id)).status).toBe(200);
    const withdrawn = await send(sales.browser, `/panel/oferty/${id}`, {
      intent: "withdraw",
      Reason: "Samochód sprzedany poza serwisem.",
    });
    const withdrawnPage = await withdrawn.text();
    expect(withdrawnPage).toContain("Wycofano ofertę");
    expect(withdrawnPage).toContain("Powód wycofania: Samochód sprzedany poza serwisem.");
    expect((await details(id)).status).toBe(404);
    const [logged] = (await server.services.staff.audit({ entity: "offer", entityId: String(id) })).entries;
    expect(logged).toMatchObject({
      action: "offer.withdraw",
      after: { reason: "Samochód sprzedany poza serwisem." },
    });
    const again = await send(sales.browser, `/panel/oferty/${id}`, {
      intent: "withdraw",
      Reason: "Jeszcze raz.",
    });
    expect(again.status).toBe(409);

    const list = await (await send(sales.browser, "/panel/oferty?widok=withdrawn&q=Tavascan")).text();
    expect(list).toContain(`/panel/oferty/${id}`);
  });
});

describe("makes from the vocabulary", () => {
  const madeOf = async (id: number) =>
    (await server.services.db.select({ make: offers.make }).from(offers).where(eq(offers.id, id)))[0].make;

  it("the form spells a known make as the vocabulary does and refuses an unknown one at the field", async () => {
    const sales = await signedIn("sales");
    expect(await madeOf(await createDraft(sales, { Make: "VW", Model: "ID.4", Vin: VIN() }))).toBe(
      "Volkswagen",
    );
    const count = async () => (await server.services.db.select({ id: offers.id }).from(offers)).length;
    const before = await count();
    const res = await send(sales.browser, "/panel/oferty/nowa", carForm({ Make: "Wolkswagen", Vin: VIN() }));
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("Nieznana marka „Wolkswagen”. Czy chodziło o „Volkswagen”?");
    expect(page).not.toContain("Pole Make:");
    expect(await count()).toBe(before);
  });

  it("an admin adds a new make (audited); only then can offers carry it, in its spelling", async () => {
    const sales = await signedIn("sales");
    const admin = await signedIn("admin");
    const offer = carForm({ Make: "aiways", Model: "U5", Vin: VIN() });
    const refused = await send(sales.browser, "/panel/oferty/nowa", offer);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Nieznana marka „aiways”.");

    // Sales may not add makes: the vocabulary is every offer source's, the fleet system's too.
    expect((await send(sales.browser, "/panel/marki")).status).toBe(403);
    expect((await send(sales.browser, "/panel/marki", { intent: "add", Name: "Aiways" })).status).toBe(403);
    const known = await send(admin.browser, "/panel/marki", { intent: "add", Name: "SKODA" });
    expect(known.status).toBe(400);
    expect(await known.text()).toContain("Marka „Škoda” jest już w słowniku.");
    // A name a letter or two off a known make is a typo until the admin says it is another make.
    const typo = await send(admin.browser, "/panel/marki", { intent: "add", Name: "Wolkswagen" });
    expect(typo.status).toBe(400);
    expect(await typo.text()).toContain("Czy chodziło o „Volkswagen”? Ta marka jest już w słowniku.");
    expect((await server.services.staff.makes.list()).added).toHaveLength(0);
    const confirmed = await send(admin.browser, "/panel/marki", {
      intent: "add",
      Name: "Lanzia",
      NotATypo: "on",
    });
    expect(confirmed.headers.get("location")).toBe("/panel/marki?dodano=Lanzia");
    const added = await send(admin.browser, "/panel/marki", { intent: "add", Name: "Aiways" });
    expect(added.headers.get("location")).toBe("/panel/marki?dodano=Aiways");
    expect(await (await send(admin.browser, "/panel/marki?dodano=Aiways")).text()).toContain(
      "Dodano markę „Aiways”.",
    );
    const [entry] = (await server.services.staff.audit({ entity: "make" })).entries.filter(
      (e) => e.entityId === "aiways",
    );
    expect(entry).toMatchObject({ action: "make.add", entityId: "aiways", staffName: admin.name });

    expect(await madeOf(await createDraft(sales, { ...offer, Vin: VIN() }))).toBe("Aiways");
  });
});

/** The import's files and form, as the import page posts them. */
const csv = (rows: string[]) =>
  new Blob(
    [
      [
        "SaleType;Make;Model;Version;BodyType;FuelType;GearBoxType;Color;Year;Mileage;EngineCapacity;PowerHp;Vin;Equipment;TotalPriceNetto;LeasePrice",
        ...rows,
      ].join("\n"),
    ],
    { type: "text/csv" },
  );
const upload = (file: Blob, name: string, mode: "check" | "import") => {
  const form = new FormData();
  form.set("intent", "import");
  form.set("Mode", mode);
  form.set("File", file, name);
  return form;
};
const draftsOf = async (model: string) =>
  (await server.services.db.select().from(offers).where(eq(offers.model, model))).map((o) => o.status);

describe("the import from a file", () => {
  it("the dry run names every row's problem and saves nothing; the import saves all rows as drafts", async () => {
    const sales = await signedIn("sales");
    const vin = VIN();
    const bad = csv([
      `afterLease;Toyota;Corolla Import;1.8 Hybrid;kombi;HEV;automatic;biały;2023;52 000;1798;140;${vin};nawigacja|kamera;89000;1`,
      "afterLease;Toyota;Corolla Import;;kombi;HEV;automatic;biały;1970;52000;1798;140;;;89000;",
      "auction;Toyota;Corolla Import;;kombi;HEV;automatic;biały;2023;52000;1798;140;;;;",
      `new;Toyota;Corolla Import;;kombi;HEV;automatic;biały;2026;0;1798;140;${vin};;99000;`,
    ]);
    const check = await send(sales.browser, "/panel/oferty/import", upload(bad, "flota.csv", "check"));
    expect(check.status).toBe(200);
    const report = await check.text();
    expect(report).toContain("Wierszy z problemami: 3 z 4");
    expect(report).toContain("Wiersz 3");
    expect(report).toContain("Rocznik:");
    expect(report).not.toContain("Year:");
    expect(report).toContain("Wiersz 4");
    expect(report).toContain("import przyjmuje samochody nowe (new) i poleasingowe (afterLease)");
    expect(report).toContain("ten sam VIN ma wiersz 2");
    // Importing the same file is refused whole.
    await send(sales.browser, "/panel/oferty/import", upload(bad, "flota.csv", "import"));
    expect(await draftsOf("Corolla Import")).toEqual([]);

    const good = csv([
      `afterLease;Toyota;Corolla Import;1.8 Hybrid;kombi;HEV;automatic;biały;2023;52 000;1798;140;${vin};nawigacja|kamera;89000;1`,
      "new;Toyota;Corolla Import;2.0 Hybrid;sedan;HEV;automatic;czarny;2026;5;1987;196;;;121000;",
    ]);
    const dry = await (
      await send(sales.browser, "/panel/oferty/import", upload(good, "flota.csv", "check"))
    ).text();
    expect(dry).toContain("Plik jest poprawny: ofert do importu: 2");
    expect(await draftsOf("Corolla Import")).toEqual([]);
    const done = await (
      await send(sales.browser, "/panel/oferty/import", upload(good, "flota.csv", "import"))
    ).text();
    expect(done).toContain("Zaimportowano ofert: 2");
    expect(await draftsOf("Corolla Import")).toEqual(["draft", "draft"]);
    // The same VIN a second time is now a problem of the file.
    const twice = await (
      await send(sales.browser, "/panel/oferty/import", upload(good, "flota.csv", "check"))
    ).text();
    expect(twice).toMatch(/VIN: ten VIN ma już oferta nr \d+/);
  });
});

describe("the import's messages", () => {
  it("names each problem by the form's label, and a repeated VIN even on a row with another problem", async () => {
    const sales = await signedIn("sales");
    const vin = VIN();
    const file = csv([
      `afterLease;Toyota;Yaris Import;;hatchback;HEV;automatic;biały;2023;30000;1490;116;${vin};;59000;`,
      `afterLease;Toyota;Yaris Import;;hatchback;HEV;automatic;biały;1970;30000;1490;116;${vin};;59000;`,
    ]);
    const report = await (
      await send(sales.browser, "/panel/oferty/import", upload(file, "flota.csv", "check"))
    ).text();
    expect(report).toContain("Wierszy z problemami: 1 z 2");
    expect(report).toContain("Rocznik: ");
    expect(report).toContain("VIN: ten sam VIN ma wiersz 2");
    const json = JSON.stringify([
      {
        SaleType: "afterLease",
        Make: "Toyota",
        Model: "Yaris Import",
        BodyType: "hatchback",
        FuelType: "HEV",
        GearBoxType: "automatic",
        Color: "biały",
        Year: 2023,
        Mileage: 30_000,
        EngineCapacity: 1490,
        PowerHp: 116,
        Prices: { TotalPriceNetto: 59_000, TotalPriceNettoDiscount: 60_000 },
      },
    ]);
    const named = await (
      await send(sales.browser, "/panel/oferty/import", upload(new Blob([json]), "yaris.json", "check"))
    ).text();
    expect(named).toContain("Cena netto po obniżce: Cena po obniżce musi być niższa od ceny.");
    expect(named).not.toContain("Prices.TotalPriceNettoDiscount");
  });

  it("names an unknown make as the row's problem and takes a variant in the vocabulary's spelling", async () => {
    const sales = await signedIn("sales");
    const file = csv([
      "afterLease;Wolkswagen;Golf Import;;hatchback;PB;manual;biały;2022;40000;999;110;;;69000;",
      "afterLease;volkswagen;Golf Import;;hatchback;PB;manual;biały;2022;40000;999;110;;;69000;",
    ]);
    const report = await (
      await send(sales.browser, "/panel/oferty/import", upload(file, "flota.csv", "check"))
    ).text();
    expect(report).toContain("Wierszy z problemami: 1 z 2");
    expect(report).toContain("Marka: nieznana marka „Wolkswagen”. Czy chodziło o „Volkswagen”?");
  });

  it("reads a JSON list in the API's shape, and refuses a file it cannot read", async () => {
    const sales = await signedIn("sales");
    const json = JSON.stringify([
      {
        SaleType: "new",
        Make: "Kia",
        Model: "EV3 Import",
        BodyType: "suv",
        FuelType: "EL",
        GearBoxType: "automatic",
        Color: "szary",
        Year: 2026,
        Mileage: 0,
        EngineCapacity: 0,
        PowerHp: 204,
        VehicleRange: 600,
        Prices: { TotalPriceNetto: 150_000, LeasePrice: 1, RentPriceNetto: 1 },
      },
    ]);
    const done = await (
      await send(sales.browser, "/panel/oferty/import", upload(new Blob([json]), "ev3.json", "import"))
    ).text();
    expect(done).toContain("Zaimportowano ofert: 1");
    expect(await draftsOf("EV3 Import")).toEqual(["draft"]);

    const broken = await send(
      sales.browser,
      "/panel/oferty/import",
      upload(new Blob(["[{"]), "x.json", "check"),
    );
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("Plik JSON jest uszkodzony");
  });
});

describe("roles", () => {
  it("open the offers to admin and sales only; the others are refused with 403 and change nothing", async () => {
    const sales = await signedIn("sales");
    const id = await createDraft(sales, { Model: "Elroq", Vin: VIN() });
    for (const role of ["content", "consultant"] as const) {
      const m = await signedIn(role);
      expect((await send(m.browser, "/panel/oferty")).status).toBe(403);
      expect((await send(m.browser, `/panel/oferty/${id}`)).status).toBe(403);
      expect((await send(m.browser, "/panel/oferty/nowa", carForm({ Model: "Zakazany" }))).status).toBe(403);
      expect((await send(m.browser, `/panel/oferty/${id}`, { intent: "publish" })).status).toBe(403);
    }
    const admin = await signedIn("admin");
    expect((await send(admin.browser, "/panel/oferty")).status).toBe(200);
    const [row] = await server.services.db.select().from(offers).where(eq(offers.id, id));
    expect(row.status).toBe("draft");
    expect((await server.services.db.select().from(offers).where(eq(offers.model, "Zakazany"))).length).toBe(
      0,
    );
  });
});
