import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CALCULATOR_PROPERTIES } from "../../src/domain/calculator-defaults";
import { startOfPolishDay, todayInPoland } from "../../src/domain/polish-time";
import { seedContent } from "../../src/server/content/seed";
import { banners } from "../../src/server/db/schema/index";
import { seedCalculatorProperties } from "../../src/server/leads/calculator-store";
import { startApiServer, type TestServer } from "../support/api-server";
import { ManualClock } from "../support/manual-clock";
import { panelHttp } from "../support/panel-http";

// The back-office's banners: a banner with its pictures and days, shown on the
// public page from its first day to its last (the page cache follows), refused when a picture is not
// one or lacks its description; removal; the audit; the content role's boundary.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({ TRUST_PROXY_HOPS: "1" }, { web: true, clock });
  // The home page needs the site's texts and the calculator's settings.
  await seedContent(server.services.database);
  await seedCalculatorProperties(server.services.db, DEFAULT_CALCULATOR_PROPERTIES);
});
afterAll(() => server.close());

const { send, signedIn } = panelHttp(() => server, clock);

const png = async (colour: string) =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 1200, height: 400, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    ),
  ]);

/** A day in Poland counted from today, as the form's own check counts it (the real date). */
const polishDay = (offsetDays: number) => todayInPoland(new Date(Date.now() + offsetDays * 86_400_000));

function bannerForm(fields: Record<string, string | Blob>) {
  const form = new FormData();
  form.set("intent", "save");
  for (const [k, v] of Object.entries({ Placement: "home-slider", Position: "0", ...fields }))
    form.set(k, v as string | Blob);
  return form;
}

/** The home page as a visitor gets it, once this process has seen every committed change. */
async function homePage() {
  await server.services.changes.caughtUp(server.services.db);
  return (await fetch(`${server.url}/`)).text();
}

describe("a banner", () => {
  it("added with a picture shows on the home page from its first day and until its last", async () => {
    const content = await signedIn("content");
    const title = `Wiosenna promocja ${Date.now()}`;
    expect(await homePage()).not.toContain(title);
    const added = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({
        Title: title,
        Subtitle: "Leasing od 1 zł",
        ButtonText: "Zobacz oferty",
        RedirectTo: "/nowe-samochody",
        Image: await png("#1652c8"),
        Alt: "Niebieski samochód na tle miasta",
        StartDate: polishDay(1),
        EndDate: polishDay(2),
      }),
    );
    expect(added.status).toBe(302);
    const id = Number(/\/panel\/banery\/(\d+)\?dodano=1$/.exec(added.headers.get("location") ?? "")?.[1]);
    const [row] = await server.services.db.select().from(banners).where(eq(banners.id, id));
    expect(row.imageId).toMatch(/^[0-9a-f]{64}$/);
    // Shown from the start of its first day in Poland to the end of its last.
    expect(row.sliderStartDate?.toISOString()).toBe(startOfPolishDay(polishDay(1)).toISOString());
    expect(row.sliderEndDate?.toISOString()).toBe(startOfPolishDay(polishDay(3)).toISOString());
    // Tomorrow's banner is not shown today.
    expect(await homePage()).not.toContain(title);
    expect(await (await send(content.browser, "/panel/banery")).text()).toContain("zaplanowany");
    // Its first day comes (the catalogue reads the real time, so the day is moved, not the clock).
    await server.services.db
      .update(banners)
      .set({ sliderStartDate: new Date(Date.now() - 60_000) })
      .where(eq(banners.id, id));
    const home = await homePage();
    expect(home).toContain(title);
    expect(home).toContain(row.imageId);
    // After its last day it is gone.
    await server.services.db
      .update(banners)
      .set({ sliderEndDate: new Date(Date.now() - 1000) })
      .where(eq(banners.id, id));
    expect(await homePage()).not.toContain(title);
    const { entries } = await server.services.staff.audit({ entity: "banner", entityId: String(id) });
    expect(entries[0]).toMatchObject({ action: "banner.add", staffName: content.name });
  });

  it("edited keeps its picture unless a new one is chosen; removed, it leaves the page", async () => {
    const content = await signedIn("content");
    const title = `Aukcje tygodnia ${Date.now()}`;
    const added = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: title, Image: await png("#c81652"), Alt: "Czerwony samochód" }),
    );
    const id = Number(/(\d+)\?dodano=1$/.exec(added.headers.get("location") ?? "")?.[1]);
    const [before] = await server.services.db.select().from(banners).where(eq(banners.id, id));
    expect(await homePage()).toContain(title);
    const edited = await send(
      content.browser,
      `/panel/banery/${id}`,
      bannerForm({
        Title: `${title} – ostatnie dni`,
        KeepImage: before.imageId ?? "",
        Alt: "Czerwony samochód",
      }),
    );
    expect(await edited.text()).toContain("Zapisano baner.");
    const [after] = await server.services.db.select().from(banners).where(eq(banners.id, id));
    expect(after.imageId).toBe(before.imageId);
    expect(await homePage()).toContain(`${title} – ostatnie dni`);
    // Removing is confirmed with its reason: without one the banner stays.
    const unreasoned = await send(content.browser, `/panel/banery/${id}`, { intent: "remove", Reason: "" });
    expect(unreasoned.status).toBe(400);
    expect(await unreasoned.text()).toContain("Podaj powód");
    expect(await homePage()).toContain(title);
    const removed = await send(content.browser, `/panel/banery/${id}`, {
      intent: "remove",
      Reason: "Promocja zakończona wcześniej.",
    });
    expect(removed.headers.get("location")).toBe("/panel/banery");
    expect(await homePage()).not.toContain(title);
    const { entries } = await server.services.staff.audit({ entity: "banner", entityId: String(id) });
    expect(entries.map((e) => e.action)).toEqual(["banner.remove", "banner.change", "banner.add"]);
    expect(entries[0].after).toEqual({ reason: "Promocja zakończona wcześniej." });
  });

  it("is the content team's and the admin's: others get 403 and add nothing", async () => {
    const count = async () => (await server.services.db.select().from(banners)).length;
    const before = await count();
    for (const role of ["admin", "content", "sales", "consultant"] as const) {
      const m = await signedIn(role);
      const allowed = role === "admin" || role === "content";
      for (const path of ["/panel/banery", "/panel/banery/nowy"])
        expect((await send(m.browser, path)).status, `${role} ${path}`).toBe(allowed ? 200 : 403);
      if (allowed) continue;
      expect((await send(m.browser, "/panel/banery/nowy", bannerForm({ Title: role }))).status).toBe(403);
    }
    expect(await count()).toBe(before);
  });
});

describe("a banner for a kind of buyer", () => {
  it("is rendered marked for them, beside the other kind's; for everyone, unmarked", async () => {
    const content = await signedIn("content");
    const stamp = Date.now();
    const titles = { company: `Leasing dla firm ${stamp}`, private: `Gotówka dla Ciebie ${stamp}` };
    for (const [Audience, Title] of Object.entries(titles)) {
      const added = await send(content.browser, "/panel/banery/nowy", bannerForm({ Title, Audience }));
      expect(added.status).toBe(302);
    }
    const rows = await server.services.db.select().from(banners);
    expect(rows.find((b) => b.title === titles.private)?.audience).toBe("private");
    const list = await (await send(content.browser, "/panel/banery")).text();
    expect(list).toContain("Osoby prywatne (widok „prywatnie”)");
    // The server does not know the visitor's kept choice: both sets, each marked with whom it is for
    // (the head's script and the page's style show one from the first paint).
    const home = await homePage();
    const [forCompany, forPrivate] = home
      .split(/data-for-buyer="(?:company|private)"/)
      .slice(1, 3)
      .map((part) => part.slice(0, part.indexOf("</section>")));
    expect(home.match(/data-for-buyer="company"[\s\S]*data-for-buyer="private"/)).not.toBeNull();
    expect(forCompany).toContain(titles.company);
    expect(forCompany).not.toContain(titles.private);
    expect(forPrivate).toContain(titles.private);
    expect(forPrivate).not.toContain(titles.company);
    expect(home).toContain('document.documentElement.dataset.buyer="private"');
    // The default is everyone; one banner for both makes no marked sets.
    const edited = await send(
      content.browser,
      `/panel/banery/${rows.find((b) => b.title === titles.private)?.id}`,
      bannerForm({ Title: titles.private, Audience: "all" }),
    );
    expect(await edited.text()).toContain("Zapisano baner.");
    const rowsAfter = await server.services.db.select().from(banners);
    for (const b of rowsAfter.filter((r) => r.title === titles.company))
      expect(
        (
          await send(content.browser, `/panel/banery/${b.id}`, {
            intent: "remove",
            Reason: "Test odbiorców.",
          })
        ).status,
      ).toBe(302);
    const shared = await homePage();
    expect(shared).toContain(titles.private);
    // One set of banners for everyone: no private buyer's set beside it (what else only a company
    // reads, the auctions and the instalments' terms, stays marked as a company's).
    expect(shared).not.toContain('data-for-buyer="private"');
    const refused = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: `Nikt ${stamp}`, Audience: "nobody" }),
    );
    expect(await refused.text()).toContain("Wybierz, dla kogo jest baner");
    // The electric page shows its banners to everyone: a narrower audience there is refused.
    const electric = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: `Elektryk ${stamp}`, Placement: "electric-slider", Audience: "private" }),
    );
    expect(await electric.text()).toContain(
      "Na stronie „Mój elektryk” baner widzą wszyscy: wybierz „Wszyscy odwiedzający”",
    );
  });
});

describe("a banner form", () => {
  it("refuses what the page could not show well", async () => {
    const content = await signedIn("content");
    const notImage = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: "Zły plik", Image: new Blob(["to nie obraz"]), Alt: "Opis" }),
    );
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toContain("To nie jest obraz. Wybierz plik JPEG, PNG, WebP lub AVIF.");
    const noAlt = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: "Bez opisu", Image: await png("#000") }),
    );
    expect(await noAlt.text()).toContain("Opisz obraz dla osób, które go nie widzą");
    const halfButton = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: "Przycisk", ButtonText: "Kliknij" }),
    );
    expect(await halfButton.text()).toContain("Podaj, dokąd prowadzi przycisk");
    const badLink = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: "Link", ButtonText: "Kliknij", RedirectTo: "javascript:alert(1)" }),
    );
    expect(await badLink.text()).toContain(
      "Podaj adres strony serwisu (zaczyna się od /) albo pełny adres https://",
    );
    const backwards = await send(
      content.browser,
      "/panel/banery/nowy",
      bannerForm({ Title: "Daty", StartDate: polishDay(5), EndDate: polishDay(3) }),
    );
    expect(await backwards.text()).toContain("Koniec nie może być przed początkiem");
    expect(
      (await server.services.db.select().from(banners)).filter((b) =>
        ["Zły plik", "Bez opisu", "Przycisk", "Link", "Daty"].includes(b.title),
      ),
    ).toHaveLength(0);
  });
});
