import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import {
  auctionRow,
  auctionTestClient,
  bid,
  createAuction,
  createBidder,
  maxBid,
  signIn,
} from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";
import { type RegistryStandIn, startRegistryStandIn } from "../support/registry-stand-in";

// The back-office's bidder accounts over HTTP: the verification queue with the VAT
// register beside the typed data, verify and refuse with a reason (each e-mailed), block and unblock
// (error 45 meanwhile, and a blocked bidder's maximum stops bidding), the audit, every role boundary.

const clock = new ManualClock();
let server: TestServer;
let registry: RegistryStandIn;
beforeAll(async () => {
  registry = await startRegistryStandIn();
  server = await startApiServer(
    { TRUST_PROXY_HOPS: "1", COMPANY_REGISTRY_URL: registry.url },
    { web: true, clock },
  );
});
afterAll(async () => {
  await server.close();
  await registry.close();
});

const { send, signedIn } = panelHttp(() => server, clock);
const { outbox } = auctionTestClient(() => server);
const db = () => server.services.db;
const status = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

/** A company that confirmed its e-mail and waits for the check. */
const waiting = (email?: string) => createBidder(db(), { status: "pending_verification", email });

async function apiLogin(b: { email: string; password: string }) {
  const res = await fetch(`${server.url}/api/Account/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Email: b.email, Password: b.password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("the verification queue", () => {
  it("lists the companies waiting, the longest waiting first, and finds one by NIP or e-mail", async () => {
    const sales = await signedIn("sales");
    const first = await waiting(`pierwsza-${Date.now()}@firma.example`);
    const second = await waiting(`druga-${Date.now()}@firma.example`);
    const active = await createBidder(db());
    // A verified account that changed its company: back in the queue, bidding stopped meanwhile.
    await db().update(users).set({ reverificationRequestedAt: new Date() }).where(eq(users.id, active.id));
    const page = await (await send(sales.browser, "/panel/konta-klientow")).text();
    expect(page.indexOf(first.email)).toBeGreaterThan(-1);
    expect(page.indexOf(first.email)).toBeLessThan(page.indexOf(second.email));
    expect(page.indexOf(second.email)).toBeLessThan(page.indexOf(active.email));
    expect(page).toContain("zmienił dane firmy, czeka na weryfikację");

    const found = await (
      await send(sales.browser, `/panel/konta-klientow?q=${encodeURIComponent("druga-")}`)
    ).text();
    expect(found).toContain(second.email);
    expect(found).not.toContain(first.email);
    const all = await (await send(sales.browser, "/panel/konta-klientow?widok=all&q=526-025-02-74")).text();
    expect(all).toContain(first.email);

    expect((await send(sales.browser, "/panel/konta-klientow/999999")).status).toBe(404);
    expect((await send(sales.browser, "/panel/konta-klientow/abc")).status).toBe(404);
  });

  it("shows the VAT register's entry beside what the person typed, differences named", async () => {
    const sales = await signedIn("sales");
    const b = await waiting();
    const page = await (await send(sales.browser, `/panel/konta-klientow/${b.id}`)).text();
    expect(page).toContain("Rejestr VAT (biała lista Ministerstwa Finansów): status Czynny.");
    expect(page).toContain("MINISTERSTWO FINANSÓW");
    expect(page).toContain("Auto Handel Nowak sp. z o.o.");
    // The name, REGON (not typed), street and postal code differ; the NIP and the city do not.
    expect(page.match(/\(różni się\)/g)?.length).toBe(4);
    expect(registry.requests.at(-1)?.nip).toBe("5260250274");
  });
});

/** The fields of the waiting company that differ from its register entry (name, REGON, street, postal code). */
const DIFFERING = ["companyName", "regon", "street", "postalCode"];
/** The verify form with these fields ticked as checked against the register. */
function confirming(fields: string[]) {
  const form = new FormData();
  form.set("intent", "verify");
  for (const f of fields) form.append("Confirmed", f);
  return form;
}

describe("decisions on an account", () => {
  it("verify: the account becomes active, the person is e-mailed and signs in, the log says who", async () => {
    const sales = await signedIn("sales");
    const b = await waiting();
    expect((await apiLogin(b)).body).toMatchObject({ ErrorCode: 48 });
    // Each field that differs from the VAT register is confirmed, else nothing changes.
    const unconfirmed = await send(sales.browser, `/panel/konta-klientow/${b.id}`, confirming(["regon"]));
    expect(unconfirmed.status).toBe(400);
    const refusedPage = await unconfirmed.text();
    expect(refusedPage).toContain(
      "Potwierdź każde pole, które różni się od rejestru VAT: Nazwa firmy, Ulica i numer, Kod pocztowy.",
    );
    expect((await status(b.id)).status).toBe("pending_verification");
    const page = await (await send(sales.browser, `/panel/konta-klientow/${b.id}`)).text();
    expect(page.match(/name="Confirmed"/g)?.length).toBe(4);
    expect(page).toContain("Potwierdzam: Ulica i numer");
    const r = await send(sales.browser, `/panel/konta-klientow/${b.id}`, confirming(DIFFERING));
    expect(r.status).toBe(200);
    expect(await r.text()).toContain(`Konto jest aktywne. Wysłaliśmy e-mail na adres ${b.email}.`);
    expect((await status(b.id)).status).toBe("active");
    expect((await outbox(b.email))[0].subject).toMatch(/jest aktywne/);
    expect((await apiLogin(b)).status).toBe(200);
    const { entries } = await server.services.staff.audit({ entity: "bidder", entityId: String(b.id) });
    expect(entries).toMatchObject([
      {
        action: "bidder.verify",
        staffName: sales.name,
        before: { status: "awaiting" },
        after: { status: "active", confirmedDifferences: "Nazwa firmy, REGON, Ulica i numer, Kod pocztowy" },
      },
    ]);
    const queue = await (await send(sales.browser, "/panel/konta-klientow")).text();
    expect(queue).not.toContain(b.email);
  });

  it("refuse: asks for a reason, e-mails it, and the person's sign-in says why it does not work", async () => {
    const sales = await signedIn("sales");
    const b = await waiting();
    const empty = await send(sales.browser, `/panel/konta-klientow/${b.id}`, {
      intent: "refuse",
      Reason: "",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Pole wymagane");
    const short = await send(sales.browser, `/panel/konta-klientow/${b.id}`, {
      intent: "refuse",
      Reason: "zły",
    });
    expect(await short.text()).toContain("Opisz powód w pełnym zdaniu");
    expect((await status(b.id)).verificationRefusedAt).toBeNull();

    const reason = "NIP należy do innej firmy niż podana w formularzu.";
    const r = await send(sales.browser, `/panel/konta-klientow/${b.id}`, {
      intent: "refuse",
      Reason: reason,
    });
    expect(r.status).toBe(200);
    const [mail] = await outbox(b.email);
    expect(mail.subject).toBe("Nie zweryfikowaliśmy danych firmy w serwisie Flotis");
    expect(mail.text).toContain(reason);
    expect((await apiLogin(b)).body).toMatchObject({
      ErrorCode: 48,
      ErrorMessage: expect.stringContaining("Nie zweryfikowaliśmy danych firmy"),
    });
    expect(await (await send(sales.browser, "/panel/konta-klientow")).text()).not.toContain(b.email);
    const refused = await (await send(sales.browser, "/panel/konta-klientow?widok=refused")).text();
    expect(refused).toContain(b.email);
    // A second refusal of the same request is refused: nothing waits any more.
    const again = await send(sales.browser, `/panel/konta-klientow/${b.id}`, {
      intent: "refuse",
      Reason: reason,
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("To konto nie czeka na weryfikację.");
    // Staff may still verify after a phone call.
    await send(sales.browser, `/panel/konta-klientow/${b.id}`, confirming(DIFFERING));
    expect(await status(b.id)).toMatchObject({ status: "active", verificationRefusedAt: null });
  });

  it("block: every API call answers error 45 and the bidder's maximum stops bidding; unblock restores the account", async () => {
    const admin = await signedIn("admin");
    const anna = await createBidder(db());
    const piotr = await createBidder(db());
    const annaToken = await signIn(server.url, anna);
    const piotrToken = await signIn(server.url, piotr);
    const auction = await createAuction(db(), { startingPrice: 40_000 });
    expect((await maxBid(server.url, annaToken, { AuctionId: auction, MaxPrice: 50_000 })).status).toBe(200);

    const r = await send(admin.browser, `/panel/konta-klientow/${anna.id}`, {
      intent: "block",
      Reason: "Konto użyte do licytacji w cudzym imieniu.",
    });
    expect(r.status).toBe(200);
    expect((await outbox(anna.email))[0].subject).toBe("Twoje konto w serwisie Flotis zostało zablokowane");
    const blocked = await fetch(`${server.url}/api/Account`, {
      headers: { authorization: `Bearer ${annaToken}` },
    });
    expect(blocked.status).toBe(401);
    expect(await blocked.json()).toMatchObject({ ErrorCode: 45 });
    expect((await apiLogin(anna)).body).toMatchObject({ ErrorCode: 45 });

    // Piotr outbids Anna's standing bid; her maximum of 50 000 no longer answers.
    const leading = (await auctionRow(db(), auction)).currentPrice ?? 0;
    const piotrBid = await bid(server.url, piotrToken, { AuctionId: auction, Price: leading + 500 });
    expect(piotrBid.status).toBe(200);
    const after = await auctionRow(db(), auction);
    expect(after.leaderUserId).toBe(piotr.id);
    expect(after.currentPrice).toBe(leading + 500);

    expect((await send(admin.browser, `/panel/konta-klientow?widok=blocked`)).status).toBe(200);
    const unblock = await send(admin.browser, `/panel/konta-klientow/${anna.id}`, { intent: "unblock" });
    expect(unblock.status).toBe(200);
    expect((await status(anna.id)).status).toBe("active");
    expect((await apiLogin(anna)).status).toBe(200);
    // Told as the block was: the account works again.
    const lifted = (await outbox(anna.email)).find((m) => m.subject.includes("odblokowane"));
    expect(lifted?.subject).toBe("Twoje konto w serwisie Flotis zostało odblokowane");
    expect(lifted?.text).toContain("odblokowaliśmy Twoje konto. Możesz znów się zalogować i licytować");
    expect(lifted?.text).toContain("/login");
    const { entries } = await server.services.staff.audit({ entity: "bidder", entityId: String(anna.id) });
    expect(entries.map((e) => e.action)).toEqual(["bidder.unblock", "bidder.block"]);
    expect(entries[1].after).toMatchObject({
      status: "blocked",
      reason: "Konto użyte do licytacji w cudzym imieniu.",
    });
  });
});

describe("roles", () => {
  it("open the accounts to admin and sales only; the others' decisions are refused with 403 and change nothing", async () => {
    const b = await waiting();
    for (const role of ["admin", "sales", "content", "consultant"] as const) {
      const m = await signedIn(role);
      const allowed = role === "admin" || role === "sales";
      for (const path of ["/panel/konta-klientow", `/panel/konta-klientow/${b.id}`]) {
        const r = await send(m.browser, path);
        expect(r.status, `${role} ${path}`).toBe(allowed ? 200 : 403);
      }
      if (allowed) continue;
      for (const fields of <Record<string, string>[]>[
        { intent: "verify" },
        { intent: "refuse", Reason: "Dane firmy się nie zgadzają z rejestrem." },
        { intent: "block", Reason: "Dane firmy się nie zgadzają z rejestrem." },
      ]) {
        const r = await send(m.browser, `/panel/konta-klientow/${b.id}`, fields);
        expect(r.status, `${role} ${fields.intent}`).toBe(403);
        expect(await r.text()).toContain("Twoja rola nie pozwala na tę czynność.");
      }
      expect(await status(b.id)).toMatchObject({
        status: "pending_verification",
        verificationRefusedAt: null,
      });
    }
    // The overview points the roles that may verify to the queue.
    const sales = await signedIn("sales");
    expect(await (await send(sales.browser, "/panel")).text()).toContain("Otwórz kolejkę weryfikacji");
    const content = await signedIn("content");
    expect(await (await send(content.browser, "/panel")).text()).not.toContain("Otwórz kolejkę weryfikacji");
  });

  it("refuses a signed-out visitor: the list sends to the sign-in, a decision changes nothing", async () => {
    const b = await waiting();
    const anonymous = { cookie: "", ip: "10.9.0.1" };
    expect((await send(anonymous, "/panel/konta-klientow")).headers.get("location")).toMatch(
      /^\/panel\/logowanie/,
    );
    const r = await send(anonymous, `/panel/konta-klientow/${b.id}`, { intent: "verify" });
    expect([302, 401, 403]).toContain(r.status);
    expect((await status(b.id)).status).toBe("pending_verification");
  });
});
