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

  it("describes the answer of every operation (ADR 023: checked against it under test)", async () => {
    const doc = await (await fetch(`${server.url}/api/docs.json`)).json();
    const undescribed = Object.entries<Record<string, { responses: { 200: { content?: unknown } } }>>(
      doc.paths,
    ).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => (op.responses[200].content ? [] : [`${method} ${path}`])),
    );
    expect(undescribed).toEqual([]);
  });

  it("shows a browser the description as a page, every operation on it, the JSON beside it", async () => {
    const json = await (await fetch(`${server.url}/api/docs.json`)).json();
    expect(json).toEqual(await (await fetch(`${server.url}/api/docs`)).json());
    const res = await fetch(`${server.url}/api/docs`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("vary")).toMatch(/Accept/i);
    // No script runs there: the strict policy of everything that is not a page of the web app.
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="pl">/);
    expect(html).not.toContain("<script");
    const entities: Record<string, string> = { quot: '"', "#x27": "'", amp: "&", lt: "<", gt: ">" };
    const text = html
      .replace(/<[^>]+>/g, " ")
      .replace(/&(quot|#x27|amp|lt|gt);/g, (_, e: string) => entities[e])
      .replace(/\s+/g, " ");
    for (const [path, ops] of Object.entries<Record<string, { summary: string }>>(json.paths))
      for (const [method, op] of Object.entries(ops)) {
        expect(text).toContain(`${method.toUpperCase()} ${path} ${op.summary}`);
      }
    expect(text).toContain("Wymaga tokenu dostępu");
    expect(text).toContain("Wymaga klucza systemu flotowego");
    expect(text).toMatch(/101\s+403\s+trzeba uzupełnić dane profilu/);
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
