import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemMessages } from "../../src/domain/chat/texts";
import { startApiServer, type TestServer } from "../support/api-server";
import { consoleSession } from "../support/chat-consultant";
import { closeChatSockets, nextChatEvent, openChatSocket } from "../support/chat-sockets";
import { jsonRequests } from "../support/json-requests";
import { ManualClock } from "../support/manual-clock";

// A chat whose customer went silent is closed for inactivity by the hub's sweep; the customer's
// window hears it at once. The clock is moved, nobody waits the 15 minutes.
const LIMIT_MINUTES = 15;
const clock = new ManualClock({ wakeJobs: true });
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { CHAT_INACTIVITY_MINUTES: String(LIMIT_MINUTES), LEADS_RATE_LIMIT: "1000" },
    { clock },
  );
});
afterAll(async () => {
  await closeChatSockets();
  await server.close();
});

const { post } = jsonRequests(() => server.url);
const startChat = async () => {
  // A chat starts only while a consultant is online.
  const { Token } = await consoleSession(server.services.db, server.url, "konsultant@flotis.example", "Anna");
  await openChatSocket(server.url, { consultantToken: Token });
  const started = await post("/api/Chat/Start", {
    name: "Ewa",
    email: "ewa.cisza@example.com",
    topic: "Aukcje",
    question: "Jaka jest rata za Octavię?",
  });
  expect(started.body).toMatchObject({ ChatId: expect.any(Number) });
  return {
    chatId: started.body.ChatId as number,
    socket: await openChatSocket(server.url, { token: started.body.Token }),
  };
};

describe("live chat: a silent customer", () => {
  it("keeps the chat open within the limit, and closes it past the limit, telling the customer why", async () => {
    const { chatId, socket } = await startChat();
    clock.advance((LIMIT_MINUTES - 1) * 60_000);
    // Within the limit the sweep closes nothing (asked directly: the moved clock's own sweep may run too).
    expect((await server.services.chat.closeInactive()).map((e) => e.ChatId)).not.toContain(chatId);

    const ended = nextChatEvent<{ Status: string; EndReason: string }>(
      socket,
      "chat",
      (c) => c.Status === "ended",
    );
    const told = nextChatEvent<{ Text: string }>(
      socket,
      "event",
      (e) => e.Text === systemMessages.inactivity,
    );
    clock.advance(2 * 60_000);
    expect((await ended).EndReason).toBe("inactivity");
    await told;
  }, 15_000); // under the sweep's own 30 s round: the moved clock must be what closes it
});

describe("live chat: a waiting customer who closed the browser", () => {
  it("leaves the queue within a minute, and the customer behind moves up; a connected one stays", async () => {
    // A customer starts a chat and closes the browser before their window connects: no connection of
    // theirs reaches the server (one that closes is the same once the server has seen it go). The
    // customer after them is second in line.
    const gone = await post("/api/Chat/Start", {
      name: "Olek",
      topic: "Aukcje",
      question: "Jest ktoś?",
    });
    const goneId = gone.body.ChatId as number;
    const waiting = await startChat();
    const stateOf = async (id: number) => (await server.services.chat.summary(id))?.Status;
    clock.advance(30_000);
    // Half a minute later both still wait (asked directly: the moved clock's own sweep may run too).
    expect((await server.services.chat.endAbandoned()).map((e) => e.ChatId)).not.toContain(goneId);
    expect(await stateOf(goneId)).toBe("queued");

    const movedUp = nextChatEvent<{ Position: number | null }>(
      waiting.socket,
      "chat",
      (c) => c.Position === 1,
    );
    clock.advance(31_000);
    await movedUp;
    expect(await server.services.chat.summary(goneId)).toMatchObject({
      Status: "ended",
      EndReason: "customerLeft",
    });
    expect(await stateOf(waiting.chatId)).toBe("queued");
    const history = await server.services.chat.history(goneId);
    expect(history.filter((e) => e.Text === systemMessages.customerLeft)).toHaveLength(1);
  }, 15_000);
});
