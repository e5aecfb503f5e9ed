import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";

/**
 * The rule every input obeys, at every edge (domain/input-safety.ts): a control character (U+0000
 * first of all: PostgreSQL refuses it in text) or a number beyond the database's integers never
 * reaches a handler. The API answers the contract's 400 naming the field, a page address is cleaned,
 * a page form shows it at the field, a live hub's event is answered through its acknowledgement;
 * a malformed cookie is treated as absent. Before this, each of these answered 500.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ RATE_LIMITS_SCALE: "100" }, { web: true });
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
});
afterAll(() => server.close());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function expectRefused(res: Response, field: string, what = "zawiera niedozwolony znak sterujący") {
  expect(res.status).toBe(400);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(await res.json()).toEqual({ ErrorCode: 1, ErrorMessage: `Pole ${field}: ${what}` });
}

describe("control characters on the API", () => {
  it("a NUL in any body field is refused with 400 naming the field", async () => {
    await expectRefused(
      await send("POST", "/api/Account/Login", { Email: "a\u0000@b.pl", Password: "x" }),
      "Email",
    );
    await expectRefused(
      await send("POST", "/api/Register", { Email: "jan@firma.pl", FirstName: "Ja\u0000n" }),
      "FirstName",
    );
    await expectRefused(
      await send("POST", "/api/Contact/SendQuestion", { Name: "Ewa", MessageBody: "Dzień\u0000dobry" }),
      "MessageBody",
    );
    // Nested fields and lists are named by their path.
    await expectRefused(
      await send("POST", "/api/Offers/AfterLease", { Filters: { Makes: ["Audi", "B\u0007MW"] } }),
      "Filters.Makes.1",
    );
  });

  it("in a query too, and other control characters than NUL; tabs and line breaks are text", async () => {
    await expectRefused(await send("GET", "/api/Offers/SearchSuggestions?Search=gol%00f"), "Search");
    await expectRefused(await send("GET", "/api/Offers/SearchSuggestions?Search=%1Bgolf"), "Search");
    const multiline = await send("POST", "/api/Contact/SendQuestion", {
      MessageBody: "Dzień dobry,\r\n\tproszę",
    });
    // Refused for the missing fields, not for the line breaks.
    expect((await multiline.json()).ErrorMessage).not.toContain("znak sterujący");
  });

  it("a number beyond the database's integers is refused, in a body and in a query", async () => {
    const tooLarge = "liczba poza zakresem (najwyżej 2147483647)";
    await expectRefused(
      await send("POST", "/api/InstallmentCalculator/Leasing", {
        AuctionId: 2 ** 53 - 1,
        Period: 24,
        OwPercent: 10,
        RvPercent: 20,
      }),
      "AuctionId",
      tooLarge,
    );
    // Beyond zod's own safe range, the bound said is the database's too, not 9007199254740991.
    await expectRefused(
      await send("GET", "/api/OfferDetails/NewVehicles?AuctionId=9007199254740993"),
      "AuctionId",
      tooLarge,
    );
    // A query's numbers are checked after they are read from the text.
    const file = await fetch(`${server.url}/api/Chat/Files?name=a.txt&chatId=99999999999`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: "x",
    });
    await expectRefused(file, "chatId", tooLarge);
  });

  it("a text body is 415, not a string no schema expects", async () => {
    const res = await fetch(`${server.url}/api/Account/Login`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "Email=a@b.pl",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ ErrorCode: 6, ErrorMessage: "Nieobsługiwany typ treści żądania." });
  });
});

describe("malformed cookies are absent cookies", () => {
  it("the panel and the consultant's session do not answer 500 for panel_session=%", async () => {
    const page = await send("GET", "/panel", undefined, { cookie: "panel_session=%" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/panel\/logowanie/);
    const session = await send(
      "POST",
      "/api/Chat/Consultant/Session",
      {},
      { cookie: "panel_session=%; x=%zz" },
    );
    expect(session.status).toBe(401);
    expect((await session.json()).ErrorCode).toBe(8);
  });
});

describe("page addresses and page forms", () => {
  it("an address with a control character is sent once to the address without it", async () => {
    const list = await send("GET", "/lista-pojazdow?search=%00&makes=Au%07di");
    expect(list.status).toBe(301);
    expect(list.headers.get("location")).toBe("/lista-pojazdow?search=&makes=Audi");
    const cleaned = await send("GET", "/lista-pojazdow?search=&makes=Audi");
    expect(cleaned.status).toBe(200);
    expect(cleaned.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("a form posted to its page with a control character in a field shows it at that field", async () => {
    const res = await fetch(`${server.url}/formularz-kontaktowy`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        Name: "Ewa",
        MessageBody: "Proszę\u0000 o ofertę",
        TermsConsent: "on",
      }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Usuń niewidoczny znak sterujący z tego pola");
    expect(html).toMatch(/<textarea[^>]*name="MessageBody"[^>]*aria-invalid="true"/);
  });
});

describe("the live hubs", () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.close();
  });
  const open = (namespace: string, auth: Record<string, string> = {}) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(`${server.url}${namespace}`, {
        auth,
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(s);
      s.once("connect", () => resolve(s));
      s.once("connect_error", reject);
    });

  it("an event carrying a control character or a huge id is answered 400 through its acknowledgement", async () => {
    const bidding = await open("/");
    expect(await bidding.timeout(5000).emitWithAck("WatchAuctions", [2 ** 40])).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Pole 0: liczba poza zakresem (najwyżej 2147483647)",
    });
    const started = await send("POST", "/api/Chat/Start", {
      name: "Ewa",
      email: "ewa@firma.pl",
      topic: "Aukcje",
      question: "Czy mogę licytować jako osoba prywatna?",
      consent: true,
    });
    const { Token } = (await started.json()) as { Token: string };
    const chat = await open("/chat", { token: Token });
    expect(
      await chat.timeout(5000).emitWithAck("send", { text: "Dzień\u0000 dobry", clientId: "c1" }),
    ).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Pole text: zawiera niedozwolony znak sterujący",
    });
  });
});
