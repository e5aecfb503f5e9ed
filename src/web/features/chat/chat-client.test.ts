// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { ChatEventDto } from "../../../domain/chat/dto";

// The hub's socket, played by the test: handlers the client registers, and a way to fire them.
const handlers = new Map<string, (payload?: unknown) => void>();
/** What the client asked of the socket's connection: "disconnect", "connect". */
const calls: string[] = [];
vi.mock("socket.io-client", () => ({
  io: () => {
    const socket = {
      connected: true,
      on: (name: string, handler: (payload?: unknown) => void) => handlers.set(name, handler),
      emit: () => {},
      timeout: () => ({ emit: () => {} }),
      io: { reconnection: () => {} },
      disconnect: () => {
        calls.push("disconnect");
        return socket;
      },
      connect: () => {
        calls.push("connect");
        return socket;
      },
    };
    return socket;
  },
}));

const { ChatClient, CHAT_TOKEN_KEY } = await import("./chat-client");

const event = (Id: number, Author: ChatEventDto["Author"], Text: string) =>
  ({
    Id,
    Author,
    Kind: "message",
    Text,
    CreatedAt: "2026-11-26T10:00:00.000Z",
    Status: "sent",
  }) as unknown as ChatEventDto;

/** Answers of GET /api/Chat/History, in order; each one can be held back until released. */
let histories: { events: ChatEventDto[]; released: Promise<void> }[] = [];

beforeEach(() => {
  handlers.clear();
  calls.length = 0;
  histories = [];
  localStorage.setItem(CHAT_TOKEN_KEY, "chat-token");
  vi.stubGlobal("fetch", async () => {
    const next = histories.shift();
    if (!next) throw new Error("no history answer prepared");
    await next.released;
    const body = { ChatId: 7, Status: "active", Rating: null, Events: next.events };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it("keeps an event that arrives over the hub while the history is on its way", async () => {
  const question = event(1, "customer", "Ile trwa dostawa?");
  const taken = event(2, "system", "Konsultant przyjął rozmowę.");
  let release = () => {};
  histories = [
    { events: [question], released: Promise.resolve() },
    // Asked for when the socket connects; answered after the consultant took the chat.
    { events: [question], released: new Promise<void>((r) => (release = r)) },
  ];
  const client = new ChatClient();
  await client.resume();
  handlers.get("connect")?.();
  handlers.get("event")?.(taken);
  release();
  await vi.waitFor(() => expect(client.getState().history).toBe("DONE"));
  expect(client.getState().events.map((e) => e.Id)).toEqual([1, 2]);
});

it("tries again at once when the device is back online, instead of at the end of the back-off", async () => {
  histories = [{ events: [], released: Promise.resolve() }];
  const client = new ChatClient();
  await client.resume();
  handlers.get("connect")?.();
  // Online while connected: nothing to do.
  window.dispatchEvent(new Event("online"));
  expect(calls).toEqual([]);
  handlers.get("disconnect")?.("transport close");
  expect(client.getState().connection).toBe("reconnecting");
  window.dispatchEvent(new Event("online"));
  expect(calls).toEqual(["disconnect", "connect"]);
});

it("never shows a place in the queue read before the one shown, however late it arrives", async () => {
  histories = [{ events: [], released: Promise.resolve() }];
  const client = new ChatClient();
  await client.resume();
  const state = (Version: number, Position: number) => ({
    ChatId: 7,
    Status: "queued" as const,
    ConsultantName: null,
    EndReason: null,
    Rating: null,
    Position,
    WaitMinutes: Position * 3,
    Version,
  });
  handlers.get("chat")?.(state(2000, 2));
  // Read at the chat's start, delivered through another process after the newer place.
  handlers.get("chat")?.(state(1000, 3));
  expect(client.getState().chat?.Position).toBe(2);
  handlers.get("chat")?.(state(3000, 1));
  expect(client.getState().chat?.Position).toBe(1);
  // A state read at the same moment is as new: taken.
  handlers.get("chat")?.({ ...state(3000, 1), Status: "active", Position: null, WaitMinutes: null });
  expect(client.getState().chat?.Status).toBe("active");
});
