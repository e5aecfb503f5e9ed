import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";

/**
 * Passwords and their hashes never reach the log: a server logging at trace level goes through
 * registration, a failed and a good sign-in, a password change and a reset, and its log is searched.
 */
const lines: string[] = [];
let url = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "trace", DATA_DIR: ":memory:", PORT: "0" });
  const database = await openDatabase({ dataDir: ":memory:" });
  const { app, services } = await buildApp({
    config,
    database,
    logStream: { write: (l) => void lines.push(l) },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  close = async () => {
    await app.close();
    await database.close();
  };
  (globalThis as { services?: unknown }).services = services;
});
afterAll(() => close());

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe("logs", () => {
  it("hold no password, hash or token even at trace level", async () => {
    const email = "log@firma-logi.pl";
    const passwords = ["Pierwsze1haslo", "Drugie2haslo!", "Trzecie3haslo?", "Zgadywane9haslo"];
    const reg = await post("/api/Register", {
      Nip: "5260250274",
      CompanyName: "Firma Logi",
      Street: "ul. Cicha 1",
      PostalCode: "00-001",
      City: "Warszawa",
      Email: email,
      Password: passwords[0],
      RepeatPassword: passwords[0],
      AcceptSiteRules: true,
      AcceptAuctionRules: true,
    });
    expect(reg.status).toBe(200);
    const [mail] = await (await fetch(`${url}/dev/outbox.json?to=${email}`)).json();
    await fetch(`${url}/api/Register/Activate?guid=${/guid=(\S+)/.exec(mail.text)![1]}`);
    const services = (
      globalThis as { services?: { staff: { bidders: { verifyByEmail(e: string): Promise<unknown> } } } }
    ).services!;
    await services.staff.bidders.verifyByEmail(email);
    expect((await post("/api/Account/Login", { Email: email, Password: passwords[3] })).status).toBe(401);
    const login = await (await post("/api/Account/Login", { Email: email, Password: passwords[0] })).json();
    const change = await post(
      "/api/Account/ChangePassword",
      { CurrentPassword: passwords[0], NewPassword: passwords[1], RepeatPassword: passwords[1] },
      login.access_token,
    );
    expect(change.status).toBe(200);
    await post("/api/Account/ResetPassword", { Email: email });
    const [reset] = await (await fetch(`${url}/dev/outbox.json?to=${email}`)).json();
    const token = /token=(\S+)/.exec(reset.text)![1];
    await post("/api/Account/ResetPassword/Confirm", {
      Token: token,
      NewPassword: passwords[2],
      RepeatPassword: passwords[2],
    });

    const log = lines.join("");
    expect(log.length).toBeGreaterThan(1000); // the server really logged the requests
    expect(log).toContain("/api/Account/Login");
    for (const secret of [...passwords, login.access_token, login.refresh_token, token]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/scrypt\$/);
  });
});
