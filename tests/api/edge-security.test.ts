import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { dataDirProblem } from "../../src/server/db/data-dir-errors";
import { putImage } from "../../src/server/images/store";
import { drawCarPhoto } from "../../src/server/seed/drawing/car-drawing";
import { startApiServer, type TestServer } from "../support/api-server";

/**
 * Security headers on what engine.io and Fastify answer outside the routes too, Fastify's
 * and Node's own refusals in the {ErrorCode, ErrorMessage} contract, the site password on socket.io.
 * The pages' CSP nonce, PDFs, assets and the closed outbox of the production build: tests/e2e/security.spec.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const HANDSHAKE = "/socket.io/?EIO=4&transport=polling";

/** socket.io's WebSocket handshake: the open packet it sends first, or the HTTP answer that refused it. */
function wsHandshake(base: string, cookie?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`, {
      headers: cookie ? { cookie } : {},
    });
    ws.once("message", (data) => {
      resolve({ status: 101, text: String(data) });
      ws.close();
    });
    ws.once("unexpected-response", (req, res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, text });
        req.destroy();
      });
    });
    ws.once("error", reject);
  });
}

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(res.headers.get("content-security-policy")).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
  expect(res.headers.get("permissions-policy")).toContain("geolocation=()");
}

describe("security headers", () => {
  it("are on API answers, API errors, offer images and the socket.io handshake", async () => {
    const imageId = await putImage(
      server.services.db,
      Buffer.from(drawCarPhoto({ bodyType: "suv", paint: "#2f6fb5", view: "side" })),
    );
    for (const url of [
      "/api/OffersFilterData",
      "/api/Nie/Ma/Takiej",
      `/api/OfferImages/Get?attachmentId=${imageId}&width=320&height=240`,
      HANDSHAKE,
      "/healthz",
    ]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBeLessThan(500);
      expectSecurityHeaders(res);
      expect(res.headers.get("strict-transport-security"), url).toBeNull();
    }
    // WebSocket only (ADR 022): the long-polling handshake is refused, the WebSocket one opens.
    expect((await fetch(`${server.url}${HANDSHAKE}`)).status).toBe(400);
    const handshake = await wsHandshake(server.url);
    expect(handshake.status).toBe(101);
    expect(handshake.text).toMatch(/^0\{"sid"/);
  });

  it("add HSTS only when PUBLIC_URL is https", async () => {
    const https = await startApiServer({ PUBLIC_URL: "https://flotis.example.pl" });
    try {
      const res = await fetch(`${https.url}/api/OffersFilterData`);
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    } finally {
      await https.close();
    }
  });
});

describe("Fastify's and Node's own errors in the contract, in Polish", () => {
  const contract = async (res: Response, status: number, message: RegExp) => {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["ErrorCode", "ErrorMessage"]);
    expect(body.ErrorMessage).toMatch(message);
    return body;
  };

  it("431: headers or URL longer than Node's parser takes", async () => {
    const res = await fetch(`${server.url}/api/OffersFilterData?q=${"a".repeat(20_000)}`);
    await contract(res, 431, /^Nagłówki lub adres żądania są za długie\.$/);
    expectSecurityHeaders(res);
    const header = await fetch(`${server.url}/api/OffersFilterData`, {
      headers: { "x-duzy": "b".repeat(20_000) },
    });
    await contract(header, 431, /za długie/);
  });

  it("400 for a URL with broken percent-encoding, 404 for unknown paths", async () => {
    await contract(await fetch(`${server.url}/api/%zz`), 400, /^Nieprawidłowy adres/);
    await contract(await fetch(`${server.url}/api/Nie/Ma`), 404, /^Nie ma takiej ścieżki/);
    // No web build here: every other path is Fastify's own 404.
    await contract(
      await fetch(`${server.url}/cokolwiek`, { method: "OPTIONS" }),
      404,
      /^Nie ma takiej ścieżki/,
    );
  });

  it("413 and 415 for bodies", async () => {
    const big = await fetch(`${server.url}/api/Account/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: "a@b.pl", Password: "x".repeat(2 * 1024 * 1024) }),
    });
    await contract(big, 413, /^Treść żądania jest za duża\.$/);
    const xml = await fetch(`${server.url}/api/Account/Login`, {
      method: "POST",
      headers: { "content-type": "text/xml" },
      body: "<a/>",
    });
    await contract(xml, 415, /^Nieobsługiwany typ treści/);
  });

  it("names unknown fields in Polish (zod's locale wrote 'Nierozpoznane kluczes')", async () => {
    const res = await fetch(`${server.url}/api/Account/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Email: "a@b.pl", Password: "Haslo1234!", Foo: 1, Bar: 2 }),
    });
    const body = await contract(res, 400, /^Nieznane pola: Foo, Bar$/);
    expect(body.ErrorMessage).not.toContain("kluczes");
  });
});

describe("SITE_PASSWORD", () => {
  let gated: TestServer;
  beforeAll(async () => {
    gated = await startApiServer({ SITE_PASSWORD: "tajne" });
  });
  afterAll(() => gated.close());
  const tryPassword = (password: string) =>
    fetch(`${gated.url}/__site-password`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `password=${password}`,
      redirect: "manual",
    });

  it("gates the socket.io handshake (both hubs share it) until the password is given", async () => {
    // engine.io answers a refused WebSocket upgrade with 400 and the gate's reason.
    const refused = await wsHandshake(gated.url);
    expect(refused.status).toBe(400);
    expect(refused.text).toBe("Środowisko testowe wymaga hasła.");

    const right = await tryPassword("tajne");
    const cookie = right.headers.get("set-cookie")?.split(";")[0] ?? "";
    const allowed = await wsHandshake(gated.url, cookie);
    expect(allowed.status).toBe(101);
    expect(allowed.text).toMatch(/^0\{"sid"/);
  });

  it("treats a malformed site_access cookie as absent: the gate answers, the handshake is refused at once", async () => {
    const page = await fetch(`${gated.url}/`, { headers: { cookie: "site_access=%" } });
    expect(page.status).toBe(401);
    expect(await page.text()).toContain("Ta wersja serwisu jest chroniona hasłem.");
    const refused = await wsHandshake(gated.url, "site_access=%E0%A4%A");
    expect(refused.status).toBe(400);
  });

  it("allows 10 tries of the form per address in 10 minutes, then answers in Polish", async () => {
    // One right try in the test above counts too: 9 more wrong ones reach the limit.
    for (let i = 0; i < 9; i++) expect((await tryPassword(`zle${i}`)).status).toBe(401);
    const limited = await tryPassword("tajne");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("set-cookie")).toBeNull();
    expect(await limited.text()).toMatch(/Zbyt wiele prób podania hasła\. Spróbuj ponownie za \d+ min\./);
  });
});

describe("a data directory that cannot be written", () => {
  it("stops the start with a Polish sentence naming DATA_DIR, not a stack trace", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-file-"));
    const file = path.join(dir, "dane");
    fs.writeFileSync(file, "to jest plik, nie katalog");
    try {
      const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        env: { ...process.env, NODE_ENV: "production", DATA_DIR: file, PORT: "0", DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      // One JSON line of the server's log (src/server/log.ts): the sentence, no stack.
      const lines = run.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines.at(-1)).toMatchObject({
        level: 60,
        msg: `Nie udało się uruchomić serwera. Ścieżka ${file} (DATA_DIR) nie jest katalogiem: w jej miejscu jest plik. Usuń go albo ustaw inny DATA_DIR.`,
      });
      expect(run.stdout).not.toMatch(/\s+at /);
      expect(run.stderr).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("explains a full disk, a read-only file system and missing rights, also from PGlite's WASM errno", () => {
    const enospc = Object.assign(new Error("write"), { code: "ENOSPC" });
    expect(dataDirProblem(enospc, "/d")).toMatch(
      /^Brak miejsca na dysku dla katalogu danych \/d \(DATA_DIR\)/,
    );
    // PGlite: Emscripten's ErrnoError carries only a WASI errno (51: no space left), here as a cause.
    const wasm = Object.assign(new Error("FS error"), { name: "ErrnoError", errno: 51 });
    expect(dataDirProblem(new Error("initdb failed", { cause: wasm }), "/d")).toMatch(
      /^Brak miejsca na dysku/,
    );
    expect(dataDirProblem(Object.assign(new Error(), { code: "EROFS" }), "/d")).toMatch(/tylko do odczytu/);
    expect(dataDirProblem(Object.assign(new Error(), { code: "EACCES" }), "/d")).toMatch(
      /^Brak uprawnień do zapisu/,
    );
    expect(dataDirProblem(new Error("something else"), "/d")).toBeUndefined();
  });
});
