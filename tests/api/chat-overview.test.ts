import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInPoland } from "../../src/domain/polish-time";
import { chatEvents, chats } from "../../src/server/db/schema/index";
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

const { post, get } = jsonRequests(() => server.url);

async function signIn(email: string, name: string) {
  const session = await consoleSession(server.services.db, server.url, email, name);
  return { id: session.Id, token: session.Token };
}

const prechat = { name: "Ewa", topic: "Aukcje", question: "Czy są aukcje w weekend?" };

describe("chat ratings and volume overview", () => {
  it("counts chats, messages, ratings and the first answer per consultant and day, for consultants only", async () => {
    const anna = await signIn("anna.przeglad@flotis.example", "Anna Przegląd");
    const agent = await openChatSocket(server.url, { consultantToken: anna.token });

    // Today: a real chat, answered, ended and rated 4.
    const started = await post("/api/Chat/Start", prechat);
    const chatId = started.body.ChatId as number;
    const customer = await openChatSocket(server.url, { token: started.body.Token });
    await callChat(agent, "accept", { chatId });
    await callChat(agent, "send", { chatId, text: "Tak, w soboty.", clientId: "a-1" });
    const ended = nextChatEvent<{ Status: string }>(customer, "chat", (c) => c.Status === "ended");
    await callChat(agent, "end", { chatId });
    await ended;
    expect((await post("/api/Chat/Rate", { rating: 4 }, { "x-chat-token": started.body.Token })).status).toBe(
      200,
    );

    // Two days ago (Polish time, noon): two chats of another consultant, rated 5 and 2, answered
    // after 30 and 90 seconds; one of them with a customer message more.
    const piotr = await signIn("piotr.przeglad@flotis.example", "Piotr Przegląd");
    const noon = new Date(Date.now() - 2 * 86_400_000);
    const earlier = todayInPoland(noon);
    const at = new Date(`${earlier}T12:00:00+01:00`);
    const plus = (s: number) => new Date(at.getTime() + s * 1000);
    for (const [rating, wait, extra] of [
      [5, 30, 1],
      [2, 90, 0],
    ]) {
      const [row] = await server.services.db
        .insert(chats)
        .values({
          tokenHash: `t-${rating}`,
          status: "ended",
          customerName: "Jan",
          topic: "Aukcje",
          consultantId: piotr.id,
          rating,
          createdAt: at,
        })
        .returning();
      await server.services.db
        .insert(chatEvents)
        .values([
          { chatId: row.id, kind: "message", author: "customer", text: "Pytanie", createdAt: plus(1) },
          { chatId: row.id, kind: "message", author: "agent", text: "Odpowiedź", createdAt: plus(wait) },
          ...(extra
            ? [{ chatId: row.id, kind: "message" as const, author: "customer" as const, text: "Dzięki" }]
            : []),
        ]);
    }

    const auth = { authorization: `Bearer ${anna.token}` };
    const week = await get("/api/Chat/Consultant/Overview", auth);
    expect(week.status).toBe(200);
    expect(week.body.To).toBe(todayInPoland(new Date()));
    expect(week.body.Rows).toEqual([
      {
        ConsultantId: anna.id,
        ConsultantName: "Anna Przegląd",
        Day: todayInPoland(new Date()),
        Chats: 1,
        Messages: 2,
        AverageRating: 4,
        Ratings: 1,
        AverageFirstAnswerSeconds: expect.any(Number),
      },
      {
        ConsultantId: piotr.id,
        ConsultantName: "Piotr Przegląd",
        Day: earlier,
        Chats: 2,
        Messages: 5,
        AverageRating: 3.5,
        Ratings: 2,
        AverageFirstAnswerSeconds: 60,
      },
    ]);

    // A chosen range: only that day.
    const one = await get(`/api/Chat/Consultant/Overview?from=${earlier}&to=${earlier}`, auth);
    expect(one.body.Rows.map((r: { ConsultantName: string }) => r.ConsultantName)).toEqual([
      "Piotr Przegląd",
    ]);

    // Bad ranges: 400 with a Polish message.
    const reversed = await get(`/api/Chat/Consultant/Overview?from=2026-02-10&to=2026-02-01`, auth);
    expect(reversed).toEqual({
      status: 400,
      body: { ErrorCode: 1, ErrorMessage: "Data początkowa nie może być późniejsza niż końcowa." },
    });
    const garbage = await get(`/api/Chat/Consultant/Overview?from=wczoraj`, auth);
    expect(garbage.status).toBe(400);
    expect(garbage.body.ErrorMessage).toContain("Podaj datę w formacie RRRR-MM-DD.");

    // Not a consultant: no overview.
    expect((await get("/api/Chat/Consultant/Overview")).status).toBe(401);
    expect((await get("/api/Chat/Consultant/Overview", { "x-chat-token": started.body.Token })).status).toBe(
      401,
    );
    expect((await get("/api/Chat/Consultant/Overview", { authorization: "Bearer zly-token" })).status).toBe(
      401,
    );
  });
});
