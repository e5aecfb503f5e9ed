import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../src/domain/format";
import { PRIVACY_EMAIL } from "../../src/domain/privacy";
import { oneMonthAfter } from "../../src/domain/privacy-rights";
import {
  carAlertOwners,
  carAlerts,
  chatEvents,
  chats,
  leads,
  leaseApplications,
  privacyRequests,
  staffAudit,
} from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { insertLeaseApplication } from "../support/lease-application-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// A person without an account asks, by a link mailed to the address, for what the lead forms, alerts
// and chats keep under it: the link's page shows it (opening it changes nothing), downloads it and
// asks for its erasure; the erasure waits in the panel's queue with its one-month deadline until an
// admin completes it, and the system erases the data then.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", ALERTS_DIGEST_INTERVAL_MINUTES: "0", RATE_LIMITS_SCALE: "100" },
    { web: true, clock },
  );
});
afterAll(() => server.close());

const panel = panelHttp(() => server, clock);

async function leaveTraces(email: string, words: string) {
  const { db } = server.services;
  await db.insert(leads).values({
    kind: "question",
    name: "Ewa",
    surname: "Kowalska",
    email,
    phoneNumber: "600700800",
    messageBody: `Pytanie: ${words}`,
    payload: {},
  });
  const [owner] = await db.insert(carAlertOwners).values({ email }).returning();
  await db.insert(carAlerts).values({
    ownerId: owner.id,
    email,
    isCompany: false,
    financing: 2,
    makes: ["Toyota"],
    makesLower: ["toyota"],
    matchKeys: ["x"],
    rulesAcceptedAt: clock.now(),
    marketingAcceptedAt: clock.now(),
    captchaId: `captcha-${words}-${Math.random()}`,
  });
  const [chat] = await db
    .insert(chats)
    .values({ tokenHash: `t-${Math.random()}`, customerName: "Ewa", customerEmail: email, topic: "Leasing" })
    .returning();
  await db
    .insert(chatEvents)
    .values({ chatId: chat.id, kind: "message", author: "customer", text: `Czat: ${words}` });
}

async function traces(email: string) {
  const { db } = server.services;
  const same = (column: Parameters<typeof sql>[1]) => sql`lower(${column}) = lower(${email})`;
  const [[l], [a], [c]] = await Promise.all([
    db.select({ n: count() }).from(leads).where(same(leads.email)),
    db.select({ n: count() }).from(carAlerts).where(same(carAlerts.email)),
    db.select({ n: count() }).from(chats).where(same(chats.customerEmail)),
  ]);
  return l.n + a.n + c.n;
}

const ask = (Email: string) =>
  fetch(`${server.url}/api/Privacy/Request`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Email }),
  });

async function mails(to: string): Promise<{ subject: string; text: string }[]> {
  await server.services.mail.worker.wake();
  return (await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json();
}

/** The link of the newest mail with one, as a path. */
async function linkTo(email: string): Promise<string> {
  const found = (await mails(email)).map((m) => /\/moje-dane\/[\w-]+/.exec(m.text)?.[0]).find(Boolean);
  if (!found) throw new Error(`no link mailed to ${email}`);
  return found;
}

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams(fields).toString(),
  });

const auditOf = async (action: string) =>
  server.services.db.select().from(staffAudit).where(eq(staffAudit.action, action));

/**
 * "Zrealizuj" only opens the confirmation, which names the address and what would go (one lead, one
 * alert and one chat, as leaveTraces keeps); the erasure is the dialog's own button.
 */
function expectConfirmationNaming(html: string, id: number, email: string) {
  expect(html).toMatch(/<button type="button" aria-label="Zrealizuj wniosek nr \d+: usuń dane"/);
  const dialog = /<dialog[^>]*>([\s\S]*?)<\/dialog>/.exec(html)?.[1] ?? "";
  expect(dialog).toContain(`Usunąć dane z wniosku nr ${id}?`);
  expect(dialog).toContain(email);
  const named = dialog.replace(/<[^>]+>/g, "");
  for (const line of [
    "zapytania z formularzy (z notatkami handlowców): 1",
    "alerty e-mail: 1",
    "rozmowy na czacie (z plikami): 1",
  ])
    expect(named).toContain(line);
  expect(dialog).toMatch(/<button type="submit"[^>]*>Usuń dane i zrealizuj<\/button>/);
}

describe("a request by e-mail", () => {
  it("mails a link whose page shows the data, downloads it, and changes nothing when only opened", async () => {
    await leaveTraces("ewa.kowalska@example.com", "moje");
    await leaveTraces("jan.obcy@example.com", "cudze");
    const { db } = server.services;
    await insertLeaseApplication(db, { email: "ewa.kowalska@example.com", document: "bilans.pdf" });
    await insertLeaseApplication(db, { email: "jan.obcy@example.com", car: "Kia cudza" });
    const answer = await ask("Ewa.Kowalska@example.com");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ Success: true });
    const link = await linkTo("Ewa.Kowalska@example.com");

    // Opening the link, twice, as a mail scanner would: the page, and nothing recorded or changed.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${server.url}${link}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toContain("Zapytania z formularzy");
      expect(html).toMatch(/<dt>Wnioski leasingowe<\/dt><dd[^>]*>1<\/dd>/);
      expect(html).toContain("Poproś o usunięcie danych");
      // The download buttons post to this link's own /pobierz (a relative address once lost the token).
      expect(html).toContain(`action="${link}/pobierz"`);
    }
    const [row] = await server.services.db.select().from(privacyRequests);
    expect(row).toMatchObject({ downloadedAt: null, erasureRequestedAt: null });
    expect(await auditOf("privacy.access")).toEqual([]);
    expect((await fetch(`${server.url}${link}/pobierz`, { redirect: "manual" })).status).toBe(302);

    const json = await post(`${link}/pobierz`, { format: "json" });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toBe('attachment; filename="moje-dane.json"');
    const data = await json.json();
    expect(data.Leads).toEqual([expect.objectContaining({ MessageBody: "Pytanie: moje" })]);
    expect(data.Alerts).toEqual([expect.objectContaining({ Makes: ["Toyota"] })]);
    expect(data.Chats[0].Messages).toEqual([expect.objectContaining({ Text: "Czat: moje" })]);
    expect(data.LeaseApplications).toEqual([
      expect.objectContaining({
        Car: expect.objectContaining({ MakeModel: "Škoda Superb" }),
        Documents: [expect.objectContaining({ FileName: "bilans.pdf" })],
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain("cudze");
    expect(JSON.stringify(data)).not.toContain("Kia cudza");
    const csv = await post(`${link}/pobierz`, { format: "csv" });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const csvText = await csv.text();
    expect(csvText).toContain("Zapytania z formularzy;1;Treść wiadomości;Pytanie: moje");
    expect(csvText).toContain("Wnioski leasingowe;1;Dokumenty › 1 › Nazwa pliku;bilans.pdf");
    expect(await auditOf("privacy.access")).toHaveLength(2);

    expect((await fetch(`${server.url}/moje-dane/nieznany-link`)).status).toBe(404);
    // The form's page, and the privacy policy pointing to it.
    const form = await fetch(`${server.url}/moje-dane`);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain("Wyślij link");
    expect(formHtml).toMatch(/<link rel="canonical" href="[^"]*\/moje-dane"/);
    expect(await (await fetch(`${server.url}/polityka-prywatnosci`)).text()).toContain('href="/moje-dane"');
  });

  it("answers the same for an address without data, and sends at most three links a day", async () => {
    for (let i = 0; i < 4; i++) expect((await ask("nikt@example.com")).status).toBe(200);
    expect(await mails("nikt@example.com")).toHaveLength(3);
    const bad = await ask("to nie adres");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      ErrorCode: 1,
      ErrorMessage: "Pole Email: Email jest nieprawidłowy",
    });
  });
});

describe("an erasure asked for by e-mail", () => {
  it("queues an erasure with its one-month deadline; an admin completes it and the system erases", async () => {
    await leaveTraces("anna.nowak@example.com", "do usunięcia");
    await leaveTraces("piotr.zostaje@example.com", "zostaje");
    const { db } = server.services;
    const refused = await insertLeaseApplication(db, { email: "anna.nowak@example.com", status: "refused" });
    const contract = await insertLeaseApplication(db, {
      email: "Anna.Nowak@example.com",
      status: "contract",
    });
    const kept = await insertLeaseApplication(db, { email: "piotr.zostaje@example.com" });
    await ask("anna.nowak@example.com");
    const link = await linkTo("anna.nowak@example.com");
    const asked = await post(link, { intent: "erase" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Otrzymaliśmy Twoje żądanie usunięcia tych danych");
    const [row] = await server.services.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.email, "anna.nowak@example.com"));
    expect(row.dueAt?.getTime()).toBe(oneMonthAfter(row.erasureRequestedAt ?? new Date()).getTime());
    const due = formatDate(row.dueAt ?? new Date());
    expect((await mails("anna.nowak@example.com")).map((m) => m.text).join()).toContain(
      `najpóźniej do ${due}`,
    );
    expect(await auditOf("privacy.erasure-request")).toHaveLength(1);
    // A second click changes nothing.
    await post(link, { intent: "erase" });
    expect(await auditOf("privacy.erasure-request")).toHaveLength(1);

    const sales = await panel.signedIn("sales");
    expect((await panel.send(sales.browser, "/panel/wnioski-rodo")).status).toBe(403);
    const admin = await panel.signedIn("admin");
    // The data protection address hears of it; the panel's start page counts it with its deadline.
    const told = await mails(PRIVACY_EMAIL);
    expect(told.map((m) => m.subject)).toContain(
      `Nowe żądanie usunięcia danych nr ${row.id} (termin ${due})`,
    );
    expect(told.map((m) => m.text).join()).not.toContain("anna.nowak");
    const overview = await (await panel.send(admin.browser, "/panel")).text();
    expect(overview).toContain("Wnioski RODO do realizacji");
    expect(overview).toContain(`najbliższy termin: ${due}`);
    const queue = await panel.send(admin.browser, "/panel/wnioski-rodo");
    expect(queue.status).toBe(200);
    const html = await queue.text();
    expect(html).toContain(due);
    expect(html).toMatch(/zostało dni: 3[01]/);
    expectConfirmationNaming(html, row.id, "anna.nowak@example.com");
    expect(await traces("anna.nowak@example.com")).toBe(3);

    // Erasing cannot be undone: without the reason nothing is erased.
    const unconfirmed = await panel.send(admin.browser, "/panel/wnioski-rodo", {
      intent: "complete",
      Id: String(row.id),
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Podaj powód");
    expect(await traces("anna.nowak@example.com")).toBe(3);
    const done = await panel.send(admin.browser, "/panel/wnioski-rodo", {
      intent: "complete",
      Id: String(row.id),
      Reason: "Sprawdzono: brak umów i sporów z tym klientem.",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`Wniosek nr ${row.id} zrealizowany`);
    expect(await traces("anna.nowak@example.com")).toBe(0);
    expect(await traces("piotr.zostaje@example.com")).toBe(3);
    const [after] = await server.services.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, row.id));
    expect(after).toMatchObject({
      email: "",
      erased: {
        leadsErased: 1,
        alertsErased: 1,
        chatsErased: 1,
        leaseApplicationsErased: 1,
        leaseApplicationsAnonymised: 1,
      },
    });
    // The refused application is gone; the one that became a contract stays without the person.
    const applications = await db
      .select()
      .from(leaseApplications)
      .where(inArray(leaseApplications.id, [refused, contract, kept]));
    expect(applications.map((a) => [a.id, a.email, a.applicant.Surname])).toEqual(
      expect.arrayContaining([
        [contract, "", ""],
        [kept, "piotr.zostaje@example.com", "Kowalska"],
      ]),
    );
    expect(applications).toHaveLength(2);
    expect(after.completedBy).toBe(admin.name);
    const [entry] = await auditOf("privacy.erase");
    expect(JSON.stringify(entry)).not.toContain("anna.nowak");
    expect(entry.after).toMatchObject({ reason: "Sprawdzono: brak umów i sporów z tym klientem." });
    expect((await mails("anna.nowak@example.com")).map((m) => m.subject)).toContain("Usunęliśmy Twoje dane");

    // The link now says so, and downloads nothing; completing again is refused.
    expect(await (await fetch(`${server.url}${link}`)).text()).toContain("zostały usunięte");
    expect((await post(`${link}/pobierz`, { format: "json" })).status).toBe(400);
    const again = await panel.send(admin.browser, "/panel/wnioski-rodo", {
      intent: "complete",
      Id: String(row.id),
      Reason: "Ponownie.",
    });
    expect(await again.text()).toContain("To żądanie zostało już zrealizowane.");
  });
});
