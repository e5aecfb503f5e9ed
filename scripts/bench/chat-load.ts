/**
 * Load run of the live chat: V visitors and C consultants chatting over two server processes
 * of the production build on one PostgreSQL (socket.io's PostgreSQL adapter between them, as in
 * production). Visitors start chats through the API (spread over both processes) and wait in the
 * queue; each consultant takes chats first in line while it has fewer than --per-consultant, answers
 * every message after a think time and takes the next chat when a visitor leaves. A visitor sends
 * --messages questions, each after the answer to the one before, then leaves.
 *
 * Prints message delivery latency (from the send to the other side's first receipt of that message,
 * both directions, p50/p95/p99), messages per second, lost messages (acknowledged by the server, never
 * received by the other side), doubled ones (one client id stored or received as two messages), and
 * the queue places: every visitor's place only ever went down, and nobody waited while a consultant
 * had room. Consultants send at most 1.6 messages a second (the hub allows 20 per 10 s per connection).
 *
 *   node scripts/build.mjs && npx tsx scripts/bench/chat-load.ts --database-url postgresql://… \
 *     [--visitors 500] [--consultants 20] [--per-consultant 10] [--messages 4] [--think-ms 1500] [--port 3490]
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { io as connect, type Socket } from "socket.io-client";
import type { ChatEventDto, ChatStateDto, ChatSummary } from "../../src/domain/chat/dto";
import { openDatabase } from "../../src/server/db/client";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { consoleSession } from "../../tests/support/chat-consultant";
import { waitReady } from "./auction-rig";
import { ms, percentile } from "./stats";

const { values: args } = parseArgs({
  options: {
    visitors: { type: "string", default: "500" },
    consultants: { type: "string", default: "20" },
    "per-consultant": { type: "string", default: "10" },
    messages: { type: "string", default: "4" },
    "think-ms": { type: "string", default: "1500" },
    "max-seconds": { type: "string", default: "240" },
    port: { type: "string", default: "3490" },
    "database-url": { type: "string" },
  },
});
if (!args["database-url"])
  throw new Error("--database-url postgresql://… is required (two processes share it)");
const V = Number(args.visitors);
const C = Number(args.consultants);
const PER = Number(args["per-consultant"]);
const M = Number(args.messages);
const THINK = Number(args["think-ms"]);
const started = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const think = () => sleep(THINK * (0.5 + Math.random()));

// --- two server processes on a scratch database ----------------------------------------------------
const scratch = await createScratchDatabase(args["database-url"], "chatbench");
const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "/tmp/chat-bench-unused" });
// The consultants are staff members; their panel sessions and consoles are opened once the servers run.

const urls = [0, 1].map((i) => `http://127.0.0.1:${Number(args.port) + i}`);
const servers: ChildProcess[] = [];
for (const [i, url] of urls.entries()) {
  const dataDir = `/tmp/chat-bench-${i}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [path.resolve("build/server/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(Number(args.port) + i),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      LOG_LEVEL: "warn",
      // Every visitor of the run comes from this one address.
      LEADS_RATE_LIMIT: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  servers.push(child);
  await waitReady(url, child, 180_000);
}
log(`2 procesy serwera gotowe (${urls.join(", ")}), ${C} konsultantów, ${V} odwiedzających`);

// --- what is measured --------------------------------------------------------------------------------
const sentAt = new Map<string, number>(); // clientId → when sent
const acked = new Map<string, number>(); // clientId → event id the server stored
const received = new Map<string, Set<number>>(); // clientId → event ids the other side got
const latencies: number[] = [];
const positions = new Map<number, number[]>(); // chatId → places the visitor was told
let placeRises = 0;
let sendErrors = 0;
let waitedWithRoom = 0;

function receive(e: ChatEventDto, author: "customer" | "agent") {
  if (e.Kind !== "message" || e.Author !== author || !e.ClientId) return;
  const ids = received.get(e.ClientId) ?? new Set<number>();
  if (!ids.size) {
    const t = sentAt.get(e.ClientId);
    if (t !== undefined) latencies.push(performance.now() - t);
  }
  ids.add(e.Id);
  received.set(e.ClientId, ids);
}

function open(url: string, auth: Record<string, string>): Promise<Socket> {
  const s = connect(`${url}/chat`, { auth, transports: ["websocket"], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    s.once("connect", () => resolve(s));
    s.once("connect_error", reject);
  });
}
const call = <T>(s: Socket, event: string, input: unknown): Promise<T> =>
  new Promise((resolve) => s.emit(event, input, resolve));

async function send(s: Socket, input: Record<string, unknown>, clientId: string): Promise<void> {
  sentAt.set(clientId, performance.now());
  const answer = await call<{ Event?: { Id: number }; ErrorCode?: number }>(s, "send", {
    ...input,
    clientId,
  });
  if (answer.Event) acked.set(clientId, answer.Event.Id);
  else {
    sendErrors++;
    console.error(`wysłanie odrzucone (${clientId}): ${JSON.stringify(answer)}`);
  }
}

// --- consultants ---------------------------------------------------------------------------------------
interface Agent {
  socket: Socket;
  mine: Set<number>;
  busy: boolean;
  /** The newest list of open chats this consultant got. */
  latest: ChatSummary[];
  queue: (() => Promise<void>)[];
  /** A drain() is sending the queue: one at a time, or the hub's rate limit refuses answers. */
  draining: boolean;
}
const agents: Agent[] = [];
let lastOpen: ChatSummary[] = [];

/** Takes chats first in line while there is room; a list that came meanwhile is looked at after. */
async function takeNext(a: Agent, open: ChatSummary[]) {
  a.latest = open;
  if (a.busy) return;
  a.busy = true;
  try {
    let seen: ChatSummary[] | null = null;
    while (seen !== a.latest) {
      seen = a.latest;
      for (const c of seen.filter((x) => x.Status === "queued" && !a.mine.has(x.ChatId))) {
        if (a.mine.size >= PER) break;
        const r = await call<{ History?: unknown; ErrorCode?: number }>(a.socket, "accept", {
          chatId: c.ChatId,
        });
        if (r.History) a.mine.add(c.ChatId);
      }
    }
  } finally {
    a.busy = false;
  }
}

/** A consultant's sends, at most 1.6 a second. */
async function drain(a: Agent) {
  if (a.draining) return;
  a.draining = true;
  try {
    while (a.queue.length) {
      const job = a.queue.shift() as () => Promise<void>;
      await job();
      await sleep(600);
    }
  } finally {
    a.draining = false;
  }
}

for (let i = 0; i < C; i++) {
  const url = urls[i % 2];
  const { Token } = await consoleSession(
    database.db,
    url,
    `konsultant${i}@obciazenie.example`,
    `Konsultant ${i}`,
  );
  const a: Agent = {
    socket: await open(url, { consultantToken: Token }),
    mine: new Set(),
    busy: false,
    latest: [],
    queue: [],
    draining: false,
  };
  agents.push(a);
  a.socket.on("chats", (list: ChatSummary[]) => {
    lastOpen = list;
    // A chat leaves the list when it ends (a list read just before this consultant took a chat may
    // still show it waiting).
    for (const id of a.mine) if (!list.some((c) => c.ChatId === id)) a.mine.delete(id);
    void takeNext(a, list);
  });
  a.socket.on("event", (e: ChatEventDto) => {
    if (!a.mine.has(e.ChatId) || e.Kind !== "message" || e.Author !== "customer") return;
    receive(e, "customer");
    void think().then(() => {
      a.queue.push(() =>
        send(a.socket, { chatId: e.ChatId, text: `Odpowiedź na: ${e.Text}` }, `a-${e.ClientId}`),
      );
      void drain(a);
    });
  });
}
log(`${C} konsultantów online`);

// --- visitors ------------------------------------------------------------------------------------------
let done = 0;
const NAMES = ["Anna", "Ewa", "Zofia", "Jan", "Piotr", "Marek", "Agnieszka", "Tomasz", "Katarzyna", "Łukasz"];
const prechat = (i: number) => ({
  name: NAMES[i % NAMES.length],
  email: `gosc${i}@example.com`,
  topic: "Finansowanie i leasing",
  question: `Pytanie gościa ${i} o leasing`,
  consent: true,
});

async function visitor(i: number): Promise<void> {
  const res = await fetch(`${urls[i % 2]}/api/Chat/Start`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(prechat(i)),
  });
  const answer = (await res.json()) as { ChatId: number; Token: string };
  if (!res.ok) throw new Error(`Chat/Start ${res.status}: ${JSON.stringify(answer)}`);
  const { ChatId, Token } = answer;
  const s = await open(urls[(i + 1) % 2], { token: Token });
  const places: number[] = [];
  positions.set(ChatId, places);
  let asked = 0;
  let answered = 0;
  const ask = () => send(s, { text: `Pytanie ${asked + 1} gościa ${i}` }, `v-${i}-${++asked}`);
  await new Promise<void>((resolve) => {
    s.on("chat", (state: ChatStateDto) => {
      if (state.Status === "queued" && state.Position !== null) {
        if (places.length && state.Position > (places.at(-1) as number)) placeRises++;
        places.push(state.Position);
      }
      if (state.Status === "active" && asked === 0) void think().then(ask);
      if (state.Status === "ended") resolve();
    });
    s.on("event", (e: ChatEventDto) => {
      if (e.Kind !== "message" || e.Author !== "agent" || !e.ClientId) return;
      const first = !received.get(e.ClientId)?.size;
      receive(e, "agent");
      if (!first) return;
      answered++;
      if (answered < M) void think().then(ask);
      else void call(s, "leave", {}).then(() => resolve());
    });
  });
  s.close();
  done++;
}

const deadline = Date.now() + Number(args["max-seconds"]) * 1000;
const runs: Promise<void>[] = [];
for (let i = 0; i < V; i++) {
  runs.push(
    visitor(i).catch((err) => console.error(`gość ${i}: ${err instanceof Error ? err.message : err}`)),
  );
  await sleep(20); // 500 visitors arrive over 10 s
}
// Somebody waiting while a consultant has room would be a queue fault (sampled every second; a
// consultant in the middle of taking chats is not counted as having room).
const watch = setInterval(() => {
  const room = agents.some((a) => a.mine.size < PER && !a.busy);
  if (room && lastOpen.some((c) => c.Status === "queued" && Date.now() - Date.parse(c.CreatedAt) > 10_000))
    waitedWithRoom++;
}, 1000);
await Promise.race([Promise.all(runs), sleep(Math.max(0, deadline - Date.now()))]);
clearInterval(watch);
const seconds = (performance.now() - started) / 1000;
await sleep(2000); // the last receipts

// --- report ---------------------------------------------------------------------------------------------
let lost = 0;
let doubled = 0;
for (const [clientId, eventId] of acked) {
  const got = received.get(clientId);
  if (!got?.size) lost++;
  else if (got.size > 1 || !got.has(eventId)) doubled++;
}
const stored = [...acked.values()];
const doubledStored = stored.length - new Set(stored).size;
const queuedVisitors = [...positions.values()].filter((p) => p.length).length;
const maxPlace = Math.max(0, ...[...positions.values()].flat());
console.log("\n=== wynik ===");
console.log(
  `odwiedzający: ${V} (zakończyli: ${done}), konsultanci: ${C} po ${PER} rozmów naraz, 2 procesy serwera, czas: ${seconds.toFixed(1)} s`,
);
console.log(
  `wiadomości przyjęte przez serwer: ${acked.size} (${(acked.size / seconds).toFixed(1)}/s), odrzucone: ${sendErrors}`,
);
if (!latencies.length) latencies.push(Number.NaN);
console.log(
  `dostarczenie wiadomości (wysłanie → odbiór po drugiej stronie): p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (${latencies.length} wiadomości)`,
);
console.log(`zgubione: ${lost}, zdublowane: ${doubled + doubledStored}`);
console.log(
  `kolejka: czekało ${queuedVisitors} odwiedzających (najdalsze miejsce ${maxPlace}), miejsce wzrosło: ${placeRises} razy, czekanie mimo wolnego konsultanta: ${waitedWithRoom} s`,
);
console.log(
  `obciążenie maszyny (loadavg 1 min): ${os.loadavg()[0].toFixed(1)} na ${os.cpus().length} rdzeniach`,
);
const ok =
  lost === 0 && doubled + doubledStored === 0 && placeRises === 0 && waitedWithRoom === 0 && done === V;
console.log(
  `WYNIK: ${ok ? "bez zgubionych i zdublowanych wiadomości, miejsca w kolejce poprawne" : "BŁĘDY (powyżej)"}`,
);

for (const a of agents) a.socket.close();
await Promise.all(
  servers.map(
    (c) =>
      new Promise<void>((resolve) => {
        c.once("exit", () => resolve());
        c.kill("SIGTERM");
      }),
  ),
);
await database.close();
await scratch.drop();
process.exit(ok ? 0 : 1);
