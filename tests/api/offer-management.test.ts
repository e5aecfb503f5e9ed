import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertClient } from "../support/alert-fixtures";
import { startApiServer, type TestServer } from "../support/api-server";
import { bid, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { fleetCar } from "../support/fleet-fixtures";
import { ManualClock } from "../support/manual-clock";

const KEY = "klucz-systemu-flotowego-0123456789";
let server: TestServer;
const clock = new ManualClock();

beforeAll(async () => {
  server = await startApiServer({ OFFERS_API_KEY: KEY, ALERTS_DIGEST_INTERVAL_MINUTES: "0" }, { clock });
});
afterAll(() => server?.close());

const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(`${server.url}/api/Admin${path}`, {
    ...init,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
  });

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f6fb5" } })
    .jpeg()
    .toBuffer();

type JsonSchema = {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** The paths of fields in `answer` that the documented 200 answer of GET `path` does not allow. */
async function undocumentedFields(path: string, answer: unknown): Promise<string[]> {
  const doc = await (await fetch(`${server.url}/api/docs.json`)).json();
  const resolve = (s: JsonSchema): JsonSchema =>
    s.$ref ? resolve(doc.components.schemas[s.$ref.split("/").pop() ?? ""]) : s;
  const walk = (schema: JsonSchema, value: unknown, at: string): string[] => {
    const s = resolve(schema);
    if (s.anyOf) return s.anyOf.some((o) => walk(o, value, at).length === 0) ? [] : [at];
    if (Array.isArray(value) && s.items)
      return value.flatMap((v, i) => walk(s.items as JsonSchema, v, `${at}[${i}]`));
    if (value === null || typeof value !== "object" || !s.properties) return [];
    return Object.entries(value).flatMap(([k, v]) => {
      const field = s.properties?.[k];
      if (field) return walk(field, v, `${at}.${k}`);
      return s.additionalProperties === false ? [`${at}.${k}`] : [];
    });
  };
  const schema = doc.paths[path].get.responses[200].content["application/json"].schema;
  return walk(schema, answer, "");
}

describe("access", () => {
  it("answers 401 without the key or with a wrong one, in the error contract", async () => {
    for (const authorization of ["", "Bearer zly-klucz", `Basic ${KEY}`]) {
      const res = await fetch(`${server.url}/api/Admin/Offers`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify(fleetCar()),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        ErrorCode: 8,
        ErrorMessage: "Brak lub nieprawidłowy klucz API zarządzania ofertami.",
      });
    }
  });

  it("does not exist on a server without OFFERS_API_KEY", async () => {
    const plain = await startApiServer();
    try {
      const res = await fetch(`${plain.url}/api/Admin/Offers`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(fleetCar()),
      });
      expect(res.status).toBe(404);
      expect((await res.json()).ErrorCode).toBe(3);
    } finally {
      await plain.close();
    }
  }, 90_000); // a second server with a fresh database of its own (on PostgreSQL: created and migrated)
});

describe("publishing offers and auctions", () => {
  it("a published offer with its photo is on its page, in the list and in the price history", async () => {
    const upload = await admin("/Images", {
      method: "POST",
      body: await photo(),
      headers: { "content-type": "image/jpeg" },
    });
    expect(upload.status).toBe(200);
    const { Id } = await upload.json();
    expect(Id).toMatch(/^[0-9a-f]{64}$/);

    const res = await admin("/Offers", { method: "POST", json: fleetCar({ PhotoIds: [Id] }) });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.Url).toBe(`/samochody-poleasingowe/volvo-v60-id-${created.AuctionId}`);

    const details = await (
      await fetch(`${server.url}/api/OfferDetails/AfterLease?AuctionId=${created.AuctionId}`)
    ).json();
    expect(details).toMatchObject({
      AuctionId: created.AuctionId,
      Make: "Volvo",
      Model: "V60",
      Vin: "YV1ZWK8V0P2000001",
      Description: "Pierwszy właściciel, serwisowany w ASO.",
      Equipment: ["nawigacja", "kamera cofania"],
      LowestPrice30Days: null,
    });
    expect(details.Photos).toEqual([expect.objectContaining({ Id, Width: 640, Height: 480 })]);

    const list = await (
      await fetch(`${server.url}/api/Offers/AfterLease`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ Makes: ["Volvo"] }),
      })
    ).json();
    expect(list.Tails.map((t: { AuctionId: number }) => t.AuctionId)).toContain(created.AuctionId);
  });

  it("publishes an auction that bidders can bid on", async () => {
    const res = await admin("/Offers", {
      method: "POST",
      json: fleetCar({
        SaleType: "auction",
        Prices: undefined,
        AuctionStart: new Date(Date.now() - 60_000).toISOString(),
        AuctionEnd: new Date(Date.now() + 86_400_000).toISOString(),
        StartingPrice: 70_000,
      }),
    });
    expect(res.status).toBe(201);
    const { AuctionId, Url } = await res.json();
    expect(Url).toBe(`/aukcje-samochodowe/volvo-v60-id-${AuctionId}`);
    const bidder = await createBidder(server.services.db);
    const token = await signIn(server.url, bidder);
    expect((await bid(server.url, token, { AuctionId, Price: 70_000 })).status).toBe(200);
  });

  it("rejects bad offers with a 400 naming the field in Polish, and stores nothing", async () => {
    const before = (await server.services.db.execute("select count(*)::int as n from offers")) as unknown as {
      rows: { n: number }[];
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [fleetCar({ Prices: undefined }), "Pole Prices: Podaj ceny oferty."],
      [
        fleetCar({ Prices: {} }),
        "Pole Prices.TotalPriceNetto: Podaj co najmniej jedną cenę: najmu, leasingu albo za gotówkę.",
      ],
      [
        fleetCar({ Prices: { TotalPriceNetto: 100_000, TotalPriceNettoDiscount: 100_000 } }),
        "Pole Prices.TotalPriceNettoDiscount: Cena po obniżce musi być niższa od ceny.",
      ],
      [fleetCar({ Vin: "ABC" }), "Pole Vin: VIN ma 17 znaków: cyfry i wielkie litery bez I, O i Q."],
      [fleetCar({ Year: new Date().getFullYear() + 2 }), "Pole Year: Rocznik nie może być z przyszłości."],
      [fleetCar({ SaleType: "auction" }), "Pole AuctionStart: Pole wymagane dla aukcji."],
      [
        fleetCar({
          SaleType: "auction",
          AuctionStart: new Date(Date.now() - 3 * 3_600_000).toISOString(),
          AuctionEnd: new Date(Date.now() - 60_000).toISOString(),
          StartingPrice: 10_000,
        }),
        "Pole AuctionEnd: Koniec aukcji musi być w przyszłości.",
      ],
      // The panel's rule: an auction runs at least an hour (a 4-minute one was taken before).
      [
        fleetCar({
          SaleType: "auction",
          AuctionStart: new Date(Date.now() + 60_000).toISOString(),
          AuctionEnd: new Date(Date.now() + 5 * 60_000).toISOString(),
          StartingPrice: 10_000,
        }),
        "Pole AuctionEnd: Aukcja musi trwać co najmniej 1 godzinę.",
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await admin("/Offers", { method: "POST", json: payload });
      expect(res.status, message).toBe(400);
      expect(await res.json()).toEqual({ ErrorCode: 1, ErrorMessage: message });
    }
    const res = await admin("/Offers", { method: "POST", json: fleetCar({ PhotoIds: ["ab".repeat(32)] }) });
    expect(res.status).toBe(400);
    expect((await res.json()).ErrorMessage).toContain("nie ma zdjęcia");
    const bad = await admin("/Offers", {
      method: "POST",
      body: "{nie json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    const after = (await server.services.db.execute("select count(*)::int as n from offers")) as unknown as {
      rows: { n: number }[];
    };
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe("publishing: makes and files", () => {
  it("takes makes from the vocabulary: variants get the one spelling, an unknown make is a 400 naming the field", async () => {
    const spelt: [string, string, string][] = [
      ["volkswagen", "Volkswagen", "volkswagen"],
      ["VW", "Volkswagen", "volkswagen"],
      ["Mercedes", "Mercedes-Benz", "mercedes-benz"],
      ["Skoda", "Škoda", "skoda"],
    ];
    for (const [given, make, slug] of spelt) {
      const res = await admin("/Offers", { method: "POST", json: fleetCar({ Make: given, Vin: null }) });
      expect(res.status, given).toBe(201);
      const { AuctionId, Url } = await res.json();
      expect(Url).toBe(`/samochody-poleasingowe/${slug}-v60-id-${AuctionId}`);
      const details = await (
        await fetch(`${server.url}/api/OfferDetails/AfterLease?AuctionId=${AuctionId}`)
      ).json();
      expect(details.Make, given).toBe(make);
    }

    const before = (await server.services.db.execute("select count(*)::int as n from offers")) as unknown as {
      rows: { n: number }[];
    };
    const refused: [string, string][] = [
      [
        "Wolkswagen",
        "Pole Make: nieznana marka „Wolkswagen”. Czy chodziło o „Volkswagen”? Markę spoza słownika najpierw dodaje administrator w panelu (Marki).",
      ],
      [
        '<img src=x onerror="alert(1)">',
        'Pole Make: nieznana marka „<img src=x onerror="alert(1)">”. Markę spoza słownika najpierw dodaje administrator w panelu (Marki).',
      ],
    ];
    for (const [Make, ErrorMessage] of refused) {
      const res = await admin("/Offers", { method: "POST", json: fleetCar({ Make, Vin: null }) });
      expect(res.status, Make).toBe(400);
      expect(await res.json()).toEqual({ ErrorCode: 1, ErrorMessage });
    }
    const after = (await server.services.db.execute("select count(*)::int as n from offers")) as unknown as {
      rows: { n: number }[];
    };
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const filter = await (await fetch(`${server.url}/api/OffersFilterData`)).json();
    const menu = (filter.MakesAndModels as { Make: { Value: string } }[]).map((m) => m.Make.Value);
    expect(menu).not.toContain("Wolkswagen");
    expect(menu.filter((m) => /volkswagen/i.test(m))).toEqual(["Volkswagen"]);

    // /api/docs tells the fleet system the rule.
    const doc = await (await fetch(`${server.url}/api/docs.json`)).json();
    const body = doc.paths["/api/Admin/Offers"].post.requestBody.content["application/json"].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split("/").pop()] : body;
    expect(schema.properties.Make.description).toContain("Marka ze słownika");
  });

  it("refuses a file that is not an image", async () => {
    const res = await admin("/Images", {
      method: "POST",
      body: Buffer.from("to nie jest zdjęcie"),
      headers: { "content-type": "image/jpeg" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).ErrorMessage).toBe("Plik nie jest obsługiwanym obrazem.");
  });
});

describe("alerts follow publishing and price cuts", () => {
  const { createAlert, outboxFor } = alertClient(() => server);
  const digestsFor = async (email: string) =>
    (await outboxFor(email)).filter((m) => m.subject.startsWith("Alert Flotis"));

  it("publishing a matching offer gives one digest entry; a price cut gives another the next day", async () => {
    // The wizard offers only makes on sale: a first Cupra is published (and matched) before the alert.
    await admin("/Offers", {
      method: "POST",
      json: fleetCar({ Make: "Cupra", Model: "Born", FuelType: "EL" }),
    });
    await server.services.alerts.processJobs();
    const { payload, guid } = await createAlert({ Makes: ["Cupra"], TotalPriceBruttoTo: 200_000 });
    const email = payload.Email as string;
    expect((await fetch(`${server.url}/api/CarAlert?guid=${guid}`, { method: "PATCH" })).status).toBe(200);

    const created = await (
      await admin("/Offers", {
        method: "POST",
        json: fleetCar({
          Make: "Cupra",
          Model: "Formentor",
          Version: "1.5 eTSI",
          BodyType: "suv",
          Vin: null,
        }),
      })
    ).json();
    await server.services.alerts.processJobs();
    await server.services.alerts.buildDigests(new Date("2031-05-05T08:00:00Z"));
    let digests = await digestsFor(email);
    expect(digests).toHaveLength(1);
    expect(digests[0].text).toContain("* Cupra Formentor 1.5 eTSI (nowa oferta): 129\u00a0000\u00a0zł netto");

    // A rise is not news; a cut is, in the next day's digest; the offer page shows the 30-day lowest price.
    const rise = await admin(`/Offers/Prices?AuctionId=${created.AuctionId}`, {
      method: "PUT",
      json: { TotalPriceNetto: 131_000, LeasePrice: 2_350 },
    });
    expect(await rise.json()).toMatchObject({ AuctionId: created.AuctionId, PriceFell: false });
    const cut = await admin(`/Offers/Prices?AuctionId=${created.AuctionId}`, {
      method: "PUT",
      json: { TotalPriceNetto: 131_000, TotalPriceNettoDiscount: 119_000, LeasePrice: 2_350 },
    });
    expect(await cut.json()).toMatchObject({ PriceFell: true });
    await server.services.alerts.processJobs();
    await server.services.alerts.buildDigests(new Date("2031-05-06T08:00:00Z"));
    digests = await digestsFor(email);
    expect(digests).toHaveLength(2);
    // The old price beside the new one, and a subject that names the car and says it is cheaper now.
    expect(digests[0].subject).toBe("Alert Flotis: Cupra Formentor 1.5 eTSI w niższej cenie");
    expect(digests[0].text).toContain(
      "* Cupra Formentor 1.5 eTSI (niższa cena, wcześniej 131\u00a0000\u00a0zł netto / 161\u00a0130\u00a0zł brutto): 119\u00a0000\u00a0zł netto / 146\u00a0370\u00a0zł brutto",
    );

    const details = await (
      await fetch(`${server.url}/api/OfferDetails/AfterLease?AuctionId=${created.AuctionId}`)
    ).json();
    expect(details).toMatchObject({ TotalPriceNetto: 131_000, TotalPriceNettoDiscount: 119_000 });
    expect(details.LowestPrice30Days.TotalPriceNetto).toBe(129_000);
  });

  it("price changes are refused for unknown offers, auctions and bad amounts", async () => {
    const unknown = await admin("/Offers/Prices?AuctionId=999999", {
      method: "PUT",
      json: { TotalPriceNetto: 1000 },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).ErrorMessage).toBe("Nie ma oferty w sprzedaży o podanym numerze.");
    const auction = await createAuction(server.services.db);
    const res = await admin(`/Offers/Prices?AuctionId=${auction}`, {
      method: "PUT",
      json: { TotalPriceNetto: 1000 },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).ErrorMessage).toBe(
      "Cenę aukcji wyznaczają oferty licytujących; nie można jej zmienić.",
    );
    for (const query of ["AuctionId=abc", "AuctionId=-1", ""]) {
      expect(
        (await admin(`/Offers/Prices?${query}`, { method: "PUT", json: { TotalPriceNetto: 1000 } })).status,
      ).toBe(400);
    }
    const negative = await admin(`/Offers/Prices?AuctionId=${auction}`, {
      method: "PUT",
      json: { TotalPriceNetto: -5 },
    });
    expect(negative.status).toBe(400);
  });
});

describe("withdrawal", () => {
  it("a withdrawn offer's page answers 404; an auction with bids cannot be withdrawn", async () => {
    const { AuctionId } = await (await admin("/Offers", { method: "POST", json: fleetCar() })).json();
    const res = await admin(`/Offers?AuctionId=${AuctionId}`, { method: "DELETE" });
    expect(await res.json()).toEqual({ AuctionId, Withdrawn: true });
    expect((await fetch(`${server.url}/api/OfferDetails/AfterLease?AuctionId=${AuctionId}`)).status).toBe(
      404,
    );
    expect((await admin(`/Offers?AuctionId=${AuctionId}`, { method: "DELETE" })).status).toBe(404);

    const auction = await createAuction(server.services.db);
    const bidder = await createBidder(server.services.db);
    expect(
      (await bid(server.url, await signIn(server.url, bidder), { AuctionId: auction, Price: 40_000 })).status,
    ).toBe(200);
    const refused = await admin(`/Offers?AuctionId=${auction}`, { method: "DELETE" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).ErrorMessage).toBe("Aukcji z ofertami licytujących nie można wycofać.");
  });
});

/** An auction of the fleet system starting in an hour, and its condition report. */
const auction = () => {
  const start = new Date(Date.now() + 3_600_000).toISOString();
  const end = new Date(Date.now() + 3 * 86_400_000).toISOString();
  return fleetCar({ SaleType: "auction", AuctionStart: start, AuctionEnd: end, StartingPrice: 55_000 });
};
const report = (photoId: string) => ({
  InspectedAt: "2026-11-20T10:30:00+01:00",
  Inspector: "Ewa Lis, rzeczoznawca",
  Mileage: 41_250,
  Summary: "Samochód zadbany, jedna rysa na zderzaku.",
  Sections: [{ Name: "Nadwozie i lakier", Rating: "dobry", Notes: "Rysa na zderzaku przednim." }],
  Tyres: [{ Position: "przednia lewa", TreadDepthMm: 5.5, Season: "zimowa" }],
  Damages: [{ Place: "zderzak przedni", Description: "rysa 8 cm", PhotoId: photoId }],
  PhotoIds: [photoId],
});

describe("condition reports of auctions", () => {
  it("an auction published without one says so, and a delivered report is what bidders read", async () => {
    const { AuctionId } = await (await admin("/Offers", { method: "POST", json: auction() })).json();
    const none = await fetch(`${server.url}/api/Ost/GetForAuction?auctionId=${AuctionId}`);
    expect(await none.json()).toMatchObject({ HasReport: false });

    const image = await admin("/Images", {
      method: "POST",
      body: await photo(),
      headers: { "content-type": "image/jpeg" },
    });
    const { Id } = await image.json();
    const saved = await admin(`/Offers/TechnicalReport?AuctionId=${AuctionId}`, {
      method: "PUT",
      json: report(Id),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ AuctionId, Saved: true });
    const read = await (await fetch(`${server.url}/api/Ost/GetForAuction?auctionId=${AuctionId}`)).json();
    expect(read).toMatchObject({
      Inspector: "Ewa Lis, rzeczoznawca",
      Mileage: 41_250,
      Summary: "Samochód zadbany, jedna rysa na zderzaku.",
      Sections: [{ Name: "Nadwozie i lakier", Rating: "dobry" }],
      Damages: [{ Place: "zderzak przedni", Description: "rysa 8 cm" }],
    });
    expect(read.Damages[0].PhotoUrl).toContain(Id);
    // Nothing beyond what /api/docs describes (a damage's internal photo id once went out too).
    expect(await undocumentedFields("/api/Ost/GetForAuction", read)).toEqual([]);

    // A second delivery replaces the first.
    const again = await admin(`/Offers/TechnicalReport?AuctionId=${AuctionId}`, {
      method: "PUT",
      json: { ...report(Id), Summary: "Po naprawie zderzaka.", Damages: [] },
    });
    expect(again.status).toBe(200);
    const replaced = await (await fetch(`${server.url}/api/Ost/GetForAuction?auctionId=${AuctionId}`)).json();
    expect(replaced.Summary).toBe("Po naprawie zderzaka.");
    expect(replaced.Damages).toEqual([]);
  });

  it("refuses bad input, unknown photos and offers that are not auctions, in Polish", async () => {
    const { AuctionId } = await (await admin("/Offers", { method: "POST", json: auction() })).json();
    const bad = await admin(`/Offers/TechnicalReport?AuctionId=${AuctionId}`, {
      method: "PUT",
      json: { ...report("a".repeat(64)), Sections: [{ Name: "Wnętrze", Rating: "świetny" }] },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).ErrorMessage).toMatch(/^Pole Sections\.0\.Rating/);
    const unknownPhoto = await admin(`/Offers/TechnicalReport?AuctionId=${AuctionId}`, {
      method: "PUT",
      json: report("b".repeat(64)),
    });
    expect(unknownPhoto.status).toBe(400);
    expect((await unknownPhoto.json()).ErrorMessage).toContain("/api/Admin/Images");
    const { AuctionId: carId } = await (await admin("/Offers", { method: "POST", json: fleetCar() })).json();
    const notAuction = await admin(`/Offers/TechnicalReport?AuctionId=${carId}`, {
      method: "PUT",
      json: { ...report("a".repeat(64)), Damages: [], PhotoIds: [] },
    });
    expect(notAuction.status).toBe(404);
    expect(await notAuction.json()).toEqual({
      ErrorCode: 3,
      ErrorMessage: "Nie ma aukcji o podanym numerze.",
    });
  });
});

describe("condition report versions", () => {
  it("a correction before the start is a new version and tells who favourited the auction; from the start it is locked", async () => {
    const { AuctionId } = await (await admin("/Offers", { method: "POST", json: auction() })).json();
    const first = { ...report("a".repeat(64)), Damages: [], PhotoIds: [] };
    expect(
      (await admin(`/Offers/TechnicalReport?AuctionId=${AuctionId}`, { method: "PUT", json: first })).status,
    ).toBe(200);
    // Ola keeps the auction among her favourites (her browser sends the list once she is signed in).
    const ola = await createBidder(server.services.db);
    const token = await signIn(server.url, ola);
    const favourites = await fetch(`${server.url}/api/Favorites/Auctions`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ AuctionIds: [AuctionId, 999_999] }),
    });
    expect(await favourites.json()).toEqual({ AuctionIds: [AuctionId] });

    const corrected = await admin(`/Offers/TechnicalReport?AuctionId=${AuctionId}`, {
      method: "PUT",
      json: { ...first, Summary: "Rysa na zderzaku usunięta przed aukcją." },
    });
    expect(corrected.status).toBe(200);
    const read = await (await fetch(`${server.url}/api/Ost/GetForAuction?auctionId=${AuctionId}`)).json();
    expect(read).toMatchObject({
      HasReport: true,
      Version: 2,
      Summary: "Rysa na zderzaku usunięta przed aukcją.",
    });
    expect(read.SavedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await server.services.mail.worker.wake();
    const mails = (await (
      await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(ola.email)}`)
    ).json()) as { subject: string; text: string }[];
    const told = mails.find((m) => m.subject.startsWith("Poprawiony opis stanu technicznego"));
    expect(told?.text).toContain("wersja 2 z ");
    expect(told?.text).toContain(`(nr ${AuctionId})`);

    // Running: bidders bid on the car as described at the start. Ended: nothing changes either.
    const running = await createAuction(server.services.db, {
      start: new Date(clock.now().getTime() - 60_000),
    });
    const started = await admin(`/Offers/TechnicalReport?AuctionId=${running}`, {
      method: "PUT",
      json: first,
    });
    expect(started.status).toBe(400);
    expect((await started.json()).ErrorMessage).toBe(
      "Aukcja już się rozpoczęła: opisu stanu technicznego nie można zmienić, licytujący licytują samochód opisany przed jej rozpoczęciem.",
    );
    const ended = await createAuction(server.services.db, {
      start: new Date(clock.now().getTime() - 7_200_000),
      end: new Date(clock.now().getTime() - 60_000),
    });
    await server.services.auctions.closer.tick();
    const after = await admin(`/Offers/TechnicalReport?AuctionId=${ended}`, { method: "PUT", json: first });
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({
      ErrorMessage: "Aukcja jest zakończona: opisu stanu technicznego nie można już zmienić.",
    });
    expect(
      await (await fetch(`${server.url}/api/Ost/GetForAuction?auctionId=${ended}`)).json(),
    ).toMatchObject({
      HasReport: false,
    });
  });
});

// Last in the file: it moves the server's clock three years on.
describe("publishing: the rules of time follow the server's clock", () => {
  it("takes next year's car and refuses an auction ending before now as the clock counts them", async () => {
    const year = clock.now().getFullYear();
    const end = new Date(clock.now().getTime() + 365 * 86_400_000).toISOString();
    const auction = fleetCar({
      SaleType: "auction",
      AuctionStart: clock.now().toISOString(),
      AuctionEnd: end,
      StartingPrice: 10_000,
    });
    expect((await admin("/Offers", { method: "POST", json: fleetCar({ Year: year + 3 }) })).status).toBe(400);
    clock.advance(3 * 365 * 86_400_000);
    expect((await admin("/Offers", { method: "POST", json: fleetCar({ Year: year + 3 }) })).status).toBe(201);
    const late = await admin("/Offers", { method: "POST", json: auction });
    expect(await late.json()).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Pole AuctionEnd: Koniec aukcji musi być w przyszłości.",
    });
  });
});
