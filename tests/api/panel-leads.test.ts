import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, outbox } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { createAuction } from "../support/auction-fixtures";
import { solvedCaptcha } from "../support/captcha";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The back-office's leads inbox and e-mail outbox over HTTP: the leads the site's
// forms store, their status and assignee, notes, the 4-hour promise, the CSV export with the page's
// filters, the outbox's delivery states and resend, the audit, and every role boundary.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1", RATE_LIMITS_SCALE: "100" }, { web: true, clock });
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);
let ip = 0;
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.8.0.${++ip}` },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { LeadId: number }).LeadId;
};

/** A question about an offer with the calculator's terms, as the offer page's form sends it. */
async function question(surname: string, offerId: number) {
  return post("Contact/SendQuestion", {
    Name: "Łucja",
    Surname: surname,
    Email: `lead-${++ip}@example.com`,
    PhoneNumber: "+48 600-700-800",
    MessageBody: '=HYPERLINK("http://zly.example") Proszę o ofertę leasingu.',
    TermsConsent: true,
    MarketingConsent: true,
    Captcha: await solvedCaptcha(server.url),
    AuctionId: offerId,
    CalculatorContactFormData: {
      IsLeasing: true,
      IsNew: false,
      Period: 36,
      Ow: 5900,
      OwPercent: 10,
      Rv: 11_800,
      RvPercent: 20,
      InstallmentPriceNetto: 1412,
      TotalFeesPercent: 113.59,
      TotalPriceBrutto: 81_000,
      AdditionalServices: ["gap"],
    },
  });
}

const callBack = (phone: string) =>
  post("FastCall/Post", { PhoneNumber: phone, ConversationTopic: "Leasing" });

describe("the leads inbox", () => {
  it("lists open leads oldest first, marks those past the 4-hour promise, and filters", async () => {
    const offer = await createAuction(server.services.db, {
      saleType: "afterLease",
      make: "Kia",
      model: "Ceed",
    });
    const early = await question("Wcześniejsza", offer);
    // It came 5 hours ago.
    await server.services.db
      .update(leads)
      .set({ createdAt: new Date(clock.now().getTime() - 5 * 3_600_000) })
      .where(eq(leads.id, early));
    const later = await callBack("601 602 603");
    const sales = await signedIn("sales");
    const page = await (await send(sales.browser, "/panel/zgloszenia")).text();
    expect(page.indexOf(`/panel/zgloszenia/${early}"`)).toBeLessThan(
      page.indexOf(`/panel/zgloszenia/${later}"`),
    );
    // The question waited 5 hours: past the promise; the call-back just came.
    expect(page.match(/po terminie 4 godzin</g)?.length).toBe(1);
    expect(page).toContain("5 godzin");

    const callBacks = await (
      await send(sales.browser, "/panel/zgloszenia?rodzaj=callBack&q=601602603")
    ).text();
    expect(callBacks).toContain(`/panel/zgloszenia/${later}"`);
    expect(callBacks).not.toContain(`/panel/zgloszenia/${early}"`);
    expect((await send(sales.browser, "/panel/zgloszenia/999999")).status).toBe(404);
  });

  it("a lead is taken, noted and closed; its page shows what the person sent; the log keeps each step", async () => {
    const sales = await signedIn("sales");
    const offer = await createAuction(server.services.db, {
      saleType: "afterLease",
      make: "Kia",
      model: "Sportage",
    });
    const id = await question("Notowana", offer);
    const path = `/panel/zgloszenia/${id}`;
    const before = await (await send(sales.browser, path)).text();
    expect(before).toContain("Kia Sportage");
    expect(before).toContain("Wpłata własna");
    expect(before).toContain("Rata miesięczna");

    expect((await send(sales.browser, path, { intent: "take" })).status).toBe(200);
    expect((await server.services.db.select().from(leads).where(eq(leads.id, id)))[0]).toMatchObject({
      status: "inProgress",
      assignedTo: sales.id,
    });
    const empty = await send(sales.browser, path, { intent: "note", Note: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Pole wymagane");
    const note = await send(sales.browser, path, {
      intent: "note",
      Note: "Dzwoniłam, oddzwoni jutro <b>rano</b>.",
    });
    expect(note.status).toBe(200);
    const close = await send(sales.browser, path, {
      intent: "change",
      Status: "closed",
      AssignedTo: String(sales.id),
    });
    expect(await close.text()).toContain("Zapisano zmiany.");
    const after = await (await send(sales.browser, path)).text();
    // A note is shown as typed, as text.
    expect(after).toContain("Dzwoniłam, oddzwoni jutro &lt;b&gt;rano&lt;/b&gt;.");
    const { entries } = await server.services.staff.audit({ entity: "lead", entityId: String(id) });
    expect(entries.map((e) => e.action)).toEqual(["lead.change", "lead.note", "lead.change"]);
    expect(entries[0]).toMatchObject({ before: { status: "inProgress" }, after: { status: "closed" } });
    // A closed lead leaves the open view.
    expect(await (await send(sales.browser, `/panel/zgloszenia?q=${id}`)).text()).not.toContain(`${path}"`);
    expect(await (await send(sales.browser, `/panel/zgloszenia?widok=closed&q=${id}`)).text()).toContain(
      `${path}"`,
    );
  });

  it("assigns only to an active sales person or admin", async () => {
    const admin = await signedIn("admin");
    const content = await signedIn("content");
    const id = await callBack("602 603 604");
    const r = await send(admin.browser, `/panel/zgloszenia/${id}`, {
      intent: "change",
      Status: "new",
      AssignedTo: String(content.id),
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("Wybierz osobę z listy.");
    expect((await server.services.db.select().from(leads).where(eq(leads.id, id)))[0].assignedTo).toBeNull();
  });

  it("exports the filtered leads as CSV that a spreadsheet opens, formulas defused", async () => {
    const sales = await signedIn("sales");
    const offer = await createAuction(server.services.db, {
      saleType: "afterLease",
      make: "Kia",
      model: "Niro",
    });
    const id = await question("Eksportowa", offer);
    const res = await send(sales.browser, "/panel/zgloszenia.csv?rodzaj=question&q=Eksportowa");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="zgloszenia-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8").trim();
    // Semicolons: Polish Excel's list separator (with commas each row landed in one column).
    expect(text.split("\r\n")[0]).toBe(
      "Nr;Rodzaj;Stan;Przyjęte;Imię i nazwisko;Telefon;E-mail;Oferta;Wiadomość;Opiekun;Kampania",
    );
    const { data } = Papa.parse<string[]>(text);
    expect(data[0]).toEqual([
      "Nr",
      "Rodzaj",
      "Stan",
      "Przyjęte",
      "Imię i nazwisko",
      "Telefon",
      "E-mail",
      "Oferta",
      "Wiadomość",
      "Opiekun",
      "Kampania",
    ]);
    expect(data).toHaveLength(2);
    expect(data[1].slice(0, 3)).toEqual([String(id), "zapytanie", "nowe"]);
    expect(data[1][4]).toBe("Łucja Eksportowa");
    expect(data[1][7]).toBe("Kia Niro");
    expect(data[1][8]).toBe('\'=HYPERLINK("http://zly.example") Proszę o ofertę leasingu.');
  });
});

describe("the e-mail outbox", () => {
  it("shows each e-mail's delivery state and sends one again", async () => {
    const admin = await signedIn("admin");
    const [failing] = await server.services.db
      .insert(outbox)
      .values({
        toAddress: "nie-dochodzi@example.com",
        subject: "Potwierdzenie zapytania",
        text: "Treść",
        attempts: 3,
        lastError: "550 mailbox unavailable",
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: outbox.id });
    const page = await (await send(admin.browser, "/panel/poczta?stan=failing")).text();
    expect(page).toContain("nie-dochodzi@example.com");
    expect(page).toContain("nie doszła (prób: 3)");
    expect(page).toContain("Odpowiedź serwera: 550 mailbox unavailable");
    // Bodies are never shown: they hold people's own links.
    expect(page).not.toContain("Treść");

    const retry = await send(admin.browser, "/panel/poczta", { intent: "resend", Id: String(failing.id) });
    expect(await retry.text()).toContain(
      `Wiadomość nr ${failing.id} do nie-dochodzi@example.com: ponawiamy wysyłkę teraz.`,
    );
    await server.services.mail.worker.wake();
    const [row] = await server.services.db.select().from(outbox).where(eq(outbox.id, failing.id));
    expect(row.sentAt).not.toBeNull();

    const copy = await send(admin.browser, "/panel/poczta", { intent: "resend", Id: String(failing.id) });
    expect(await copy.text()).toContain("jako nowa wiadomość na liście");
    const copies = await server.services.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, "nie-dochodzi@example.com"));
    expect(copies).toHaveLength(2);
    const { entries } = await server.services.staff.audit({ entity: "mail", entityId: String(failing.id) });
    expect(entries).toHaveLength(2);
    expect((await send(admin.browser, "/panel/poczta", { intent: "resend", Id: "99999999" })).status).toBe(
      404,
    );
  });
});

describe("roles", () => {
  it("open the inbox, the export and the outbox to admin and sales only; others change nothing", async () => {
    const id = await callBack("603 604 605");
    for (const role of ["admin", "sales", "content", "consultant"] as const) {
      const m = await signedIn(role);
      const allowed = role === "admin" || role === "sales";
      for (const path of [
        "/panel/zgloszenia",
        `/panel/zgloszenia/${id}`,
        "/panel/zgloszenia.csv",
        "/panel/poczta",
      ]) {
        expect((await send(m.browser, path)).status, `${role} ${path}`).toBe(allowed ? 200 : 403);
      }
      if (allowed) continue;
      for (const fields of <Record<string, string>[]>[
        { intent: "take" },
        { intent: "note", Note: "Nie moja sprawa." },
        { intent: "change", Status: "closed", AssignedTo: "" },
      ]) {
        const r = await send(m.browser, `/panel/zgloszenia/${id}`, fields);
        expect(r.status, `${role} ${fields.intent}`).toBe(403);
      }
      expect((await send(m.browser, "/panel/poczta", { intent: "resend", Id: "1" })).status).toBe(403);
    }
    const [lead] = await server.services.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({ status: "new", assignedTo: null });
    const signedOut = await send({ cookie: "", ip: "10.9.9.9" }, "/panel/zgloszenia.csv");
    expect(signedOut.status).toBe(302);
  });
});
