import net from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../src/server/db/schema/index";
import { listOutbox } from "../../src/server/mail/outbox";
import { startApiServer, type TestServer } from "../support/api-server";
import { solvedCaptcha } from "../support/captcha";

/** A free local port: taken from the OS and released, so nothing listens there until we start SMTP. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A local SMTP stand-in that records every message it accepts. */
function startSmtp(port: number, received: { to: string[]; data: string }[]): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c) => {
        data += c.toString();
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp.listen(port, "127.0.0.1", () => resolve(smtp)));
}

let server: TestServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startApiServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, SALES_EMAIL: "sprzedaz@test.local" });
});
afterAll(() => server.close());

describe("lead mail while SMTP is down", () => {
  it("accepts the lead, keeps the mail, and delivers it once when SMTP comes back", async () => {
    const res = await fetch(`${server.url}/api/Contact/SendQuestion`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        Name: "Anna",
        Surname: "Nowak",
        Email: "anna.nowak@example.com",
        PhoneNumber: "600700800",
        MessageBody: "Czy Q7 jest dostępne od ręki?",
        TermsConsent: true,
        MarketingConsent: true,
        Captcha: await solvedCaptcha(server.url),
      }),
    });
    expect(res.status).toBe(200);

    // SMTP down: the delivery attempt fails and both mails wait for a retry.
    await server.services.mail.worker.wake();
    let rows = await listOutbox(server.services.db);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.sentAt).toBeNull();
      expect(r.attempts).toBe(1);
      expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);
    }

    // SMTP back; the retry delay (15 s after a first failure) is moved to now instead of sleeping.
    const received: { to: string[]; data: string }[] = [];
    const smtp = await startSmtp(port, received);
    try {
      await server.services.db.update(outbox).set({ nextAttemptAt: sql`now()` });
      await server.services.mail.worker.wake();
      await server.services.mail.worker.wake(); // a second pass must not send again
      rows = await listOutbox(server.services.db);
      expect(rows.every((r) => r.sentAt !== null)).toBe(true);
      expect(received.map((m) => m.to[0]).sort()).toEqual(["anna.nowak@example.com", "sprzedaz@test.local"]);
      const customer = received.find((m) => m.to[0] === "anna.nowak@example.com")!;
      expect(customer.data).toMatch(/Subject: =\?UTF-8\?|Subject: Dzi/);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
