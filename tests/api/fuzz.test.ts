import fc from "fast-check";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { ErrorCode } from "../../src/domain/errors";
import { offers } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer } from "../support/api-server";
import { BIDDER_PASSWORD, createAuction, createBidder } from "../support/auction-fixtures";
import { insertCatalogue } from "../support/catalogue-fixtures";
import { consoleSession } from "../support/chat-consultant";
import {
  answerValidator,
  fuzzValue,
  type Hints,
  nasty,
  type Operation,
  operationsOf,
  RawNumber,
  type Schema,
  toJsonText,
} from "../support/openapi-fuzz";

/**
 * A property-based run over every operation of /api/docs.json and over the events of both socket.io
 * hubs: valid-shaped and hostile query strings and bodies, bad cookies and headers, as a visitor, a
 * bidder, a consultant with a panel session, a chat customer and the fleet system's key. It fails on
 * any 5xx, on an answer that breaks its documented schema (a 4xx must be JSON {ErrorCode,
 * ErrorMessage}) and on an answer slower than HANG_MS, printing a reproduction and the seed.
 *
 * FUZZ_SEED=<n> or FUZZ_SEED=random replays or explores (the seed is fixed otherwise, always under CI);
 * FUZZ_RUNS=<n> sets the cases per operation.
 */

const onPostgres = process.env.TEST_ON_POSTGRES === "1";
const SEED = (() => {
  const asked = process.env.CI ? undefined : process.env.FUZZ_SEED;
  if (asked === "random") return Math.floor(Math.random() * 2 ** 31);
  if (asked && Number.isInteger(Number(asked))) return Number(asked);
  return 20_261_127;
})();
// The PostgreSQL pass repeats the same operations over a slower database: a smaller share there.
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 8 : 24));
const SOCKET_RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 40 : 150));
/**
 * An answer slower than this counts as a hang. Well above a normal answer: a sign-in's scrypt hash took
 * 5.8 s on this shared 2-core machine under a load of 11, and no real answer is slower.
 */
const HANG_MS = 10_000;
const KEY = "klucz-systemu-flotowego-do-testow-0123456789";
console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${RUNS} cases per operation`);

/**
 * The server's warnings and errors that carry an error (a handler or socket event that threw): each one
 * fails the operation or hub being fuzzed, even when the client got a polite answer.
 */
const loggedErrors: string[] = [];
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
    if (entry.level >= 50 || entry.err)
      loggedErrors.push(`${entry.msg ?? ""}: ${entry.err?.message ?? ""}`.slice(0, 300));
  },
};
const server = await startApiServer(
  {
    LOG_LEVEL: "warn",
    OFFERS_API_KEY: KEY,
    RATE_LIMITS_SCALE: "10000",
    LEADS_RATE_LIMIT: "1000000",
    CHAT_CONSULTANT_GRACE_SECONDS: "0",
    // One proxy hop trusted: the fixtures sign in from addresses of their own, so the fuzzed sign-ins'
    // throttling of 127.0.0.1 cannot lock them out, and the fuzzed X-Forwarded-For values are read.
    TRUST_PROXY_HOPS: "1",
  },
  { logStream },
);
afterAll(() => server.close());
const { db } = server.services;

// What a real start seeds and the test server leaves to each file: the calculator's settings.
await seedCalculatorProperties(db, DEFAULT_CALCULATOR_PROPERTIES);
await insertCatalogue(db);
const auctionIds = [await createAuction(db), await createAuction(db, { end: new Date(Date.now() - 60_000) })];
const offerIds = (await db.select({ id: offers.id }).from(offers)).map((r) => r.id);

/** The identities a case may take; each is restored after an operation that ends it (sign-out). */
type Identity = "visitor" | "bidder" | "staff" | "customer" | "fleet";
const who = {
  bidderEmail: "",
  bidderToken: "",
  consultantToken: "",
  panelCookie: "",
  chatToken: "",
  chatId: 0,
};
let consultantNo = 0;
let signIns = 0;
async function restoreIdentities(force = false) {
  const works = async (headers: Record<string, string>, path: string) =>
    (await fetch(`${server.url}${path}`, { headers })).status === 200;
  if (force || !(await works({ authorization: `Bearer ${who.bidderToken}` }, "/api/Account"))) {
    const b = await createBidder(db);
    who.bidderEmail = b.email;
    const res = await fetch(`${server.url}/api/Account/Login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.99.0.${++signIns % 250}` },
      body: JSON.stringify({ Email: b.email, Password: b.password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed ${res.status}: ${await res.text()}`);
    who.bidderToken = ((await res.json()) as { access_token: string }).access_token;
  }
  if (
    force ||
    !(await works({ authorization: `Bearer ${who.consultantToken}` }, "/api/Chat/Consultant/CannedAnswers"))
  ) {
    const c = await consoleSession(
      db,
      server.url,
      `konsultant-fuzz-${++consultantNo}@flotis.example`,
      "Anna Fuzz",
    );
    who.consultantToken = c.Token;
    who.panelCookie = c.panelCookie;
  }
  if (force || !(await works({ "x-chat-token": who.chatToken }, "/api/Chat/History"))) {
    const res = await fetch(`${server.url}/api/Chat/Start`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Ewa",
        email: "ewa.fuzz@example.com",
        topic: "Aukcje",
        question: "Czy mogę licytować?",
        consent: true,
      }),
    });
    const started = (await res.json()) as { ChatId: number; Token: string };
    who.chatToken = started.Token;
    who.chatId = started.ChatId;
  }
}
await restoreIdentities(true);

const identityHeaders = (identity: Identity): Record<string, string> => {
  switch (identity) {
    case "visitor":
      return {};
    case "bidder":
      return { authorization: `Bearer ${who.bidderToken}` };
    case "staff":
      return { cookie: who.panelCookie, authorization: `Bearer ${who.consultantToken}` };
    case "customer":
      return { "x-chat-token": who.chatToken };
    case "fleet":
      return { authorization: `Bearer ${KEY}` };
  }
};

const hints: Hints = {
  ids: [...offerIds, ...auctionIds, who.chatId, 1],
  strings: {
    mail: ["fuzz@example.com", "ewa.fuzz@example.com"],
    phone: ["600700800", "+48600700800"],
    nip: ["5260250274"],
    postal: ["00-001"],
    password: [BIDDER_PASSWORD, "NoweHaslo!2026"],
    vin: ["YV1ZWK8V0P2000001"],
    "^make$": ["Toyota", "Audi", "Škoda"],
    "^model$": ["Corolla", "A4", "Octavia"],
    name: ["Ewa", "Jan Kowalski"],
    topic: ["Aukcje", "Leasing"],
  },
};

const docs = (await (await fetch(`${server.url}/api/docs.json`)).json()) as Schema;
const operations = operationsOf(docs);
const checkSchema = answerValidator();
const API_ERROR: Schema = docs.components.schemas.ApiError;

const BAD_COOKIES = [
  "panel_session=%",
  "site_access=%",
  "panel_session=%E0%A4%A",
  "site_access=%ZZ; panel_session=%",
  `panel_session=${"a".repeat(4000)}`,
  "=; ;;; panel_session",
  `panel_session="${Buffer.from("niezamknięty", "utf8").toString("latin1")}`,
  "panel_session=a; panel_session=b",
  "consent=%7B%22Analytics%22%3Atrue",
  Buffer.from("śmieci w UTF-8", "utf8").toString("latin1"),
];
const BAD_AUTH = [
  "Bearer ",
  "Bearer",
  `Bearer ${Buffer.from("śmieci", "utf8").toString("latin1")}`,
  "Basic Zm9vOmJhcg==",
  `Bearer ${"x".repeat(8000)}`,
  `Bearer ${KEY}x`,
  "Bearer a b c",
  "bearer %00",
  "Token abc",
];
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const BAD_QUERY_TAILS = ["%", "%zz", "x=%ED%A0%80", "x=%C0%80", "x=%FF", "a[b]=1", "&&&", "=", "x=1&x=2"];

interface Case {
  identity: Identity;
  query: Record<string, unknown>;
  queryTail: string;
  body?: { text: string | Uint8Array; contentType?: string };
  headers: Record<string, string>;
}

const encodeQueryValue = (v: unknown): string[] => {
  if (v === undefined) return [];
  if (Array.isArray(v)) return v.flatMap(encodeQueryValue);
  const s = v instanceof RawNumber ? v.text : typeof v === "object" && v !== null ? toJsonText(v) : String(v);
  // A lone surrogate has no UTF-8 form: sent as the bytes a careless client would send.
  return [encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "\uFFFD"))];
};

function urlOf(op: Operation, c: Case): string {
  const parts = Object.entries(c.query).flatMap(([k, v]) =>
    encodeQueryValue(v).map((e) => `${encodeURIComponent(k)}=${e}`),
  );
  if (c.queryTail) parts.push(c.queryTail);
  return `${server.url}${op.path}${parts.length ? `?${parts.join("&")}` : ""}`;
}

function caseOf(op: Operation): fc.Arbitrary<Case> {
  const weightOf = (identity: Identity) =>
    (identity === "fleet" && op.security.includes("offersApiKey")) ||
    (identity === "bidder" && op.security.includes("accessToken")) ||
    (identity === "staff" && op.path.includes("/Consultant")) ||
    (identity === "customer" && op.path.startsWith("/api/Chat/") && !op.path.includes("/Consultant"))
      ? 5
      : 1;
  const identity = fc.oneof(
    ...(["visitor", "bidder", "staff", "customer", "fleet"] as const).map((id) => ({
      weight: weightOf(id),
      arbitrary: fc.constant(id),
    })),
  );
  const queryOf = (hostility: number) =>
    fc.record(
      Object.fromEntries(op.query.map((p) => [p.name, fuzzValue(p.schema, hints, hostility, p.name)])),
      { requiredKeys: hostility ? [] : op.query.filter((p) => p.required).map((p) => p.name) },
    ) as fc.Arbitrary<Record<string, unknown>>;
  const jsonBody = (hostility: number) =>
    fuzzValue(op.body as Schema, hints, hostility).map((v) => ({
      text: toJsonText(v),
      contentType: "application/json",
    }));
  const hostileBody = fc.oneof(
    { weight: 6, arbitrary: jsonBody(2) },
    {
      weight: 1,
      arbitrary: fc.record({
        text: fc.constantFrom(
          "{",
          "nie json",
          "",
          "null",
          "[]",
          '"tekst"',
          '{"a":',
          "1e400",
          "{}{}",
          "\u0000",
        ),
        contentType: fc.constant("application/json"),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        text: fuzzValue(op.body as Schema, hints, 0).map(toJsonText),
        contentType: fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/json; charset=utf-16",
          "multipart/form-data",
          "application/xml",
          "application/jsonx",
        ),
      }),
    },
  );
  const binaryBody = fc.record({
    text: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      fc.uint8Array({ maxLength: 500 }).map((b) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...b])),
      fc
        .uint8Array({ maxLength: 500 })
        .map((b) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
      fc.constant(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])),
    ),
    contentType: fc.constantFrom(
      "image/jpeg",
      "image/png",
      "application/octet-stream",
      "application/pdf",
      "text/plain",
      "application/json",
    ),
  });
  const bodyOf = (hostility: number): fc.Arbitrary<Case["body"]> =>
    op.body === undefined
      ? op.method === "GET"
        ? fc.constant(undefined)
        : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: jsonBody(1) })
      : op.body === "binary"
        ? binaryBody
        : hostility
          ? hostileBody
          : jsonBody(0);
  const headers = (hostile: boolean) =>
    hostile
      ? fc
          .record(
            {
              cookie: fc.oneof(fc.constantFrom(...BAD_COOKIES), printable),
              authorization: fc.oneof(fc.constantFrom(...BAD_AUTH), printable),
              "x-chat-token": fc.oneof(fc.constant("x"), printable, fc.constant("a".repeat(3000))),
              accept: fc.constantFrom("text/html", "*/*", "application/xml", "image/avif"),
              "accept-encoding": fc.constantFrom("br;q=abc", "gzip, deflate, br", "identity;q=0", "*"),
              "accept-language": fc.constantFrom("xx", "pl-PL,pl;q=0.9", "*;q=-1"),
              "x-forwarded-for": fc.constantFrom("nie-adres", "1.2.3.4, 5.6.7.8", "::1"),
            },
            { requiredKeys: [] },
          )
          .map((h) => h as Record<string, string>)
      : fc.constant({});
  const ofHostility = (hostility: number) =>
    fc.record({
      identity,
      query: queryOf(hostility),
      queryTail: hostility
        ? fc.oneof({ weight: 6, arbitrary: fc.constant("") }, fc.constantFrom(...BAD_QUERY_TAILS))
        : fc.constant(""),
      body: bodyOf(hostility),
      headers: headers(hostility > 0),
    });
  return fc.oneof({ weight: 2, arbitrary: ofHostility(0) }, { weight: 3, arbitrary: ofHostility(2) });
}

interface Finding {
  op: string;
  kind: "5xx" | "schema" | "hang" | "network" | "log";
  status: number;
  detail: string;
  repro: string;
}

function reproduction(op: Operation, c: Case, url: string, headers: Record<string, string>): string {
  const body =
    c.body === undefined
      ? ""
      : typeof c.body.text === "string"
        ? ` --data-binary ${JSON.stringify(c.body.text.length > 300 ? `${c.body.text.slice(0, 300)}…(${c.body.text.length} znaków)` : c.body.text)}`
        : ` --data-binary <${c.body.text.length} bajtów: ${Buffer.from(c.body.text.slice(0, 16)).toString("hex")}…>`;
  const h = Object.entries(headers)
    .map(
      ([k, v]) => ` -H ${JSON.stringify(`${k}: ${v.length > 120 ? `${v.slice(0, 120)}…(${v.length})` : v}`)}`,
    )
    .join("");
  const shortUrl = url.length > 400 ? `${url.slice(0, 400)}…(${url.length})` : url;
  return `curl -X ${op.method} ${JSON.stringify(shortUrl)}${h}${body}   [tożsamość: ${c.identity}]`;
}

let cases = 0;

/** Sends one case and returns what is wrong with the answer, if anything. */
async function run(op: Operation, c: Case): Promise<Finding | null> {
  cases++;
  const url = urlOf(op, c);
  const headers: Record<string, string> = { ...identityHeaders(c.identity), ...c.headers };
  if (c.body?.contentType) headers["content-type"] = c.body.contentType;
  const finding = (kind: Finding["kind"], status: number, detail: string): Finding => ({
    op: `${op.method} ${op.path}`,
    kind,
    status,
    detail,
    repro: reproduction(op, c, url, headers),
  });
  if (process.env.FUZZ_DEBUG) console.log(reproduction(op, c, url, headers));
  const started = performance.now();
  let res: Response;
  let bytes: Buffer;
  try {
    res = await fetch(url, {
      method: op.method,
      headers,
      body: c.body?.text as BodyInit | undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(HANG_MS * 3),
    });
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    const e = err as Error & { cause?: Error };
    if (e.name === "TimeoutError") return finding("hang", 0, `no answer in ${HANG_MS * 3} ms`);
    return finding("network", 0, `${e.message} ${e.cause?.message ?? ""}`);
  }
  const ms = performance.now() - started;
  if (ms > HANG_MS) return finding("hang", res.status, `answered after ${Math.round(ms)} ms`);
  const text = bytes.toString("utf8");
  if (res.status >= 500) return finding("5xx", res.status, text.slice(0, 300));
  const type = res.headers.get("content-type") ?? "";
  const json = () => {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      return null;
    }
  };
  if (res.status >= 400) {
    if (!type.startsWith("application/json"))
      return finding("schema", res.status, `error answer of type "${type}": ${text.slice(0, 200)}`);
    const parsed = json();
    if (!parsed) return finding("schema", res.status, `error answer is not JSON: ${text.slice(0, 200)}`);
    const wrong = checkSchema(API_ERROR, parsed.value);
    if (wrong) return finding("schema", res.status, `error answer ${text.slice(0, 200)}: ${wrong}`);
    return null;
  }
  if (res.status >= 300)
    return finding("schema", res.status, `undocumented ${res.status} to ${res.headers.get("location")}`);
  const documented = op.ok.contentType.replace("*", "");
  const other = op.ok.otherTypes?.find((t) => type.startsWith(t));
  if (!type.startsWith(documented) && !other)
    return finding("schema", res.status, `answer of type "${type}", documented "${op.ok.contentType}"`);
  if (op.ok.schema && !other) {
    const parsed = json();
    if (!parsed) return finding("schema", res.status, `answer is not JSON: ${text.slice(0, 200)}`);
    const wrong = checkSchema(op.ok.schema, parsed.value);
    if (wrong) return finding("schema", res.status, `answer breaks the documented schema: ${wrong}`);
  }
  return null;
}

/** Findings of one kind and status on one operation are one finding; the shortest reproduction is kept. */
function describeFindings(found: Finding[]): string {
  const bySignature = new Map<string, Finding & { count: number }>();
  for (const f of found) {
    const key = `${f.kind} ${f.status} ${f.detail.slice(0, 60)}`;
    const known = bySignature.get(key);
    if (!known) bySignature.set(key, { ...f, count: 1 });
    else {
      known.count++;
      if (f.repro.length < known.repro.length) known.repro = f.repro;
    }
  }
  return [...bySignature.values()]
    .map((f) => `${f.kind} ${f.status} ×${f.count}: ${f.detail}\n    ${f.repro}`)
    .join("\n");
}

describe(`fuzzing every operation of /api/docs.json (seed ${SEED})`, () => {
  it("covers every documented operation", () => {
    expect(operations.length).toBeGreaterThanOrEqual(80);
  });

  operations.forEach((op, i) => {
    it(`${op.method} ${op.path}`, { timeout: 120_000 }, async () => {
      const found: Finding[] = [];
      const logged = loggedErrors.length;
      await fc.assert(
        fc.asyncProperty(caseOf(op), async (c) => {
          const f = await run(op, c);
          if (f) found.push(f);
        }),
        { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
      );
      // Sign-out, password change and the like end an identity: the next operation gets it back.
      await restoreIdentities();
      for (const line of new Set(loggedErrors.slice(logged)))
        found.push({
          op: `${op.method} ${op.path}`,
          kind: "log",
          status: 0,
          detail: line,
          repro: "(logged by the server)",
        });
      expect(
        found.length
          ? `seed ${SEED} (FUZZ_SEED=${SEED}), ${found.length} of ${RUNS} cases:\n${describeFindings(found)}`
          : "",
      ).toBe("");
    });
  });
});

/** Socket.io connections of the fuzz, closed at the end. */
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});
function open(namespace: string, auth: unknown): Promise<Socket | null> {
  const s = connect(`${server.url}${namespace}`, {
    auth: auth as Record<string, unknown>,
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(s);
  return new Promise((resolve) => {
    const late = setTimeout(() => resolve(null), HANG_MS);
    s.once("connect", () => {
      clearTimeout(late);
      resolve(s);
    });
    s.once("connect_error", () => {
      clearTimeout(late);
      resolve(null);
    });
  });
}

/** An acknowledgement within HANG_MS, or "hang"; without `payload` the event carries only the callback. */
const ackOf = (s: Socket, event: string, ...payload: unknown[]): Promise<unknown> =>
  s
    .timeout(HANG_MS)
    .emitWithAck(event, ...payload)
    .catch(() => "hang");

const serverErrorAck = (answer: unknown) =>
  typeof answer === "object" &&
  answer !== null &&
  (answer as { ErrorCode?: unknown }).ErrorCode === ErrorCode.Internal;

/** The server still answers: /healthz, and a socket's valid event. */
async function stillAnswers(probe: () => Promise<boolean>, logged: number): Promise<string[]> {
  const problems: string[] = loggedErrors.slice(logged).map((line) => `logged: ${line}`);
  const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(HANG_MS) }).catch(
    () => null,
  );
  if (health?.status !== 200) problems.push(`/healthz answered ${health?.status ?? "nothing"}`);
  if (!(await probe())) problems.push("a valid event got no answer");
  return problems;
}

const payload = () =>
  fc.oneof(
    { weight: 3, arbitrary: nasty() },
    {
      weight: 3,
      arbitrary: fc.record(
        {
          chatId: fc.oneof(fc.constant(who.chatId), nasty()),
          text: fc.oneof(fc.constant("Dzień dobry"), nasty()),
          clientId: fc.oneof(fc.uuid(), nasty()),
          upTo: fc.oneof(fc.nat(1000), nasty()),
          to: fc.oneof(fc.nat(10), nasty()),
          note: nasty(),
        },
        { requiredKeys: [] },
      ),
    },
    { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...auctionIds), nasty()), { maxLength: 8 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { minLength: 190, maxLength: 210 }),
    },
  );

describe(`fuzzing the socket.io hubs (seed ${SEED})`, () => {
  it("bidding hub: hostile handshakes and event payloads neither crash it nor go unanswered", {
    timeout: 120_000,
  }, async () => {
    const logged = loggedErrors.length;
    const visitor = await open("", {});
    const bidder = await open("", { token: who.bidderToken });
    const handshakes = [
      { token: 42 },
      { token: "x".repeat(5000) },
      { token: "" },
      { token: { a: 1 } },
      "tekst",
      [1, 2],
    ];
    for (const auth of handshakes) {
      // A bad token is a visitor's connection; a handshake refused outright is fine too, a crash is not.
      await open("", auth);
    }
    expect(visitor && bidder).toBeTruthy();
    const found: string[] = [];
    const events = [
      "GetConnectionId",
      "GetServerTime",
      "WatchAuctions",
      "UnwatchAuctions",
      "Nieznane",
      "__proto__",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(visitor as Socket, bidder as Socket),
        fc.constantFrom(...events),
        payload(),
        fc.nat(9),
        async (s, event, input, n) => {
          cases++;
          s.emit(event, input);
          // Only GetServerTime answers every time: every few events it must still answer at once.
          if (n === 0) {
            const answer = await ackOf(s, "GetServerTime");
            if (typeof answer !== "number")
              found.push(
                `after ${event} ${toJsonText(input).slice(0, 200)}: GetServerTime → ${String(answer)}`,
              );
          }
          if (!s.connected) found.push(`${event} ${toJsonText(input).slice(0, 200)} → disconnected`);
        },
      ),
      { seed: SEED, numRuns: SOCKET_RUNS, endOnFailure: true },
    );
    const probe = async () => typeof (await ackOf(bidder as Socket, "GetServerTime")) === "number";
    found.push(...(await stillAnswers(probe, logged)));
    const watch = await ackOf(visitor as Socket, "WatchAuctions", auctionIds);
    if (typeof (watch as { ServerTime?: unknown }).ServerTime !== "number")
      found.push(`WatchAuctions afterwards → ${String(watch)}`);
    expect(found.length ? `seed ${SEED}:\n${[...new Set(found)].join("\n")}` : "").toBe("");
  });

  it("chat hub: hostile handshakes and event payloads neither crash it nor go unanswered", {
    timeout: 120_000,
  }, async () => {
    await restoreIdentities();
    const logged = loggedErrors.length;
    const customer = await open("/chat", { token: who.chatToken });
    const agent = await open("/chat", { consultantToken: who.consultantToken });
    expect(customer && agent).toBeTruthy();
    const refused = [
      {},
      { token: 42 },
      { token: "x".repeat(5000) },
      { consultantToken: "" },
      { consultantToken: { a: 1 } },
      "tekst",
      [1],
    ];
    const found: string[] = [];
    for (const auth of refused) {
      if (await open("/chat", auth)) found.push(`handshake ${toJsonText(auth).slice(0, 100)} was let in`);
    }
    const withAck = new Set(["send", "leave", "accept", "history", "online", "transfer", "end"]);
    const events = [
      "send",
      "typing",
      "delivered",
      "seen",
      "accept",
      "history",
      "online",
      "transfer",
      "end",
      "Nieznane",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(customer as Socket, agent as Socket),
        fc.constantFrom(...events),
        payload(),
        async (s, event, input) => {
          cases++;
          const side = s === agent ? "konsultant" : "klient";
          if (!withAck.has(event) || (s === customer && !["send", "leave"].includes(event))) {
            s.emit(event, input);
            return;
          }
          const answer = await ackOf(s, event, input);
          if (answer === "hang")
            found.push(
              `${side} ${event} ${toJsonText(input).slice(0, 200)} → no acknowledgement in ${HANG_MS} ms`,
            );
          if (serverErrorAck(answer))
            found.push(`${side} ${event} ${toJsonText(input).slice(0, 200)} → ${toJsonText(answer)}`);
          if (!s.connected) found.push(`${side} ${event} ${toJsonText(input).slice(0, 200)} → disconnected`);
        },
      ),
      { seed: SEED, numRuns: SOCKET_RUNS, endOnFailure: true },
    );
    const probe = async () => {
      const answer = (await ackOf(agent as Socket, "online", {})) as { Consultants?: unknown };
      return Array.isArray(answer?.Consultants);
    };
    found.push(...(await stillAnswers(probe, logged)));
    // The customer leaves last: after it the chat is over.
    const left = await ackOf(customer as Socket, "leave", {});
    if (serverErrorAck(left) || left === "hang") found.push(`leave → ${toJsonText(left)}`);
    expect(found.length ? `seed ${SEED}:\n${[...new Set(found)].join("\n")}` : "").toBe("");
  });

  it("reports how many cases ran", () => {
    console.log(`fuzz: ${cases} cases (seed ${SEED})`);
    expect(cases).toBeGreaterThan(0);
  });
});
