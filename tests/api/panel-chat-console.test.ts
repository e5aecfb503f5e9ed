import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/server/accounts/secrets";
import { migrationsFolder } from "../../src/server/db/client";
import { COMMAND_LINE } from "../../src/server/staff/audit";
import { startApiServer, type TestServer } from "../support/api-server";
import { closeChatSockets, openChatSocket } from "../support/chat-sockets";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";
import { TEST_PASSWORD_HASH_COST } from "../support/password-hash-cost";

// The chat consultants are staff members: the console opens from a panel session
// (password and second factor) of a member whose role has the chat, and its token lives only as long
// as that session and that role. Migration 0025 turns the consultants of the old command into members.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" }, { web: true, clock });
});
afterAll(() => server.close());
afterAll(closeChatSockets);

const { send, member, signedIn } = panelHttp(() => server, clock);

async function openConsole(cookie: string) {
  const res = await fetch(`${server.url}/api/Chat/Consultant/Session`, {
    method: "POST",
    headers: { cookie },
  });
  return { status: res.status, body: await res.json() };
}
const cannedAnswers = (token: string) =>
  fetch(`${server.url}/api/Chat/Consultant/CannedAnswers`, { headers: { authorization: `Bearer ${token}` } });

describe("the consultants' console", () => {
  it("opens for a consultant signed in to the panel, under the member's name, and answers the hub", async () => {
    const consultant = await signedIn("consultant");
    expect((await send(consultant.browser, "/konsultant")).status).toBe(200);
    const opened = await openConsole(consultant.browser.cookie);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ Name: consultant.name, Id: expect.any(Number) });
    expect((await cannedAnswers(opened.body.Token)).status).toBe(200);
    const socket = await openChatSocket(server.url, { consultantToken: opened.body.Token });
    expect(socket.connected).toBe(true);
    // A second console of the same member is the same consultant of the chat.
    expect((await openConsole(consultant.browser.cookie)).body.Id).toBe(opened.body.Id);
  });

  it("is refused without a panel session, and to roles without the chat", async () => {
    const anonymous = await fetch(`${server.url}/konsultant`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/panel/logowanie?returnTo=%2Fkonsultant");
    expect(await openConsole("")).toEqual({
      status: 401,
      body: { ErrorCode: 8, ErrorMessage: "Zaloguj się w panelu pracownika." },
    });
    for (const role of ["sales", "content"] as const) {
      const m = await signedIn(role);
      expect((await send(m.browser, "/konsultant")).status).toBe(403);
      expect(await openConsole(m.browser.cookie)).toEqual({
        status: 403,
        body: { ErrorCode: 16, ErrorMessage: "Twoja rola nie pozwala na tę czynność." },
      });
    }
    const admin = await signedIn("admin");
    expect((await openConsole(admin.browser.cookie)).status).toBe(200);
  });

  it("ends with the panel session, and when the member loses the chat", async () => {
    const anna = await member("consultant");
    const first = (await openConsole(anna.browser.cookie)).body.Token as string;
    const signedOut = await send(anna.browser, "/panel/wyloguj", {});
    expect(signedOut.headers.get("location")).toBe("/panel/logowanie");
    expect((await cannedAnswers(first)).status).toBe(401);
    await expect(openChatSocket(server.url, { consultantToken: first })).rejects.toThrow(
      "consultant-unauthorized",
    );

    const piotr = await member("consultant");
    const second = (await openConsole(piotr.browser.cookie)).body.Token as string;
    expect((await cannedAnswers(second)).status).toBe(200);
    await server.services.staff.members.change(
      piotr.id,
      { Role: "consultant", Active: false, Reason: "Zakończył współpracę." },
      COMMAND_LINE,
    );
    expect((await cannedAnswers(second)).status).toBe(401);
  });
});

describe("migration 0025", () => {
  it("makes the old command's consultants staff members with the consultant role and their password", async () => {
    const db = await PGlite.create({ extensions: { unaccent, pg_trgm } });
    const files = fs
      .readdirSync(migrationsFolder())
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const run = async (file: string) => {
      const text = fs.readFileSync(path.join(migrationsFolder(), file), "utf8");
      for (const statement of text.split("--> statement-breakpoint")) await db.exec(statement);
    };
    for (const file of files.filter((f) => f < "0025")) await run(file);
    const hash = await hashPassword("haslo-konsultanta-123", TEST_PASSWORD_HASH_COST);
    await db.query(
      "insert into chat_consultants (email, name, password_hash) values ('anna@flotis.example', 'Anna Nowak', $1), ('Admin@flotis.example', 'Adam Admin', $1)",
      [hash],
    );
    await db.query(
      "insert into staff_members (email, name, role, password_hash) values ('admin@flotis.example', 'Adam Admin', 'admin', 'x')",
    );
    const [migration] = files.filter((f) => f.startsWith("0025"));
    await run(migration);
    const { rows } = await db.query<{
      email: string;
      role: string;
      password_hash: string;
      consultant: string;
    }>(
      `select s.email, s.role, s.password_hash, c.name as consultant
       from chat_consultants c join staff_members s on s.id = c.staff_id order by s.email`,
    );
    expect(rows.map((r) => [r.email, r.role, r.consultant])).toEqual([
      ["admin@flotis.example", "admin", "Adam Admin"],
      ["anna@flotis.example", "consultant", "Anna Nowak"],
    ]);
    // Anna signs in to the panel with her old password (and sets up the second factor then).
    expect(await verifyPassword("haslo-konsultanta-123", rows[1].password_hash)).toBe(true);
    await db.close();
  });
});
