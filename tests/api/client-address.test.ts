import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../support/api-server";

// Rate limits key on the client address. Without a configured proxy in front, X-Forwarded-For is
// whatever the client wrote, so it must not give a sender a fresh address per request.
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ LEADS_RATE_LIMIT: "1" });
});
afterAll(() => server.close());

const callBack = (forwardedFor: string) =>
  fetch(`${server.url}/api/FastCall/Post`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ PhoneNumber: "600700800", ConversationTopic: null }),
  });

describe("client address with TRUST_PROXY_HOPS unset", () => {
  it("does not let a forged X-Forwarded-For escape the rate limit", async () => {
    expect((await callBack("203.0.113.1")).status).toBe(200);
    const second = await callBack("203.0.113.2");
    expect(second.status).toBe(429);
    expect((await second.json()).ErrorMessage).toMatch(/zbyt wiele/);
  });
});
