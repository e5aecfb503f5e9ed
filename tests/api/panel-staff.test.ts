import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffAudit, staffMembers } from "../../src/server/db/schema/index";
import { totpAt } from "../../src/server/staff/totp";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";
import { type Browser, panelHttp } from "../support/panel-http";
import { withinOneWindow } from "../support/rate-limit";

// The back-office's staff over HTTP: the two-step sign-in with its cookie, every role
// boundary of the panel's screens and actions, a POST from another site, wrong and replayed codes,
// recovery codes, the sign-in limit, blocking, idle sessions and the audit log. Production build.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" }, { web: true, clock });
});
afterAll(() => server.close());

const { send, member, freshIp } = panelHttp(() => server, clock);

/** A second sign-in of a member on a new browser, up to the code step. */
async function passwordStep(m: { email: string; password: string }) {
  const browser: Browser = { cookie: "", ip: freshIp() };
  const r = await send(browser, "/panel/logowanie", {
    intent: "sign-in",
    Email: m.email,
    Password: m.password,
  });
  expect(r.headers.get("location")).toBe("/panel/logowanie/kod");
  return browser;
}

describe("signing in to the panel", () => {
  it("takes the password, then the app's code; the cookie is HttpOnly and SameSite=Strict; pages are private and noindex", async () => {
    const sales = await member("sales");
    const browser: Browser = { cookie: "", ip: freshIp() };
    const first = await send(browser, "/panel/logowanie", {
      intent: "sign-in",
      Email: sales.email.toUpperCase(),
      Password: sales.password,
    });
    expect(first.status).toBe(302);
    expect(first.headers.get("set-cookie")).toMatch(
      /^panel_session=[\w-]+; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    // Between the password and the code, the panel stays shut.
    expect((await send(browser, "/panel")).headers.get("location")).toBe(
      "/panel/logowanie?returnTo=%2Fpanel",
    );
    clock.advance(31_000);
    const code = await send(browser, "/panel/logowanie/kod", {
      intent: "code",
      Code: await totpAt(sales.secret, clock.now()),
    });
    expect(code.headers.get("location")).toBe("/panel");
    const overview = await send(browser, "/panel");
    expect(overview.status).toBe(200);
    expect(overview.headers.get("cache-control")).toBe("private, no-store");
    expect(overview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    // The way in is the back-office's too: private and noindex, a set-password link without a Referer.
    for (const path of ["/panel/logowanie", "/panel/ustaw-haslo/nieznany-token"]) {
      const page = await send({ cookie: "", ip: freshIp() }, path);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
      expect(page.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
    const setPassword = await send({ cookie: "", ip: freshIp() }, "/panel/ustaw-haslo/nieznany-token");
    expect(setPassword.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await overview.text()).toContain("Zgłoszenia dziś");
  });

  it("refuses a wrong password with one message for an unknown address too", async () => {
    const sales = await member("sales");
    const browser: Browser = { cookie: "", ip: freshIp() };
    for (const Email of [sales.email, "nikt@flotis.example"]) {
      const r = await send(browser, "/panel/logowanie", {
        intent: "sign-in",
        Email,
        Password: "ZleHaslo2026",
      });
      expect(r.status).toBe(401);
      expect(await r.text()).toContain("Nieprawidłowy e-mail lub hasło.");
    }
  });

  it("takes each app code once, a recovery code once, and ends the sign-in after 5 wrong codes", async () => {
    const m = await member("content");
    clock.advance(31_000);
    const code = await totpAt(m.secret, clock.now());
    const first = await passwordStep(m);
    expect((await send(first, "/panel/logowanie/kod", { intent: "code", Code: code })).status).toBe(302);
    // The same code seen over a shoulder does not open a second session.
    const second = await passwordStep(m);
    const replay = await send(second, "/panel/logowanie/kod", { intent: "code", Code: code });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("Nieprawidłowy kod.");

    // A recovery code, from a fresh set, works once.
    const [recovery] = await server.services.staff.sessions.renewRecoveryCodes(m);
    expect(
      (await send(second, "/panel/logowanie/kod", { intent: "code", Code: recovery.toUpperCase() })).status,
    ).toBe(302);
    const third = await passwordStep(m);
    // Spent: said so, typed with a space instead of the dash as people copy it.
    const spent = await send(third, "/panel/logowanie/kod", {
      intent: "code",
      Code: recovery.replace("-", " "),
    });
    expect(spent.status).toBe(400);
    expect(await spent.text()).toContain("Nieprawidłowy kod zapasowy albo kod już użyty");

    for (let i = 0; i < 3; i++)
      expect((await send(third, "/panel/logowanie/kod", { intent: "code", Code: "123456" })).status).toBe(
        400,
      );
    const fifth = await send(third, "/panel/logowanie/kod", { intent: "code", Code: "123456" });
    expect(fifth.headers.get("location")).toBe("/panel/logowanie?kody=za-duzo");
    expect(await (await send(third, "/panel/logowanie?kody=za-duzo")).text()).toContain(
      "Zbyt wiele nieprawidłowych kodów. Zaloguj się ponownie.",
    );
    expect((await send(third, "/panel/logowanie/kod")).headers.get("location")).toBe("/panel/logowanie");
  });

  it("limits sign-in attempts per address", async () => {
    withinOneWindow(clock);
    const browser: Browser = { cookie: "", ip: freshIp() };
    const attempt = () =>
      send(browser, "/panel/logowanie", {
        intent: "sign-in",
        Email: "ktos@flotis.example",
        Password: "Haslo12345X",
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(
      /Zbyt wiele prób logowania w krótkim czasie\. Spróbuj ponownie za \d+ min\./,
    );
  });

  it("counts only failed sign-ins: an office of many staff behind one address is not locked out", async () => {
    const m = await member("sales");
    withinOneWindow(clock);
    const office = freshIp();
    const signIn = (Password: string) =>
      send({ cookie: "", ip: office }, "/panel/logowanie", { intent: "sign-in", Email: m.email, Password });
    // Twelve people of the office signing in one morning, more than the limit of 10.
    for (let i = 0; i < 12; i++)
      expect((await signIn(m.password)).headers.get("location")).toBe("/panel/logowanie/kod");
    // Failures still count: after 10 the address waits, even for the right password.
    for (let i = 0; i < 10; i++) expect((await signIn("ZleHaslo2026")).status).toBe(401);
    expect((await signIn(m.password)).status).toBe(429);
    // 23 password hashes: on a busy 2-core machine longer than the default 30 s.
  }, 120_000);

  it("ends a signed-in session after 2 hours without a request", async () => {
    const m = await member("sales");
    expect((await send(m.browser, "/panel")).status).toBe(200);
    clock.advance(2 * 3600_000 + 60_000);
    expect((await send(m.browser, "/panel")).headers.get("location")).toBe(
      "/panel/logowanie?returnTo=%2Fpanel",
    );
  });
});

describe("roles", () => {
  const adminOnly = ["/panel/pracownicy", "/panel/dziennik", "/panel/marki"];

  it("open the overview and the own account to every role, staff and the log to the admin only", async () => {
    for (const role of ["admin", "sales", "content", "consultant"] as const) {
      const m = await member(role);
      expect((await send(m.browser, "/panel")).status, role).toBe(200);
      expect((await send(m.browser, "/panel/konto")).status, role).toBe(200);
      expect((await send(m.browser, `/panel/pracownicy/${m.id}`)).status, role).toBe(
        role === "admin" ? 200 : 403,
      );
      for (const path of adminOnly) {
        const r = await send(m.browser, path);
        expect(r.status, `${role} ${path}`).toBe(role === "admin" ? 200 : 403);
        if (role !== "admin") expect(await r.text()).toContain("Twoja rola nie pozwala na tę czynność.");
      }
    }
  });

  it("refuse the admin's actions to everyone else, and change nothing", async () => {
    const sales = await member("sales");
    const target = await member("content");
    const add = await send(sales.browser, "/panel/pracownicy", {
      intent: "add",
      Name: "Ktoś Nowy",
      Email: "nowy@flotis.example",
      Role: "admin",
    });
    expect(add.status).toBe(403);
    const change = await send(sales.browser, `/panel/pracownicy/${target.id}`, {
      intent: "change",
      Role: "admin",
      Active: "on",
    });
    expect(change.status).toBe(403);
    const reset = await send(sales.browser, `/panel/pracownicy/${target.id}`, { intent: "reset" });
    expect(reset.status).toBe(403);
    const emails = (await server.services.staff.members.list()).map((m) => m.email);
    expect(emails).not.toContain("nowy@flotis.example");
    expect((await server.services.staff.members.get(target.id))?.role).toBe("content");
  });

  it("refuse a POST from another site even with the admin's cookie", async () => {
    const admin = await member("admin");
    const r = await send(
      admin.browser,
      "/panel/pracownicy",
      { intent: "add", Name: "Ktoś Obcy", Email: "obcy@flotis.example", Role: "admin" },
      "https://obca-strona.example",
    );
    // React Router refuses an action whose Origin is not the page's own.
    expect(r.status).toBe(400);
    expect((await server.services.staff.members.list()).map((m) => m.email)).not.toContain(
      "obcy@flotis.example",
    );
  });

  it("an admin's change ends the member's sessions and is in the log with before and after", async () => {
    const admin = await member("admin");
    const sales = await member("sales");
    expect((await send(sales.browser, "/panel")).status).toBe(200);
    const r = await send(admin.browser, `/panel/pracownicy/${sales.id}`, {
      intent: "change",
      Role: "content",
      Active: "on",
    });
    expect(r.status).toBe(200);
    expect((await send(sales.browser, "/panel")).status).toBe(302);
    const [entry] = await server.services.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.entityId, String(sales.id)))
      .orderBy(staffAudit.id)
      .then((rows) => rows.filter((e) => e.action === "staff.change"));
    expect(entry).toMatchObject({
      staffId: admin.id,
      entity: "staff",
      before: { role: "sales", active: true },
      after: { role: "content", active: true },
    });
    // An admin cannot lock themself out.
    const self = await send(admin.browser, `/panel/pracownicy/${admin.id}`, {
      intent: "change",
      Role: "sales",
      Active: "on",
    });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("Nie możesz odebrać sobie roli administratora");
  });

  it("a blocked member cannot sign in", async () => {
    const admin = await member("admin");
    const sales = await member("sales");
    const blocked = await send(admin.browser, `/panel/pracownicy/${sales.id}`, {
      intent: "change",
      Role: "sales",
      Reason: "Odejście z firmy.",
    });
    expect(blocked.status).toBe(200);
    const browser: Browser = { cookie: "", ip: freshIp() };
    const r = await send(browser, "/panel/logowanie", {
      intent: "sign-in",
      Email: sales.email,
      Password: sales.password,
    });
    expect(r.status).toBe(403);
    expect(await r.text()).toContain("Twoje konto w panelu jest zablokowane.");
  });
});

describe("taking a member's access away", () => {
  it("blocks a member and resets one's access only with the reason, which the log keeps", async () => {
    const admin = await member("admin");
    const sales = await member("sales");
    const path = `/panel/pracownicy/${sales.id}`;
    const page = await (await send(admin.browser, path)).text();
    expect(page).toContain("Powód blokady (wymagany, gdy blokujesz dostęp)");
    expect(page).toContain("Zresetować hasło i drugi składnik:");

    const noReason = await send(admin.browser, path, { intent: "change", Role: "sales" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Podaj powód blokady: trafi do dziennika zmian.");
    expect((await server.services.staff.members.get(sales.id))?.active).toBe(true);
    // A change of role alone needs no reason.
    const role = await send(admin.browser, path, { intent: "change", Role: "content", Active: "on" });
    expect(role.status).toBe(200);

    const blocked = await send(admin.browser, path, {
      intent: "change",
      Role: "content",
      Reason: "Telefon służbowy skradziony.",
    });
    expect(blocked.status).toBe(200);
    expect((await server.services.staff.members.get(sales.id))?.active).toBe(false);

    const resetNoReason = await send(admin.browser, path, { intent: "reset", Reason: " " });
    expect(resetNoReason.status).toBe(400);
    expect(await resetNoReason.text()).toContain("Podaj powód");
    const [stillSet] = await server.services.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.id, sales.id));
    expect(stillSet.passwordHash).not.toBeNull();
    const reset = await send(admin.browser, path, {
      intent: "reset",
      Reason: "Zgubiony telefon z aplikacją.",
    });
    expect(reset.status).toBe(200);
    const [cleared] = await server.services.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.id, sales.id));
    expect(cleared).toMatchObject({ passwordHash: null, totpSecret: null });

    const entries = await server.services.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.entityId, String(sales.id)))
      .orderBy(staffAudit.id);
    const changes = entries.filter((e) => e.action === "staff.change");
    expect(changes.at(-1)).toMatchObject({
      before: { active: true },
      after: { active: false, reason: "Telefon służbowy skradziony." },
    });
    expect(changes.at(-2)?.after).not.toHaveProperty("reason");
    expect(entries.find((e) => e.action === "staff.reset")).toMatchObject({
      after: { reason: "Zgubiony telefon z aplikacją." },
    });
    const log = await (await send(admin.browser, path)).text();
    expect(log).toContain("powód: Zgubiony telefon z aplikacją.");
  });
});
