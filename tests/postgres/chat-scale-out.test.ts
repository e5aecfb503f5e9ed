import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { consoleSession } from "../support/chat-consultant";
import { callChat, closeChatSockets, nextChatEvent, openChatSocket } from "../support/chat-sockets";
import { type ServerProcess, startTwoProcesses, type TwoProcesses } from "../support/processes";

// The live chat with the customer on one server process and the consultant on another, on one
// PostgreSQL: availability, the queue, taking the chat, messages and typing cross between the processes.
let processes: TwoProcesses;
let a: ServerProcess;
let b: ServerProcess;
let database: Database;

beforeAll(async () => {
  processes = await startTwoProcesses("chatscale", { env: { LEADS_RATE_LIMIT: "1000" } });
  ({ a, b, database } = processes);
}, 120_000);

afterAll(async () => {
  closeChatSockets();
  await processes?.stop();
});

const post = async (url: string, body: unknown) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json();
};

describe("live chat across two server processes", () => {
  it("a customer on one process and a consultant on the other talk to each other", async () => {
    const { Token } = await consoleSession(database.db, b.url, "anna@flotis.example", "Anna Nowak");
    const agent = await openChatSocket(b.url, { consultantToken: Token });
    // Process A sees the consultant connected to process B (once the two processes have heard each
    // other's heartbeat, within seconds of starting).
    await expect
      .poll(async () => (await fetch(`${a.url}/api/Chat/Availability`)).json(), { timeout: 20_000 })
      .toEqual({ Online: true });

    const started = await post(`${a.url}/api/Chat/Start`, {
      name: "Ewa",
      topic: "Aukcje",
      question: "Czy mogę licytować?",
      consent: true,
    });
    const customer = await openChatSocket(a.url, { token: started.Token });
    await nextChatEvent<{ ChatId: number; Status: string }[]>(agent, "chats", (list) =>
      list.some((c) => c.ChatId === started.ChatId && c.Status === "queued"),
    );

    const taken = nextChatEvent<{ Status: string; ConsultantName: string }>(
      customer,
      "chat",
      (c) => c.Status === "active",
    );
    await callChat(agent, "accept", { chatId: started.ChatId });
    expect((await taken).ConsultantName).toBe("Anna Nowak");

    const toCustomer = nextChatEvent<{ Text: string }>(customer, "event", (e) => e.Text === "Dzień dobry!");
    await callChat(agent, "send", { chatId: started.ChatId, text: "Dzień dobry!" });
    await toCustomer;
    const toAgent = nextChatEvent<{ Text: string }>(agent, "event", (e) => e.Text === "Dziękuję");
    await callChat(customer, "send", { text: "Dziękuję" });
    await toAgent;

    // Typing crosses the processes the same way, both ways.
    customer.emit("typing", {});
    expect(await nextChatEvent(agent, "typing")).toEqual({ ChatId: started.ChatId, Author: "customer" });
    agent.emit("typing", { chatId: started.ChatId });
    expect(await nextChatEvent(customer, "typing")).toEqual({ ChatId: started.ChatId, Author: "agent" });
  }, 60_000);

  it("waiting customers on the other process learn their new places, from one message between the processes per change", async () => {
    const { Token } = await consoleSession(database.db, b.url, "anna@flotis.example", "Anna Nowak");
    const agent = await openChatSocket(b.url, { consultantToken: Token });
    const waiting: { chatId: number; socket: Awaited<ReturnType<typeof openChatSocket>> }[] = [];
    for (let i = 0; i < 12; i++) {
      const started = await post(`${b.url}/api/Chat/Start`, {
        name: "Zofia",
        topic: "Aukcje",
        question: "Kiedy następna aukcja?",
        consent: true,
      });
      waiting.push({ chatId: started.ChatId, socket: await openChatSocket(a.url, { token: started.Token }) });
    }
    const placeIs = (i: number, place: number) =>
      nextChatEvent<{ ChatId: number; Position: number | null }>(
        waiting[i].socket,
        "chat",
        (c) => c.ChatId === waiting[i].chatId && c.Position === place,
      );
    await Promise.all(waiting.map((_, i) => placeIs(i, i + 1)));

    // Between the processes: what the adapter passes through PostgreSQL while the first is taken.
    const passed: string[] = [];
    const unlisten = await database.listen(
      "socket.io#/chat",
      (payload) => passed.push(payload),
      () => {},
    );
    await callChat(agent, "accept", { chatId: waiting[0].chatId });
    await Promise.all(waiting.slice(1).map((_, i) => placeIs(i + 1, i + 1)));
    await unlisten();
    // The accepted chat's event and state, and one "the lists changed": not one message per customer
    // waiting (11 here, hundreds on a busy day), each of which costs a NOTIFY.
    expect(passed.length).toBeLessThanOrEqual(4);
  }, 60_000);
});
