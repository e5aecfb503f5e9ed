import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../support/api-server";

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe("API error contract", () => {
  it("answers an unknown /api path with a JSON 404, not the HTML page", async () => {
    const res = await fetch(`${server.url}/api/Nie/Istnieje`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ ErrorCode: 3, ErrorMessage: "Nie ma takiej ścieżki API." });
  });

  it("answers malformed JSON with a Polish 400", async () => {
    const res = await fetch(`${server.url}/api/docs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nie-json",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.ErrorCode).toBe(2);
    expect(body.ErrorMessage).toMatch(/JSON/);
  });

  it("refuses a body over the size limit with 413", async () => {
    const res = await fetch(`${server.url}/api/docs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x: "a".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).ErrorCode).toBe(4);
  });
});

describe("health and docs", () => {
  it("reports liveness and database readiness", async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).status).toBe("ok");
  });

  it("publishes an OpenAPI description", async () => {
    const doc = await (await fetch(`${server.url}/api/docs`)).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.description).toContain("ErrorCode");
  });
});

describe("test-environment gate (SITE_PASSWORD)", () => {
  it("starts with every area registered and asks for the password everywhere but health checks", async () => {
    const gated = await startApiServer({ SITE_PASSWORD: "tajne" });
    try {
      expect((await fetch(`${gated.url}/healthz`)).status).toBe(200);
      const api = await fetch(`${gated.url}/api/OffersFilterData`);
      expect(api.status).toBe(401);
      expect((await api.json()).ErrorMessage).toBe("Środowisko testowe wymaga hasła.");
      const wrong = await fetch(`${gated.url}/__site-password`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "password=zle",
        redirect: "manual",
      });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${gated.url}/__site-password`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "password=tajne",
        redirect: "manual",
      });
      expect(right.status).toBe(303);
      const cookie = right.headers.get("set-cookie")?.split(";")[0] ?? "";
      expect((await fetch(`${gated.url}/api/OffersFilterData`, { headers: { cookie } })).status).toBe(200);
    } finally {
      await gated.close();
    }
  });
});
