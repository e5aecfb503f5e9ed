import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInPoland } from "../../src/domain/polish-time";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The back-office's documents: a new version of the auction rules or the site
// rules uploaded as a PDF with the day it comes into force; the site serves it from that day; only
// real PDFs; the audit; the content role's boundary.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" }, { web: true, clock });
});
afterAll(() => server.close());

const { send, member } = panelHttp(() => server, clock);

const pdf = (text: string) => new Blob([`%PDF-1.4\n% ${text}\n%%EOF\n`], { type: "application/pdf" });

function upload(kind: string, file: Blob, effectiveFrom = "") {
  const form = new FormData();
  form.set("intent", "publish");
  form.set("Kind", kind);
  form.set("File", file, "regulamin.pdf");
  form.set("EffectiveFrom", effectiveFrom);
  return form;
}

/** A day in Poland counted from today, as the form's own check counts it (the real date). */
const polishDay = (offsetDays: number) => todayInPoland(new Date(Date.now() + offsetDays * 86_400_000));

const rulesVersion = async () =>
  ((await (await fetch(`${server.url}/api/Register`)).json()) as { AuctionRules: { Version: number } })
    .AuctionRules.Version;

describe("a new document version", () => {
  it("in force at once: the site serves it and bidders accept the new auction rules", async () => {
    const content = await member("content");
    const before = await rulesVersion();
    const r = await send(content.browser, "/panel/dokumenty", upload("auctionRules", pdf("wersja od dziś")));
    expect(r.status).toBe(200);
    expect(await r.text()).toContain(`Opublikowano regulamin aukcji w wersji ${before + 1}`);
    expect(await rulesVersion()).toBe(before + 1);
    const served = await fetch(`${server.url}/dokumenty/regulamin-aukcji.pdf`);
    expect(await served.text()).toContain("wersja od dziś");
    const { entries } = await server.services.staff.audit({
      entity: "document",
      entityId: "regulamin-aukcji",
    });
    expect(entries[0]).toMatchObject({ action: "document.publish", staffName: content.name });
  });

  it("dated ahead: waits until that day begins in Poland", async () => {
    const content = await member("content");
    const day = polishDay(3);
    const r = await send(
      content.browser,
      "/panel/dokumenty",
      upload("siteRules", pdf("od za trzy dni"), day),
    );
    expect(r.status).toBe(200);
    expect(await (await fetch(`${server.url}/dokumenty/regulamin-serwisu.pdf`)).text()).not.toContain(
      "od za trzy dni",
    );
    expect(await (await send(content.browser, "/panel/dokumenty")).text()).toContain("(zaplanowana)");
    clock.advance(4 * 86_400_000);
    expect(await (await fetch(`${server.url}/dokumenty/regulamin-serwisu.pdf`)).text()).toContain(
      "od za trzy dni",
    );
  });

  it("takes only a PDF, not empty, dated today or later", async () => {
    const content = await member("content");
    const notPdf = await send(
      content.browser,
      "/panel/dokumenty",
      upload("siteRules", new Blob(["<html>nie pdf</html>"], { type: "application/pdf" })),
    );
    expect(notPdf.status).toBe(400);
    expect(await notPdf.text()).toContain("To nie jest plik PDF. Wybierz dokument w formacie PDF.");
    const empty = await send(content.browser, "/panel/dokumenty", upload("siteRules", new Blob([])));
    expect(await empty.text()).toContain("Wybierz plik PDF");
    const past = await send(
      content.browser,
      "/panel/dokumenty",
      upload("siteRules", pdf("wczoraj"), polishDay(-1)),
    );
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Data nie może być wcześniejsza niż dzisiejsza");
    const big = await send(
      content.browser,
      "/panel/dokumenty",
      upload("siteRules", new Blob([`%PDF-1.4\n${"x".repeat(11 * 1024 * 1024)}`])),
    );
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("Plik może mieć najwyżej 10 MB");
  });

  it("is the content team's and the admin's: others get 403 and publish nothing", async () => {
    const before = await rulesVersion();
    for (const role of ["admin", "content", "sales", "consultant"] as const) {
      const m = await member(role);
      const allowed = role === "admin" || role === "content";
      expect((await send(m.browser, "/panel/dokumenty")).status, role).toBe(allowed ? 200 : 403);
      if (allowed) continue;
      const r = await send(m.browser, "/panel/dokumenty", upload("auctionRules", pdf(role)));
      expect(r.status, role).toBe(403);
    }
    expect(await rulesVersion()).toBe(before);
  });
});
