import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS } from "../../src/domain/documents";
import { LITERAL_DEFAULTS } from "../../src/domain/literals";
import { renderPdf } from "../../src/server/content/pdf";
import { seedContent } from "../../src/server/content/seed";
import { documents, literals, offers } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { pdfText } from "../support/pdf-text";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.url}${path}`);

describe("before the content is seeded", () => {
  it("answers missing regulations with a Polish JSON 404 and literals with their defaults", async () => {
    const res = await get("/api/Regulations/auctionRules");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      ErrorCode: 3,
      ErrorMessage: "Regulamin aukcji nie jest jeszcze opublikowany.",
    });
    const literals = await (await get("/api/Literals/Get")).json();
    expect(literals.CallButtonPhone).toBe(LITERAL_DEFAULTS.CallButtonPhone);
  });
});

/** The content seeded, a literal edited, and the content seeded again (the edit must survive). */
const seedContentTwice = async () => {
  await seedContent(server.services.database);
  // A second run must not duplicate anything nor overwrite an edited value.
  await server.services.database.db
    .insert(literals)
    .values({ key: "CallButtonPhone", value: "+48 600 700 800" })
    .onConflictDoUpdate({
      target: literals.key,
      set: { value: "+48 600 700 800" },
    });
  await seedContent(server.services.database);
};

describe("content API: literals and documents", () => {
  beforeAll(seedContentTwice);

  it("GET /api/Literals/Get answers every literal, edited values from the database", async () => {
    const res = await get("/api/Literals/Get");
    expect(res.status).toBe(200);
    const body = await res.json();
    for (const key of Object.keys(LITERAL_DEFAULTS)) expect(typeof body[key]).toBe("string");
    expect(body.CallButtonPhone).toBe("+48 600 700 800");
    expect(body.FormDisclaimer.length).toBeGreaterThan(751);
    expect(body.ContactHours).toBe("pon. – pt., 9:00 – 19:00");
  });

  it("GET /api/Regulations answers the site terms as {Name, Base64} of a real PDF", async () => {
    const body = await (await get("/api/Regulations")).json();
    expect(body.Name).toBe("Regulamin serwisu Flotis.pdf");
    const pdf = Buffer.from(body.Base64, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await pdfText(pdf);
    expect(text).toContain("Regulamin serwisu internetowego Flotis");
    expect(text).toContain("Usługodawca");
    expect(text).toContain("przeglądarki");
  });

  it("GET /api/Regulations/auctionRules answers the rules in force since 7 January 2021", async () => {
    const body = await (await get("/api/Regulations/auctionRules")).json();
    expect(body.Name).toBe("Regulamin aukcji Flotis.pdf");
    const { text } = await pdfText(Buffer.from(body.Base64, "base64"));
    expect(text).toContain("Obowiązuje od 7.01.2021");
    expect(text).toContain("wyłącznie przedsiębiorcy");
    expect(text).toContain("5–10%");
  });

  it("serves a newer auction-rules version only from its effective date", async () => {
    const future = new Date(Date.now() + 86_400_000);
    await server.services.database.db.insert(documents).values({
      kind: DOCUMENTS.auctionRules.kind,
      name: "Regulamin aukcji Flotis v2.pdf",
      version: 2,
      effectiveFrom: future,
      data: await renderPdf({
        title: "Regulamin aukcji – wersja 2",
        blocks: [],
        footer: "v2",
        createdAt: future,
      }),
    });
    expect((await (await get("/api/Regulations/auctionRules")).json()).Name).toBe(
      "Regulamin aukcji Flotis.pdf",
    );
    const later = await server.services.content.currentDocument(
      DOCUMENTS.auctionRules.kind,
      new Date(future.getTime() + 1),
    );
    expect(later?.name).toBe("Regulamin aukcji Flotis v2.pdf");
    expect(later?.version).toBe(2);
  });

  it("stores every published document as a PDF whose text has the Polish words it should", async () => {
    const expected: Record<string, string[]> = {
      [DOCUMENTS.subsidyRules.kind]: [
        "Mój elektryk",
        "18 750 zł",
        "27 000 zł",
        "maks. 70 000 zł",
        "maks. 4 000 zł",
        "nie przekracza 50 km",
      ],
      [DOCUMENTS.subsidyApplication.kind]: ["Wniosek o dopłatę", "Oświadczam", "zeroemisyjny"],
      [DOCUMENTS.subsidyMileageStatement.kind]: [
        "Oświadczenie o deklarowanym rocznym przebiegu",
        "co najmniej 15 000 km",
        "w ciągu 2 lat",
      ],
      [DOCUMENTS.subsidyChecklist.kind]: ["Lista dokumentów", "Przedsiębiorca", "zdjęcie licznika"],
      [DOCUMENTS.sampleCertificate.kind]: [
        "Certyfikat Flotis",
        "ponad 200 sprawdzonych parametrów",
        "Škoda",
        "Układ hamulcowy",
      ],
    };
    for (const [kind, words] of Object.entries(expected)) {
      const doc = await server.services.content.currentDocument(kind);
      expect(doc, kind).not.toBeNull();
      expect(doc!.name.endsWith(".pdf")).toBe(true);
      const { text, pages } = await pdfText(doc!.data);
      expect(pages).toBeGreaterThan(0);
      for (const w of words) expect(text, `${kind}: ${w}`).toContain(w);
    }
  });
});

describe("content API: catalogue summaries, OpenAPI and FAQ", () => {
  beforeAll(seedContentTwice);

  it("counts active offers per make and lists new electric cars", async () => {
    const { db } = server.services.database;
    expect(await server.services.content.newElectricCars()).toEqual([]);
    const base = {
      bodyType: "suv",
      gearBoxType: "automatyczna",
      color: "biały",
      year: 2024,
      mileage: 10,
      engineCapacity: 77,
      powerHp: 204,
    };
    await db.insert(offers).values([
      {
        ...base,
        saleType: "new",
        make: "Alfa Romeo",
        model: "Junior",
        fuelType: "EL",
        isLeasingAvailable: true,
        leasePrice: 1999,
      },
      { ...base, saleType: "afterLease", make: "Alfa Romeo", model: "Tonale", fuelType: "PB" },
      { ...base, saleType: "new", make: "Audi", model: "Q4", fuelType: "EL", status: "sold" },
      { ...base, saleType: "afterLease", make: "Tesla", model: "Model 3", fuelType: "EL" },
      {
        ...base,
        saleType: "afterLease",
        make: "Tesla",
        model: "Model Y",
        fuelType: "EL",
        isCashAvailable: true,
      },
      {
        ...base,
        saleType: "afterLease",
        make: "Tesla",
        model: "Model S",
        fuelType: "EL",
        isLeasingAvailable: true,
      },
    ]);
    // A private buyer's count is what they can buy for cash (a running auction neither: auctions-ended).
    expect(await server.services.content.makesWithCounts()).toEqual([
      { make: "Alfa Romeo", slug: "alfa-romeo", count: 2, privateCount: 0 },
      { make: "Tesla", slug: "tesla", count: 3, privateCount: 1 },
    ]);
    const electric = await server.services.content.newElectricCars();
    expect(electric.map((e) => e.Model)).toEqual(["Junior"]);
    expect(electric[0]).toMatchObject({ LeasePrice: 1999, BatteryKwh: 77, RentPriceNetto: null });
  });

  it("describes its routes in the OpenAPI document", async () => {
    const doc = await (await get("/api/docs")).json();
    for (const path of ["/api/Literals/Get", "/api/Regulations", "/api/Regulations/auctionRules"]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const schema = doc.paths["/api/Regulations"].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(schema.properties)).toEqual(["Name", "Base64"]);
  });

  it("keeps the FAQ in section order with unique anchors", async () => {
    const faq = await server.services.content.faq();
    expect(faq.length).toBeGreaterThanOrEqual(20);
    expect(new Set(faq.map((f) => f.slug)).size).toBe(faq.length);
    expect(faq[0].section).toBe("nowe");
    expect(faq.at(-1)!.section).toBe("elektryk");
    expect((await server.services.content.faq("elektryk")).every((f) => f.section === "elektryk")).toBe(true);
  });
});
