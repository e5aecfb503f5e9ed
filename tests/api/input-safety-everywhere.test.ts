import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { seedContent } from "../../src/server/content/seed";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { insertCatalogue } from "../support/catalogue-fixtures";
import { type Operation, operationsOf } from "../support/openapi-fuzz";

/**
 * The one input rule (domain/input-safety.ts) over every operation the API publishes and every page
 * of the sitemap, enumerated from /api/docs.json and /sitemap-oferty.xml so that an endpoint or page
 * added tomorrow is covered without a line here: a control character or half a character (a lone
 * UTF-16 surrogate) in any query parameter or body field is the contract's 400 naming the field,
 * never a 500; a page address carrying one is sent once to the address without it.
 */
const KEY = "klucz-systemu-flotowego-do-testow-0123456789";
let server: TestServer;
let operations: Operation[];
beforeAll(async () => {
  server = await startApiServer(
    { RATE_LIMITS_SCALE: "100", LEADS_RATE_LIMIT: "10000", OFFERS_API_KEY: KEY },
    { web: true },
  );
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
  await insertCatalogue(server.services.db);
  operations = operationsOf(await (await fetch(`${server.url}/api/docs.json`)).json());
});
afterAll(() => server.close());

const CONTROL = "zawiera niedozwolony znak sterujący";
const BROKEN = "zawiera uszkodzony znak (połowę znaku Unicode bez pary)";
/** NUL, other C0 characters, DEL and C1: each refused wherever it stands in a text. */
const CONTROL_CHARACTERS = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\u0085", "\u009f"];
/** Only a JSON body can carry them: an address's invalid UTF-8 arrives as U+FFFD, a real character. */
const LONE_SURROGATES = ["\ud800", "\udfff", "a\ud83d"];

/** The catalogue's operations, where a visitor needs nothing more than the field to be refused. */
const CATALOGUE =
  /^\/api\/(Offers|OffersFilterData|OfferDetails|Recommended|Favorites|Home|OfferImages|Ost|InstallmentCalculator)\b/;

interface Attempt {
  op: Operation;
  field: string;
  value: string;
  where: "query" | "body";
}

function attemptsOf(op: Operation): Attempt[] {
  const attempts: Attempt[] = [];
  // An unknown parameter or field is input too: a schema that ignores it must not let it through.
  const queryNames = [...op.query.map((q) => q.name), "Zz"];
  const bodyNames =
    op.body && op.body !== "binary" ? [...Object.keys(op.body.properties ?? {}), "Zz"] : ([] as string[]);
  queryNames.forEach((field, i) => {
    for (const value of ["x\u0000", `x${CONTROL_CHARACTERS[i % CONTROL_CHARACTERS.length]}y`])
      attempts.push({ op, field, value, where: "query" });
  });
  bodyNames.forEach((field, i) => {
    for (const value of [
      "x\u0000",
      `x${CONTROL_CHARACTERS[i % CONTROL_CHARACTERS.length]}`,
      LONE_SURROGATES[i % LONE_SURROGATES.length],
    ])
      attempts.push({ op, field, value, where: "body" });
  });
  return attempts;
}

async function send({ op, field, value, where }: Attempt): Promise<Response> {
  const query = where === "query" ? `?${field}=${encodeURIComponent(value)}` : "";
  const headers: Record<string, string> = op.path.startsWith("/api/Admin/")
    ? { authorization: `Bearer ${KEY}` }
    : {};
  let body: string | undefined;
  if (op.body === "binary") {
    headers["content-type"] = "application/octet-stream";
    body = "x";
  } else if (op.body) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(where === "body" ? { [field]: value } : {});
  }
  return fetch(`${server.url}${op.path}${query}`, { method: op.method, headers, body, redirect: "manual" });
}

describe("every API operation of /api/docs.json", () => {
  it("answers a control character or half a character in any field with a 4xx of the contract, never a 5xx", async () => {
    expect(operations.length).toBeGreaterThan(70);
    const wrong: string[] = [];
    for (const op of operations) {
      for (const attempt of attemptsOf(op)) {
        const res = await send(attempt);
        const text = await res.text();
        const what = `${op.method} ${op.path} ${attempt.where} ${attempt.field}=${JSON.stringify(attempt.value)}: ${res.status} ${text.slice(0, 160)}`;
        if (res.status >= 500) wrong.push(what);
        else if (res.status >= 400) {
          const json = JSON.parse(text);
          if (typeof json.ErrorCode !== "number" || typeof json.ErrorMessage !== "string") wrong.push(what);
        } else wrong.push(what);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("on the catalogue's operations, the answer is 400 naming the field", async () => {
    const catalogue = operations.filter((op) => CATALOGUE.test(op.path));
    // Lists, counts, filter data, suggestions, details, recommendations, favourites, the PDF print.
    expect(catalogue.map((op) => op.path)).toEqual(
      expect.arrayContaining([
        "/api/Offers/NewVehicles",
        "/api/Offers/Count",
        "/api/OffersFilterData",
        "/api/Offers/SearchSuggestions",
        "/api/OfferDetails/Auctions",
        "/api/OfferDetails/Auctions/PrintOffer",
        "/api/Favorites/GetAll",
      ]),
    );
    const wrong: string[] = [];
    for (const op of catalogue) {
      for (const attempt of attemptsOf(op)) {
        const res = await send(attempt);
        const message = /[\ud800-\udfff]/.test(attempt.value) ? BROKEN : CONTROL;
        const expected = { ErrorCode: 1, ErrorMessage: `Pole ${attempt.field}: ${message}` };
        const got = { status: res.status, ...(await res.json()) };
        if (JSON.stringify(got) !== JSON.stringify({ status: 400, ...expected }))
          wrong.push(`${op.method} ${op.path} ${attempt.where} ${attempt.field}: ${JSON.stringify(got)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("every page of the sitemap", () => {
  it("sends an address with a control character once to the address without it, which is no 5xx", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap-oferty.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(paths.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const [i, path] of paths.entries()) {
      const c = encodeURIComponent(CONTROL_CHARACTERS[i % CONTROL_CHARACTERS.length]);
      for (const dirty of [`${path}?search=a${c}b&makes=%00`, `${path}${c}`]) {
        const res = await fetch(`${server.url}${dirty}`, { redirect: "manual" });
        const location = res.headers.get("location") ?? "";
        const clean = await fetch(`${server.url}${location}`, { redirect: "manual" });
        if (res.status !== 301 || /%(0|1|7F)/i.test(location) || clean.status >= 400)
          wrong.push(`${dirty}: ${res.status} -> ${location} ${clean.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every page twice, rendered one after another on a shared machine.
  }, 120_000);
});
