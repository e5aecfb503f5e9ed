import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatFileErrors } from "../../src/domain/chat/files";
import { systemMessages } from "../../src/domain/chat/texts";
import { startApiServer, type TestServer } from "../support/api-server";
import { consoleSession } from "../support/chat-consultant";
import {
  callChat,
  closeChatSockets,
  nextChatEvent,
  openChatSocket,
  receivedChatEvents,
} from "../support/chat-sockets";
import { jsonRequests } from "../support/json-requests";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({
    SALES_EMAIL: "czat-sprzedaz@example.com",
    CHAT_CONSULTANT_GRACE_SECONDS: "0",
    LEADS_RATE_LIMIT: "1000",
  });
});
afterAll(() => server.close());

const { post, get } = jsonRequests(() => server.url);
const outbox = async (to: string) =>
  (await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json();

const prechat = {
  name: "Ewa",
  email: "ewa@example.com",
  topic: "Aukcje",
  question: "Czy mogę licytować jako osoba prywatna?",
};

let consultantNo = 0;
async function consultant(name = "Anna Konsultant") {
  const email = `konsultant${++consultantNo}@flotis.example`;
  return (await consoleSession(server.services.db, server.url, email, name)).Token;
}

afterAll(closeChatSockets);
const open = (auth: Record<string, string>) => openChatSocket(server.url, auth);
const next = nextChatEvent;
const call = callChat;

describe("live chat: offline, start and refusals", () => {
  it("no chat answer is kept by a browser or a proxy, a refusal neither", async () => {
    const availability = await fetch(`${server.url}/api/Chat/Availability`);
    const refused = await fetch(`${server.url}/api/Chat/Tickets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(400);
    for (const res of [availability, refused]) expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("offline: nobody is online, the leave-a-message form is stored and mailed", async () => {
    expect((await get("/api/Chat/Availability")).body).toEqual({ Online: false });
    const bad = await post("/api/Chat/Tickets", {
      name: "E",
      email: "zly-adres",
      message: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ErrorCode: 1, ErrorMessage: "Pole name: Pole wymaga minimum 2 znaków" });
    // The chat rests on answering the question (art. 6(1)(b) and (f) RODO), not on a consent: the
    // form informs and asks for no tick, and a message without one is taken.
    const ok = await post("/api/Chat/Tickets", {
      name: "Ewa",
      email: "ewa.ticket@example.com",
      message: "Proszę o kontakt w sprawie leasingu.",
    });
    expect(ok.status).toBe(200);
    const sales = await outbox("czat-sprzedaz@example.com");
    expect(sales[0].subject).toBe(`Wiadomość z czatu nr ${ok.body.TicketId}`);
    expect(sales[0].text).toContain("Proszę o kontakt w sprawie leasingu.");
    const customer = await outbox("ewa.ticket@example.com");
    expect(customer[0].text).toContain(
      "Nasz konsultant skontaktuje się z Tobą w godzinach pracy: pon. – pt., 9:00 – 19:00",
    );
  });

  it("a chat started while nobody is online ends at once with the 'no consultants' message", async () => {
    const started = await post("/api/Chat/Start", prechat);
    expect(started.status).toBe(200);
    const history = await get("/api/Chat/History", { "x-chat-token": started.body.Token });
    expect(history.body.Status).toBe("ended");
    expect(history.body.Events.at(-1)).toMatchObject({
      Kind: "system_message",
      Text: systemMessages.noConsultants,
    });
  });

  it("refuses bad pre-chat forms, unknown tokens and wrong consultant passwords", async () => {
    expect((await post("/api/Chat/Start", { ...prechat, topic: "Pogoda" })).body.ErrorMessage).toBe(
      "Pole topic: Wybierz jedną z możliwości",
    );
    expect((await post("/api/Chat/Start", { ...prechat, email: "ewa@" })).body.ErrorMessage).toBe(
      "Pole email: Email jest nieprawidłowy",
    );
    expect((await post("/api/Chat/Start", "tekst")).status).toBe(400);
    expect((await get("/api/Chat/History", { "x-chat-token": "nieznany" })).status).toBe(404);
    // The console opens only from a panel session (consultants are staff members).
    expect(await post("/api/Chat/Consultant/Session", {})).toEqual({
      status: 401,
      body: { ErrorCode: 8, ErrorMessage: "Zaloguj się w panelu pracownika." },
    });
    await expect(open({ token: "nieznany" })).rejects.toThrow("chat-unknown");
    await expect(open({ consultantToken: "nieznany" })).rejects.toThrow("consultant-unauthorized");
  });
});

/** A file from the customer: stored, announced to the consultant, downloadable; a wrong type is refused. */
async function customerSendsAFile(
  agent: Awaited<ReturnType<typeof open>>,
  token: string,
  consultantToken: string,
) {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const agentGetsFile = next<{ Kind: string; Payload: { Url: string } }>(
    agent,
    "event",
    (e) => e.Kind === "file",
  );
  const upload = await fetch(
    `${server.url}/api/Chat/Files?name=${encodeURIComponent("dowód rejestracyjny.png")}`,
    {
      method: "POST",
      headers: { "content-type": "image/png", "x-chat-token": token },
      body: png,
    },
  );
  expect(upload.status).toBe(200);
  const fileEvent = await agentGetsFile;
  const download = await fetch(`${server.url}${fileEvent.Payload.Url}`, {
    headers: { authorization: `Bearer ${consultantToken}` },
  });
  expect(download.headers.get("content-type")).toBe("image/png");
  expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
  const program = await fetch(`${server.url}/api/Chat/Files?name=a.exe`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", "x-chat-token": token },
    body: "MZ",
  });
  expect(program.status).toBe(400);
  expect((await program.json()).ErrorMessage).toBe(chatFileErrors.format);
}

describe("live chat: a whole conversation", () => {
  it("queue, a consultant takes the chat, messages with delivered and seen, a file, the end and the rating", async () => {
    const consultantToken = await consultant("Anna Konsultant");
    const agent = await open({ consultantToken });
    expect((await get("/api/Chat/Availability")).body).toEqual({ Online: true });

    const started = await post("/api/Chat/Start", prechat);
    const token = started.body.Token as string;
    const chatId = started.body.ChatId as number;
    const customer = await open({ token });
    const queued = await next<{ Status: string; Position: number; WaitMinutes: number }>(customer, "chat");
    expect(queued).toMatchObject({ Status: "queued", Position: 1, WaitMinutes: 3 });
    // Each state says when it was read, so a late one cannot replace a newer place (replacesState).
    expect(typeof (queued as { Version?: unknown }).Version).toBe("number");

    // The consultant sees the chat waiting and takes it; the customer learns who answers.
    const customerSeesAgent = next<{ Status: string; ConsultantName: string }>(
      customer,
      "chat",
      (c) => c.Status === "active",
    );
    const accepted = await call<{ History: { Kind: string; Text: string }[] }>(agent, "accept", { chatId });
    expect(accepted.History.map((e) => e.Kind)).toEqual(["filled_form", "message", "system_message"]);
    expect(accepted.History[1].Text).toBe(prechat.question);
    expect((await customerSeesAgent).ConsultantName).toBe("Anna Konsultant");
    // A second consultant cannot take it any more.
    const late = await open({ consultantToken: await consultant("Piotr") });
    expect(await call(late, "accept", { chatId })).toEqual({
      ErrorCode: 13,
      ErrorMessage: "Tę rozmowę przyjął już inny konsultant.",
    });
    expect(await call(late, "send", { chatId, text: "Dzień dobry" })).toMatchObject({ ErrorCode: 14 });

    // A message from the consultant reaches the customer; delivered, then seen, go back to the consultant.
    const customerGets = next<{ Id: number; Text: string }>(
      customer,
      "event",
      (e) => e.Text === "Dzień dobry, w czym pomóc?",
    );
    const sent = await call<{ Event: { Id: number; Status: string } }>(agent, "send", {
      chatId,
      text: "Dzień dobry, w czym pomóc?",
      clientId: "a-1",
    });
    expect(sent.Event.Status).toBe("sent");
    const got = await customerGets;
    const delivered = next<{ Ids: number[]; Status: string }>(
      agent,
      "status",
      (s) => s.Status === "delivered",
    );
    customer.emit("delivered", { upTo: got.Id });
    expect((await delivered).Ids).toEqual([got.Id]);
    const seen = next<{ Ids: number[]; Status: string }>(agent, "status", (s) => s.Status === "seen");
    customer.emit("seen", { upTo: got.Id });
    expect((await seen).Ids).toEqual([got.Id]);

    // A re-sent message (same client id) is stored once; an empty one is refused.
    const once = await call<{ Event: { Id: number } }>(customer, "send", {
      text: "Dziękuję",
      clientId: "c-1",
    });
    const again = await call<{ Event: { Id: number } }>(customer, "send", {
      text: "Dziękuję",
      clientId: "c-1",
    });
    expect(again.Event.Id).toBe(once.Event.Id);
    expect(await call(customer, "send", { text: "   " })).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Wiadomość nie może być pusta.",
    });

    await customerSendsAFile(agent, token, consultantToken);

    // Rating before the end is refused; the consultant ends the chat; the rating is kept once.
    expect((await post("/api/Chat/Rate", { rating: 5 }, { "x-chat-token": token })).status).toBe(409);
    const ended = next<{ Status: string; EndReason: string }>(customer, "chat", (c) => c.Status === "ended");
    expect(await call(agent, "end", { chatId })).toEqual({ Ok: true });
    expect((await ended).EndReason).toBe("chatEnded");
    expect((await post("/api/Chat/Rate", { rating: 7 }, { "x-chat-token": token })).body.ErrorMessage).toBe(
      "Pole rating: Wybierz ocenę od 1 do 5",
    );
    const rated = await post(
      "/api/Chat/Rate",
      { rating: 5, comment: "Szybka pomoc" },
      { "x-chat-token": token },
    );
    expect(rated.body.Event.Text).toBe(systemMessages.ratedGood);
    expect((await post("/api/Chat/Rate", { rating: 1 }, { "x-chat-token": token })).status).toBe(409);
    expect(await call(customer, "send", { text: "Jeszcze jedno" })).toMatchObject({ ErrorCode: 13 });

    const history = await get("/api/Chat/History", { "x-chat-token": token });
    expect(history.body.Events.map((e: { Kind: string }) => e.Kind)).toEqual([
      "filled_form",
      "message",
      "system_message",
      "message",
      "message",
      "file",
      "system_message",
      "filled_form",
      "system_message",
    ]);
    expect(history.body.Events[3]).toMatchObject({ Author: "agent", Status: "seen" });
    agent.close();
    late.close();
  });
});

describe("live chat: handover, limits, typing and transfer", () => {
  it("a consultant who drops hands the chat back to the queue, or ends it when nobody else is online", async () => {
    const anna = await open({ consultantToken: await consultant("Anna") });
    const piotr = await open({ consultantToken: await consultant("Piotr") });
    const started = await post("/api/Chat/Start", prechat);
    const customer = await open({ token: started.body.Token });
    await call(anna, "accept", { chatId: started.body.ChatId });
    const back = next<{ Status: string }>(customer, "chat", (c) => c.Status === "queued");
    const lost = next<{ Text: string }>(customer, "event", (e) => e.Text === systemMessages.agentLost);
    anna.close();
    expect((await back).Status).toBe("queued");
    await lost;
    // Piotr takes it, then he drops too: nobody is left, so the chat ends.
    await call(piotr, "accept", { chatId: started.body.ChatId });
    const over = next<{ Status: string; EndReason: string }>(customer, "chat", (c) => c.Status === "ended");
    piotr.close();
    expect((await over).EndReason).toBe("noConsultants");
  });

  it("refuses a flood of messages from one connection", async () => {
    const agent = await open({ consultantToken: await consultant() });
    const started = await post("/api/Chat/Start", prechat);
    const customer = await open({ token: started.body.Token });
    await call(agent, "accept", { chatId: started.body.ChatId });
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push(await call<{ ErrorCode?: number }>(customer, "send", { text: `wiadomość ${i}` }));
    expect(answers.slice(0, 20).every((a) => a.ErrorCode === undefined)).toBe(true);
    expect(answers[20]).toEqual({
      ErrorCode: 5,
      ErrorMessage: "Wysyłasz wiadomości zbyt szybko. Odczekaj chwilę i spróbuj ponownie.",
    });
    agent.close();
  });

  it("typing reaches the other side of the chat only, never a stranger or the typist", async () => {
    const agent = await open({ consultantToken: await consultant("Anna") });
    const stranger = await open({ consultantToken: await consultant("Obcy") });
    const started = await post("/api/Chat/Start", prechat);
    const chatId = started.body.ChatId as number;
    const customer = await open({ token: started.body.Token });
    await call(agent, "accept", { chatId });

    customer.emit("typing", {});
    expect(await next(agent, "typing")).toEqual({ ChatId: chatId, Author: "customer" });
    agent.emit("typing", { chatId });
    expect(await next(customer, "typing")).toEqual({ ChatId: chatId, Author: "agent" });

    // A consultant outside the chat cannot make its customer see 'Konsultant pisze…'. Events on one
    // connection are handled in order, and the server's answers to one connection arrive in order:
    // once both acknowledgements are back, a relayed typing event would already be in the inbox.
    stranger.emit("typing", { chatId });
    await call(stranger, "history", { chatId: 0 });
    await call(customer, "send", { text: "Czy jest tu ktoś?" });
    expect(receivedChatEvents(customer, "typing")).toEqual([]);
    expect(receivedChatEvents(stranger, "typing")).toEqual([]);
    expect(receivedChatEvents(agent, "typing")).toEqual([]);
    agent.close();
    stranger.close();
  });

  it("a chat is transferred to another online consultant with a note; the customer sees who answers now", async () => {
    const anna = await open({ consultantToken: await consultant("Anna Przekazująca") });
    const tomekToken = await consultant("Tomasz Przejmujący");
    const stranger = await open({ consultantToken: await consultant("Obca Osoba") });
    const started = await post("/api/Chat/Start", prechat);
    const chatId = started.body.ChatId as number;
    const customer = await open({ token: started.body.Token });
    await call(anna, "accept", { chatId });

    // Nobody offline, not oneself, and only the chat's own consultant may hand it over.
    const offline = await call<{ Consultants: { Id: number; Name: string }[] }>(anna, "online", {});
    expect(offline.Consultants.map((c) => c.Name)).not.toContain("Tomasz Przejmujący");
    const tomekId = Number((await server.services.chat.consultants.byToken(tomekToken))?.id);
    expect(await call(anna, "transfer", { chatId, to: tomekId, note: "x" })).toEqual({
      ErrorCode: 13,
      ErrorMessage: "Ten konsultant nie jest już dostępny. Wybierz innego.",
    });
    const tomek = await open({ consultantToken: tomekToken });
    const online = await call<{ Consultants: { Id: number; Name: string }[] }>(anna, "online", {});
    expect(online.Consultants.map((c) => c.Name)).toEqual(["Obca Osoba", "Tomasz Przejmujący"]);
    expect(await call(stranger, "transfer", { chatId, to: tomekId })).toMatchObject({ ErrorCode: 14 });

    const note = next<{ ChatId: number; From: string; Note: string }>(tomek, "transferred");
    const customerSees = next<{ ConsultantName: string }>(
      customer,
      "chat",
      (c) => c.ConsultantName === "Tomasz Przejmujący",
    );
    expect(await call(anna, "transfer", { chatId, to: tomekId, note: "Pyta o leasing dla JDG." })).toEqual({
      Ok: true,
    });
    expect(await note).toEqual({
      ChatId: chatId,
      From: "Anna Przekazująca",
      Note: "Pyta o leasing dla JDG.",
    });
    await customerSees;
    // Tomasz answers now; Anna no longer can.
    const reaches = next<{ Text: string }>(customer, "event", (e) => e.Text === "Dzień dobry, tu Tomasz.");
    expect(await call(tomek, "send", { chatId, text: "Dzień dobry, tu Tomasz." })).toHaveProperty("Event");
    await reaches;
    expect(await call(anna, "send", { chatId, text: "Jeszcze ja" })).toMatchObject({ ErrorCode: 14 });
    const history = await get("/api/Chat/History", { "x-chat-token": started.body.Token });
    expect(JSON.stringify(history.body)).not.toContain("Pyta o leasing dla JDG.");
    // The customer reads that a consultant took the chat, then that it was handed on: each once.
    const lines = (
      history.body.Events as { Kind: string; Text: string; Payload: { ConsultantName?: string } }[]
    )
      .filter((e) => e.Kind === "system_message")
      .map((e) => [e.Text, e.Payload.ConsultantName]);
    expect(lines).toEqual([
      ["Konsultant przyjął rozmowę.", "Anna Przekazująca"],
      ["Rozmowa została przekazana innemu konsultantowi.", "Tomasz Przejmujący"],
    ]);
    anna.close();
    tomek.close();
    stranger.close();
  });
});

describe("live chat: order", () => {
  it("messages sent back to back, without waiting for answers, are stored and reach the other side in the order sent", async () => {
    const agent = await open({ consultantToken: await consultant() });
    const started = await post("/api/Chat/Start", prechat);
    const customer = await open({ token: started.body.Token });
    await call(agent, "accept", { chatId: started.body.ChatId });
    const texts = Array.from({ length: 12 }, (_, i) => `część ${i + 1}`);
    const acks = await Promise.all(
      texts.map((text, i) =>
        call<{ Event: { Id: number } }>(customer, "send", { text, clientId: `seria-${i}` }),
      ),
    );
    const ids = acks.map((a) => a.Event.Id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    await next<{ Text: string }>(agent, "event", (e) => e.Text === texts.at(-1));
    const got = receivedChatEvents<{ Id: number; Text: string }>(agent, "event").filter((e) =>
      e.Text.startsWith("część "),
    );
    // The last one was taken off the inbox by next(): the others came before it, in order.
    expect([...got.map((e) => e.Text), texts.at(-1)]).toEqual(texts);
    expect(got.map((e) => e.Id)).toEqual(ids.slice(0, -1));
    agent.close();
  });
});

describe("live chat: leaving and bad events", () => {
  it("the customer leaves: the consultant is told", async () => {
    const agent = await open({ consultantToken: await consultant() });
    const started = await post("/api/Chat/Start", prechat);
    const customer = await open({ token: started.body.Token });
    await call(agent, "accept", { chatId: started.body.ChatId });
    const told = next<{ Text: string }>(agent, "event", (e) => e.Text === systemMessages.customerLeft);
    expect(await call(customer, "leave", {})).toEqual({ Ok: true });
    await told;
    agent.close();
  });

  it("a consultant's event naming no chat (a number, a list, null, a fraction) is a 404 answer, not a server error", async () => {
    const agent = await open({ consultantToken: await consultant() });
    const noChat = { ErrorCode: 3, ErrorMessage: "Nie znaleziono rozmowy. Rozpocznij nowy czat." };
    for (const input of [1.0, [11], null, "tekst", { chatId: 1.5 }, { chatId: [3] }]) {
      for (const event of ["accept", "history", "end", "send", "transfer"]) {
        expect(await call(agent, event, input), `${event} ${JSON.stringify(input)}`).toEqual(noChat);
      }
    }
    // The same chat by number or numeric string still works.
    const started = await post("/api/Chat/Start", prechat);
    expect(await call(agent, "accept", { chatId: String(started.body.ChatId) })).toHaveProperty("History");
    agent.close();
  });
});
