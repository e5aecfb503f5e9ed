import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../support/api-server";
import { consoleSession } from "../support/chat-consultant";

/** Canned answers of the consultants' console: own ones stay private, shared ones are the team's. */
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ LEADS_RATE_LIMIT: "1000" });
});
afterAll(() => server.close());

async function signIn(email: string) {
  return (await consoleSession(server.services.db, server.url, email, email)).Token;
}
const call = async (method: string, path: string, token: string | null, body?: unknown) => {
  const res = await fetch(`${server.url}/api/Chat/Consultant/CannedAnswers${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

describe("canned answers", () => {
  it("own answers are private, shared ones are seen and managed by every consultant", async () => {
    const anna = await signIn("anna.gotowe@flotis.example");
    const piotr = await signIn("piotr.gotowe@flotis.example");
    expect((await call("GET", "", null)).status).toBe(401);

    const own = await call("POST", "", anna, { Shortcut: "powitanie", Text: "Dzień dobry, tu Anna." });
    expect(own.body.Answer).toMatchObject({ Shortcut: "powitanie", Shared: false, Mine: true });
    const shared = await call("POST", "", anna, {
      Shortcut: "godziny",
      Text: "Pracujemy pon. – pt., 9:00 – 19:00.",
      Shared: true,
    });
    expect(shared.body.Answer).toMatchObject({ Shared: true, Mine: false });

    expect((await call("GET", "", anna)).body.Answers.map((a: { Shortcut: string }) => a.Shortcut)).toEqual([
      "godziny",
      "powitanie",
    ]);
    expect((await call("GET", "", piotr)).body.Answers).toEqual([shared.body.Answer]);

    // Piotr cannot delete Anna's own answer, but may delete the shared one.
    expect(await call("DELETE", `?id=${own.body.Answer.Id}`, piotr)).toEqual({
      status: 404,
      body: { ErrorCode: 3, ErrorMessage: "Nie ma takiej gotowej odpowiedzi." },
    });
    expect((await call("DELETE", `?id=${shared.body.Answer.Id}`, piotr)).body).toEqual({ Ok: true });
    expect((await call("GET", "", anna)).body.Answers.map((a: { Shortcut: string }) => a.Shortcut)).toEqual([
      "powitanie",
    ]);
  });

  it("refuses an empty text and a shortcut with spaces", async () => {
    const token = await signIn("ewa.gotowe@flotis.example");
    expect((await call("POST", "", token, { Shortcut: "a b", Text: "x" })).body).toEqual({
      ErrorCode: 1,
      ErrorMessage: "Pole Shortcut: Skrót może zawierać tylko litery, cyfry, - i _",
    });
    expect((await call("POST", "", token, { Shortcut: "pusty", Text: "  " })).status).toBe(400);
  });
});
