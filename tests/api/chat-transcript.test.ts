import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatEventDto } from "../../src/domain/chat/dto";
import { chatTranscriptMail } from "../../src/server/chat/mails";
import { startApiServer, type TestServer } from "../support/api-server";
import { consoleSession } from "../support/chat-consultant";
import { callChat, closeChatSockets, nextChatEvent, openChatSocket } from "../support/chat-sockets";
import { jsonRequests } from "../support/json-requests";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ CHAT_CONSULTANT_GRACE_SECONDS: "0", LEADS_RATE_LIMIT: "1000" });
});
afterAll(() => server.close());
afterAll(closeChatSockets);

const { post } = jsonRequests(() => server.url);
const outbox = async (to: string): Promise<{ subject: string; text: string }[]> =>
  (await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json();

const prechat = {
  name: "Ewa",
  email: "ewa.zapis@example.com",
  topic: "Aukcje",
  question: "Czy mogę licytować jako osoba prywatna?",
};

describe("chat transcript by e-mail", () => {
  it("mails the ended conversation to the address it was started with, and no other, with times, consultant and file names", async () => {
    const { Token } = await consoleSession(
      server.services.db,
      server.url,
      "zapis@flotis.example",
      "Anna Zapis",
    );
    const agent = await openChatSocket(server.url, { consultantToken: Token });
    const started = await post("/api/Chat/Start", prechat);
    const token = started.body.Token as string;
    const chatId = started.body.ChatId as number;
    const customer = await openChatSocket(server.url, { token });
    await callChat(agent, "accept", { chatId });
    await callChat(agent, "send", { chatId, text: "Tak, jako osoba prywatna też.", clientId: "a-1" });
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const upload = await fetch(
      `${server.url}/api/Chat/Files?name=${encodeURIComponent("umowa leasingu.pdf")}`,
      {
        method: "POST",
        headers: { "content-type": "application/pdf", "x-chat-token": token },
        body: pdf,
      },
    );
    expect(upload.status).toBe(200);

    // Before the end: refused.
    const early = await post("/api/Chat/Transcript", {}, { "x-chat-token": token });
    expect(early.status).toBe(409);

    const ended = nextChatEvent<{ Status: string }>(customer, "chat", (c) => c.Status === "ended");
    await callChat(agent, "end", { chatId });
    await ended;

    // No address of one's choosing any more: the field is refused, nothing is mailed there.
    const chosen = await post(
      "/api/Chat/Transcript",
      { email: "kopia.ewy@example.com" },
      { "x-chat-token": token },
    );
    expect(chosen).toEqual({ status: 400, body: { ErrorCode: 1, ErrorMessage: "Nieznane pole: email" } });
    expect(await outbox("kopia.ewy@example.com")).toEqual([]);

    // Someone else's conversation (no token, or another chat's token): refused, nothing mailed.
    const stranger = await post("/api/Chat/Transcript", {});
    expect(stranger.status).toBe(404);
    const other = await post("/api/Chat/Start", { ...prechat, email: "obcy@example.com" });
    const otherToken = await post("/api/Chat/Transcript", {}, { "x-chat-token": other.body.Token });
    expect(otherToken.status).toBe(409);
    expect(await outbox("obcy@example.com")).toEqual([]);

    // A chat started without an address has nowhere to send its transcript.
    const { email: _none, ...anonymous } = prechat;
    const noAddress = await post("/api/Chat/Start", anonymous);
    const refused = await post("/api/Chat/Transcript", {}, { "x-chat-token": noAddress.body.Token });
    expect(refused).toEqual({
      status: 409,
      body: {
        ErrorCode: 13,
        ErrorMessage:
          "Zapis rozmowy wysyłamy tylko na adres e-mail podany przed jej rozpoczęciem, a ta rozmowa została rozpoczęta bez niego.",
      },
    });

    // An empty request (no body at all) is enough: it goes to the address given before the chat.
    const res = await fetch(`${server.url}/api/Chat/Transcript`, {
      method: "POST",
      headers: { "x-chat-token": token },
    });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 200,
      body: { Ok: true, Email: prechat.email },
    });
    const [mail] = await outbox(prechat.email);
    const today = new Intl.DateTimeFormat("pl-PL", {
      timeZone: "Europe/Warsaw",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(new Date());
    expect(mail.subject).toContain(`Zapis rozmowy na czacie z ${today}`);
    expect(mail.text).toContain(`Data rozmowy: ${today}`);
    expect(mail.text).toContain("Konsultant: Anna Zapis");
    expect(mail.text).toMatch(/\n\d\d:\d\d Ewa: Czy mogę licytować jako osoba prywatna\?\n/);
    expect(mail.text).toMatch(/\n\d\d:\d\d Anna Zapis: Tak, jako osoba prywatna też\.\n/);
    expect(mail.text).toMatch(/\n\d\d:\d\d Ewa: plik „umowa leasingu\.pdf”\n/);
  });
});

describe("chat transcript rate limit", () => {
  it("is limited per address like the chat's other requests", async () => {
    const limited = await startApiServer({ LEADS_RATE_LIMIT: "2" });
    try {
      const start = await fetch(`${limited.url}/api/Chat/Start`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(prechat),
      });
      // Nobody is online: the chat ends at once, so its transcript may be asked for.
      const { Token } = await start.json();
      const ask = () =>
        fetch(`${limited.url}/api/Chat/Transcript`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-chat-token": Token },
          body: "{}",
        });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      const third = await ask();
      expect(third.status).toBe(429);
      expect((await third.json()).ErrorMessage).toMatch(/spróbuj ponownie/i);
    } finally {
      await limited.close();
    }
  });
});

describe("chat transcript mail", () => {
  it("signs a consultant's words with whoever had the chat then, in Polish time", () => {
    let id = 0;
    const event = (e: Partial<ChatEventDto>): ChatEventDto => ({
      Id: ++id,
      ChatId: 1,
      Kind: "message",
      Author: "agent",
      Text: "",
      Payload: null,
      ClientId: null,
      CreatedAt: "2026-07-01 10:05:00",
      CreatedAtUtc: "2026-07-01T08:05:00Z",
      Status: "seen",
      ...e,
    });
    const system = { Kind: "system_message", Author: "system" } as const;
    const mail = chatTranscriptMail(
      "ewa@example.com",
      { id: 1, createdAt: new Date("2026-07-01T08:00:00Z"), customerName: "Ewa", consultantName: "Piotr" },
      [
        event({
          ...system,
          Text: "Konsultant przyjął rozmowę.",
          Payload: { Type: "taken", ConsultantName: "Anna" },
        }),
        event({ Text: "Dzień dobry" }),
        event({
          ...system,
          Text: "Rozmowa została przekazana innemu konsultantowi.",
          Payload: { Type: "transferred", ConsultantName: "Piotr" },
          CreatedAtUtc: "2026-07-01T08:10:00Z",
        }),
        event({ Text: "Przejmuję rozmowę", CreatedAtUtc: "2026-07-01T08:11:00Z" }),
      ],
    );
    expect(mail.text).toContain("Data rozmowy: 01.07.2026");
    expect(mail.text).toContain("10:05 Anna: Dzień dobry\n");
    expect(mail.text).toContain("10:11 Piotr: Przejmuję rozmowę\n");
  });
});
