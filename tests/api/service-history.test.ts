import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInPoland } from "../../src/domain/polish-time";
import { startApiServer, type TestServer } from "../support/api-server";
import { fleetCar } from "../support/fleet-fixtures";
import { ManualClock } from "../support/manual-clock";
import { pdfText } from "../support/pdf-text";

// The fleet system delivers an ex-lease car's service visits and odometer readings with the offer
// (POST /api/Admin/Offers, ServiceHistory) or later in full (PUT /api/Admin/Offers/ServiceHistory);
// the offer's details and printed offer show them (the page: tests/e2e/service-history.spec.ts).

const KEY = "klucz-systemu-flotowego-0123456789";
let server: TestServer;
const clock = new ManualClock();

beforeAll(async () => {
  server = await startApiServer({ OFFERS_API_KEY: KEY, ALERTS_DIGEST_INTERVAL_MINUTES: "0" }, { clock });
});
afterAll(() => server?.close());

const admin = (path: string, method: string, json: unknown) =>
  fetch(`${server.url}/api/Admin${path}`, {
    method,
    body: JSON.stringify(json),
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
  });

const HISTORY = [
  {
    Date: "2023-04-12",
    Mileage: 15_200,
    Description: "Przegląd okresowy, wymiana oleju i filtrów",
    Workshop: "ASO Volvo Auto Kraków",
  },
  { Date: "2024-03-12", Mileage: 85_000, Description: "Wymiana opon na letnie" },
  {
    Date: "2023-11-05",
    Mileage: 92_000,
    Description: "Wymiana klocków hamulcowych przednich",
    Workshop: null,
  },
];

const details = async (id: number) =>
  (await fetch(`${server.url}/api/OfferDetails/AfterLease?AuctionId=${id}`)).json();

const offerCount = async () =>
  (
    (await server.services.db.execute("select count(*)::int as n from offers")) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

describe("service history from the fleet system", () => {
  it("is published with the offer and read back oldest first, in the details answer as /api/docs describes it", async () => {
    const res = await admin("/Offers", "POST", fleetCar({ Year: 2022, ServiceHistory: HISTORY }));
    expect(res.status).toBe(201);
    const { AuctionId } = await res.json();
    const offer = await details(AuctionId);
    expect(offer.ServiceHistory).toEqual([
      {
        Date: "2023-04-12",
        Mileage: 15_200,
        Description: "Przegląd okresowy, wymiana oleju i filtrów",
        Workshop: "ASO Volvo Auto Kraków",
      },
      {
        Date: "2023-11-05",
        Mileage: 92_000,
        Description: "Wymiana klocków hamulcowych przednich",
        Workshop: null,
      },
      { Date: "2024-03-12", Mileage: 85_000, Description: "Wymiana opon na letnie", Workshop: null },
    ]);
    // An offer without one answers an empty list.
    const plain = await (await admin("/Offers", "POST", fleetCar())).json();
    expect((await details(plain.AuctionId)).ServiceHistory).toEqual([]);

    const doc = await (await fetch(`${server.url}/api/docs.json`)).json();
    const resolve = (s: { $ref?: string }) =>
      s.$ref ? doc.components.schemas[s.$ref.split("/").pop() ?? ""] : s;
    const body = resolve(doc.paths["/api/Admin/Offers"].post.requestBody.content["application/json"].schema);
    expect(body.properties.ServiceHistory.description).toContain("Historia serwisowa");
    expect(doc.paths["/api/Admin/Offers/ServiceHistory"].put).toBeTruthy();
    const answer = resolve(
      doc.paths["/api/OfferDetails/AfterLease"].get.responses[200].content["application/json"].schema,
    );
    expect(answer.properties.ServiceHistory).toBeTruthy();
  });

  it("refuses bad visits with a 400 naming the field in Polish, and stores nothing", async () => {
    const before = await offerCount();
    const visit = { Date: "2024-03-12", Mileage: 50_000, Description: "Przegląd okresowy" };
    const cases: [unknown, string][] = [
      [
        [{ ...visit, Date: "12.03.2024" }],
        "Pole ServiceHistory.0.Date: oczekiwano: data w formacie RRRR-MM-DD",
      ],
      [
        [visit, { ...visit, Date: "2024-02-30" }],
        "Pole ServiceHistory.1.Date: oczekiwano: data w formacie RRRR-MM-DD",
      ],
      [[{ ...visit, Mileage: -1 }], "Pole ServiceHistory.0.Mileage: co najmniej 0"],
      [[{ ...visit, Mileage: 1.5 }], "Pole ServiceHistory.0.Mileage: oczekiwano: liczba całkowita"],
      [[{ ...visit, Description: "  " }], "Pole ServiceHistory.0.Description: pole nie może być puste"],
      [
        [{ ...visit, Description: "x".repeat(301) }],
        "Pole ServiceHistory.0.Description: najwyżej 300 znaków",
      ],
      [[{ Date: "2024-03-12", Mileage: 50_000 }], "Pole ServiceHistory.0.Description: pole wymagane"],
      [Array.from({ length: 201 }, () => visit), "Pole ServiceHistory: najwyżej 200 elementów"],
      [
        [{ ...visit, Date: "2019-12-31" }],
        "Pole ServiceHistory.0.Date: Data wizyty jest wcześniejsza niż rocznik samochodu (2022).",
      ],
    ];
    for (const [ServiceHistory, ErrorMessage] of cases) {
      const res = await admin("/Offers", "POST", fleetCar({ Year: 2022, ServiceHistory }));
      expect(res.status, ErrorMessage).toBe(400);
      expect(await res.json()).toEqual({ ErrorCode: 1, ErrorMessage });
    }
    const newCar = await admin("/Offers", "POST", fleetCar({ SaleType: "new", ServiceHistory: [visit] }));
    expect(await newCar.json()).toEqual({
      ErrorCode: 1,
      ErrorMessage:
        "Pole ServiceHistory: Historię serwisową podaje się dla samochodów poleasingowych i aukcji, nie dla nowych.",
    });
    expect(await offerCount()).toBe(before);
  });
});

describe("service history: replacing it and printing it", () => {
  it("PUT replaces the whole history; an empty list clears it; unknown offers and new cars are refused", async () => {
    const { AuctionId } = await (
      await admin("/Offers", "POST", fleetCar({ Year: 2022, ServiceHistory: HISTORY }))
    ).json();
    const put = await admin(`/Offers/ServiceHistory?AuctionId=${AuctionId}`, "PUT", {
      ServiceHistory: [
        {
          Date: "2025-06-01",
          Mileage: 120_000,
          Description: "Wymiana akumulatora",
          Workshop: "Euromaster, Poznań",
        },
      ],
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({
      AuctionId,
      Url: `/samochody-poleasingowe/volvo-v60-id-${AuctionId}`,
      ServiceVisits: 1,
    });
    expect((await details(AuctionId)).ServiceHistory).toEqual([
      {
        Date: "2025-06-01",
        Mileage: 120_000,
        Description: "Wymiana akumulatora",
        Workshop: "Euromaster, Poznań",
      },
    ]);
    const bad = await admin(`/Offers/ServiceHistory?AuctionId=${AuctionId}`, "PUT", {
      ServiceHistory: [{ Date: "2025-06-01", Mileage: "dużo", Description: "Wymiana akumulatora" }],
    });
    expect(await bad.json()).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Pole ServiceHistory.0.Mileage: oczekiwano: liczba",
    });
    expect((await details(AuctionId)).ServiceHistory).toHaveLength(1);

    expect(
      (await admin(`/Offers/ServiceHistory?AuctionId=${AuctionId}`, "PUT", { ServiceHistory: [] })).status,
    ).toBe(200);
    expect((await details(AuctionId)).ServiceHistory).toEqual([]);

    const unknown = await admin("/Offers/ServiceHistory?AuctionId=999999", "PUT", { ServiceHistory: [] });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ErrorCode: 3, ErrorMessage: "Nie ma oferty o podanym numerze." });
    const fresh = await (await admin("/Offers", "POST", fleetCar({ SaleType: "new", Vin: null }))).json();
    const refused = await admin(`/Offers/ServiceHistory?AuctionId=${fresh.AuctionId}`, "PUT", {
      ServiceHistory: [{ Date: "2025-06-01", Mileage: 10, Description: "Przegląd zerowy" }],
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).ErrorMessage).toBe(
      "Pole ServiceHistory: Historię serwisową podaje się dla samochodów poleasingowych i aukcji, nie dla nowych.",
    );
  });

  it("the printed auction offer lists the visits and the note", async () => {
    const auction = fleetCar({
      SaleType: "auction",
      Prices: undefined,
      Year: 2022,
      AuctionStart: clock.now().toISOString(),
      AuctionEnd: new Date(clock.now().getTime() + 86_400_000).toISOString(),
      StartingPrice: 60_000,
      ServiceHistory: HISTORY,
    });
    const { AuctionId } = await (await admin("/Offers", "POST", auction)).json();
    const pdf = await fetch(`${server.url}/api/OfferDetails/Auctions/PrintOffer?printingId=${AuctionId}`, {
      method: "POST",
    });
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Historia serwisowa");
    expect(text).toContain(
      "Uwaga: odczyt licznika 12.03.2024 (85 000 km) jest niższy niż wcześniejszy (92 000 km).",
    );
    expect(text).toContain("05.11.2023, 92 000 km");
    expect(text).toContain("Wymiana klocków hamulcowych przednich");
    expect(text).toContain("Przegląd okresowy, wymiana oleju i filtrów — ASO Volvo Auto Kraków");
  });
});

// Last in the file: it moves the server's clock on.
describe("service history: the future is the server clock's", () => {
  it("refuses a visit after today as the clock counts it, and takes it once the clock has passed that day", async () => {
    const tomorrow = todayInPoland(new Date(clock.now().getTime() + 86_400_000));
    const history = [{ Date: tomorrow, Mileage: 40_000, Description: "Przegląd okresowy" }];
    const refused = await admin("/Offers", "POST", fleetCar({ ServiceHistory: history }));
    expect(await refused.json()).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Pole ServiceHistory.0.Date: Data wizyty nie może być z przyszłości.",
    });
    const { AuctionId } = await (await admin("/Offers", "POST", fleetCar())).json();
    const put = await admin(`/Offers/ServiceHistory?AuctionId=${AuctionId}`, "PUT", {
      ServiceHistory: history,
    });
    expect((await put.json()).ErrorMessage).toBe(
      "Pole ServiceHistory.0.Date: Data wizyty nie może być z przyszłości.",
    );

    clock.advance(2 * 86_400_000);
    expect((await admin("/Offers", "POST", fleetCar({ ServiceHistory: history }))).status).toBe(201);
    expect(
      (await admin(`/Offers/ServiceHistory?AuctionId=${AuctionId}`, "PUT", { ServiceHistory: history }))
        .status,
    ).toBe(200);
  });
});
