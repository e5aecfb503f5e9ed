import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notifications } from "../../src/domain/account";
import { formatDateTime } from "../../src/domain/format";
import { BidderNotifications, ENDS_SOON_MS, weeklySlot } from "../../src/server/auctions/notifications";
import { offers, users } from "../../src/server/db/schema/index";
import type { OutboxRow } from "../../src/server/mail/outbox";
import { startApiServer, type TestServer } from "../support/api-server";
import { type Bidder, createAuction, createBidder, signIn } from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";

// The e-mails a bidder's notification settings promise (ADR 051): a favourite auction's start and
// last hour ("AuctionStart"), the Monday list of new auctions ("NewAuctions"), each once per person,
// and each with a one-click unsubscribe of its setting whose page changes nothing until clicked.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The clock moves only when a test says so, and the notification job runs only when a test calls it.
const clock = new ManualClock();
let server: TestServer;
const db = () => server.services.db;
const notices = () => server.services.auctions.notifications;

beforeAll(async () => {
  server = await startApiServer(
    { ALERTS_DIGEST_INTERVAL_MINUTES: "0", BIDDER_NOTICES_POLL_MS: "600000" },
    { web: true, clock },
  );
}, 120_000);
afterAll(() => server?.close());

const mailsTo = async (email: string): Promise<OutboxRow[]> => {
  await server.services.mail.worker.wake();
  return (await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(email)}`)).json();
};
const withSubject = async (email: string, start: string) =>
  (await mailsTo(email)).filter((m) => m.subject.startsWith(start));

/** Calls the API as the bidder, signed in afresh (the clock may have outrun an earlier token). */
async function asBidder(b: Bidder, method: string, path: string, body?: unknown) {
  const token = await signIn(server.url, b);
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Record<string, unknown>;
}
const notificationsOf = async (b: Bidder) =>
  (await asBidder(b, "GET", "/api/Account")).Notifications as Notifications;
const setNotifications = (b: Bidder, change: Partial<Notifications>) =>
  asBidder(b, "PUT", "/api/Account/UpdateNotifications", {
    AuctionStart: true,
    Outbid: true,
    AuctionWon: true,
    NewAuctions: false,
    ...change,
  });
const favourite = (b: Bidder, ids: number[]) =>
  asBidder(b, "PUT", "/api/Favorites/Auctions", { AuctionIds: ids });

/** The unsubscribe page: opened (GET), or its button clicked / a mail program's one-click POST. */
async function unsubscribePage(url: string, post?: "button" | "one-click") {
  const res = await fetch(url.replace(server.services.config.publicUrl, server.url), {
    method: post ? "POST" : "GET",
    headers: post
      ? {
          "content-type": "application/x-www-form-urlencoded",
          ...(post === "button" ? { origin: server.url } : {}),
        }
      : {},
    body: post === "one-click" ? "List-Unsubscribe=One-Click" : post ? "" : undefined,
  });
  const html = await res.text();
  return { status: res.status, h1: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "", html };
}

const headerUrl = (mail: OutboxRow) =>
  /^<(.+)>$/.exec((mail.headers as Record<string, string>)["List-Unsubscribe"])?.[1] ?? "";

async function withPhoto(auctionId: number): Promise<string> {
  const imageId = `${auctionId.toString(16).padStart(2, "0")}`.repeat(32).slice(0, 64);
  await db().execute(sql`insert into images (id, content_type, width, height, data)
    values (${imageId}, 'image/jpeg', 1280, 960, '\\x00'::bytea)`);
  await db().execute(
    sql`insert into offer_photos (offer_id, image_id, position) values (${auctionId}, ${imageId}, 0)`,
  );
  return imageId;
}

describe("a favourite auction's start and last hour (AuctionStart)", () => {
  let anna: Bidder;
  let ben: Bidder;
  let ewa: Bidder;
  let auction: number;
  let end: Date;

  beforeAll(async () => {
    anna = await createBidder(db());
    ben = await createBidder(db());
    ewa = await createBidder(db());

    const now = clock.now().getTime();
    end = new Date(now + DAY);
    auction = await createAuction(db(), {
      make: "Volvo",
      model: "V60",
      startingPrice: 40_000,
      start: new Date(now + HOUR),
      end,
    });
    await setNotifications(ben, { AuctionStart: false });
    await favourite(anna, [auction]);
    await favourite(ben, [auction]);
  });

  it("goes once, at the start, to each favouriter with the setting on, with the price netto and brutto, the end and a one-click unsubscribe", async () => {
    await notices().sendDue();
    expect(await withSubject(anna.email, "Rozpoczęła się aukcja")).toHaveLength(0);

    clock.advance(HOUR + 60_000);
    // Ewa favourites it once it is running: she saw it start, so no start e-mail for her.
    await favourite(ewa, [auction]);
    // Two server processes' passes at once: still one e-mail each.
    const second = new BidderNotifications(db(), server.services.config, server.services.mail, clock);
    await Promise.all([notices().sendDue(), second.sendDue()]);
    await notices().sendDue();

    const started = await withSubject(anna.email, "Rozpoczęła się aukcja");
    expect(started).toHaveLength(1);
    const [mail] = started;
    expect(mail.subject).toBe("Rozpoczęła się aukcja z Twoich ulubionych: Volvo V60 2.0 TDI Style");
    expect(mail.text).toContain(
      `Rozpoczęła się aukcja „Volvo V60 2.0 TDI Style” (nr ${auction}), którą masz w ulubionych. Możesz już licytować.`,
    );
    expect(mail.text).toContain("Cena wywoławcza: 40\u00a0000\u00a0zł netto (49\u00a0200\u00a0zł brutto).");
    expect(mail.text).toContain(`Koniec aukcji: ${formatDateTime(end)}.`);
    expect(mail.text).toContain(`/aukcje-samochodowe/volvo-v60-id-${auction}`);
    expect(mail.html).toContain("49\u00a0200\u00a0zł brutto");
    const unsubscribe = headerUrl(mail);
    expect(unsubscribe).toMatch(/\/powiadomienia\/ulubione-aukcje\/wypisanie=[0-9a-f-]{36}$/);
    expect((mail.headers as Record<string, string>)["List-Unsubscribe-Post"]).toBe(
      "List-Unsubscribe=One-Click",
    );
    expect(mail.text).toContain(`Wyłącz powiadomienia o aukcjach z ulubionych: ${unsubscribe}`);
    expect(mail.html).toContain(`href="${unsubscribe}"`);

    expect(await withSubject(ben.email, "Rozpoczęła się aukcja")).toHaveLength(0);
    expect(await withSubject(ewa.email, "Rozpoczęła się aukcja")).toHaveLength(0);
  });

  it("'ends soon' goes once when the last hour begins, also to one who favourited it while it ran", async () => {
    clock.advance(end.getTime() - ENDS_SOON_MS - clock.now().getTime() - 60_000);
    await notices().sendDue();
    expect(await withSubject(anna.email, "Aukcja z Twoich ulubionych wkrótce")).toHaveLength(0);

    clock.advance(2 * 60_000);
    await notices().sendDue();
    await notices().sendDue();
    const soon = await withSubject(anna.email, "Aukcja z Twoich ulubionych wkrótce");
    expect(soon).toHaveLength(1);
    expect(soon[0].subject).toBe("Aukcja z Twoich ulubionych wkrótce się kończy: Volvo V60 2.0 TDI Style");
    expect(soon[0].text).toContain(`kończy się ${formatDateTime(end)}`);
    expect(await withSubject(ewa.email, "Aukcja z Twoich ulubionych wkrótce")).toHaveLength(1);
    expect(await withSubject(ben.email, "Aukcja z Twoich ulubionych wkrótce")).toHaveLength(0);
    expect(soon[0].text).toContain("Jeśli chcesz licytować, zostało niewiele czasu.");
    // Still one start e-mail each: the start is not told again.
    expect(await withSubject(anna.email, "Rozpoczęła się aukcja")).toHaveLength(1);
  });

  it("the unsubscribe page: opening it changes nothing, a one-click POST switches the setting off, later it says so", async () => {
    const [mail] = await withSubject(anna.email, "Rozpoczęła się aukcja");
    const url = headerUrl(mail);
    const opened = await unsubscribePage(url);
    expect(opened).toMatchObject({ status: 200, h1: "Wyłączyć powiadomienia o aukcjach z ulubionych?" });
    expect(opened.html).toContain(">Wyłącz powiadomienia</button>");
    expect((await notificationsOf(anna)).AuctionStart).toBe(true);

    const switchedOff = await unsubscribePage(url, "one-click");
    expect(switchedOff).toMatchObject({
      status: 200,
      h1: "Powiadomienia o aukcjach z ulubionych zostały wyłączone",
    });
    // Done as asked: a success sign, not the error state's.
    expect(switchedOff.html).toContain('data-outcome="success"');
    expect(await notificationsOf(anna)).toEqual({
      AuctionStart: false,
      Outbid: true,
      AuctionWon: true,
      NewAuctions: false,
    });
    const alreadyOff = await unsubscribePage(url);
    expect(alreadyOff).toMatchObject({
      status: 200,
      h1: "Powiadomienia o aukcjach z ulubionych są już wyłączone",
    });
    expect(alreadyOff.html).toContain('data-outcome="success"');
    expect(await unsubscribePage(url, "button")).toMatchObject({
      status: 200,
      h1: "Powiadomienia o aukcjach z ulubionych zostały wyłączone",
    });
    const token = /wypisanie=(.+)$/.exec(url)![1];
    const base = `${server.url}/powiadomienia`;
    expect(
      (await unsubscribePage(`${base}/ulubione-aukcje/wypisanie=00000000-0000-4000-8000-000000000000`))
        .status,
    ).toBe(404);
    expect((await unsubscribePage(`${base}/ulubione-aukcje/wypisanie=nie-token`, "one-click")).status).toBe(
      404,
    );
    expect((await unsubscribePage(`${base}/wygrane-aukcje/wypisanie=${token}`)).status).toBe(404);

    // Switched off: the next favourite auction's start is not mailed to her.
    const now = clock.now().getTime();
    const next = await createAuction(db(), { start: new Date(now + HOUR), end: new Date(now + DAY) });
    await favourite(anna, [next]);
    clock.advance(HOUR + 60_000);
    await notices().sendDue();
    expect(await withSubject(anna.email, "Rozpoczęła się aukcja")).toHaveLength(1);
  });
});

describe("a favourite auction's e-mails to one who may not bid yet", () => {
  it("do not invite one whose company is verified again to bid, but say what to do first; a blocked account gets none", async () => {
    // Olga changed her company's NIP (verified again before she may bid); Bartek's account is blocked.
    const olga = await createBidder(db());
    const bartek = await createBidder(db());
    const now = clock.now().getTime();
    const auction = await createAuction(db(), { start: new Date(now + HOUR), end: new Date(now + DAY) });
    await favourite(olga, [auction]);
    await favourite(bartek, [auction]);
    await db().update(users).set({ reverificationRequestedAt: clock.now() }).where(eq(users.id, olga.id));
    await db().update(users).set({ status: "blocked" }).where(eq(users.id, bartek.id));

    clock.advance(HOUR + 60_000);
    await notices().sendDue();
    const [started] = await withSubject(olga.email, "Rozpoczęła się aukcja");
    const settings = `${server.services.config.publicUrl}/ustawienia`;
    expect(started.text).toContain(
      `Licytować możesz po zakończeniu ponownej weryfikacji danych firmy (zmieniono NIP lub nazwę firmy); poinformujemy Cię e-mailem. Sprawdź dane firmy w ustawieniach konta: ${settings}`,
    );
    expect(started.html).toContain(`<a href="${settings}"`);
    expect(`${started.text}${started.html}`).not.toContain("Możesz już licytować");

    clock.advance(DAY - ENDS_SOON_MS - HOUR);
    await notices().sendDue();
    const [soon] = await withSubject(olga.email, "Aukcja z Twoich ulubionych wkrótce");
    expect(soon.text).toContain("Sprawdź dane firmy w ustawieniach konta:");
    expect(soon.text).not.toMatch(/Jeśli chcesz licytować|Licytuj teraz/);
    expect(await mailsTo(bartek.email)).toHaveLength(0);
  });
});

describe("the Monday list of new auctions (NewAuctions)", () => {
  it("lists the past week's open auctions with photo, price netto and brutto, times and link; once a week; none in a week without new ones", async () => {
    // Every auction of the tests above has ended by then.
    clock.advance(3 * DAY);
    const monday = weeklySlot(new Date(clock.now().getTime() + 7 * DAY)).at.getTime();
    const fay = await createBidder(db());
    const gus = await createBidder(db());
    await setNotifications(fay, { NewAuctions: true });
    const auctionAt = async (model: string, published: number, start: number, endAt: number) => {
      const id = await createAuction(db(), {
        make: "Audi",
        model,
        startingPrice: 55_000,
        start: new Date(start),
        end: new Date(endAt),
      });
      await db()
        .update(offers)
        .set({ publishedAt: new Date(published) })
        .where(eq(offers.id, id));
      return id;
    };
    const fresh = await auctionAt("A4", monday - 2 * DAY, monday + DAY, monday + 3 * DAY);
    const imageId = await withPhoto(fresh);
    const old = await auctionAt("A6", monday - 8 * DAY, monday + DAY, monday + 3 * DAY);
    const nextWeek = await auctionAt("Q5", monday + HOUR, monday + 2 * DAY, monday + 10 * DAY);

    clock.advance(monday - 60_000 - clock.now().getTime());
    await notices().sendDue();
    const weekly = () => withSubject(fay.email, "Aukcje Flotis:");
    expect(await weekly()).toHaveLength(0);

    clock.advance(2 * 60_000);
    await notices().sendDue();
    clock.advance(2 * HOUR);
    await notices().sendDue();
    const [mail, ...more] = await weekly();
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe("Aukcje Flotis: 1 nowa aukcja z ostatniego tygodnia");
    expect(mail.text).toContain(`* Audi A4 2.0 TDI Style (nr ${fresh})`);
    expect(mail.text).toContain("Cena wywoławcza: 55\u00a0000\u00a0zł netto (67\u00a0650\u00a0zł brutto)");
    expect(mail.text).toContain(`Początek: ${formatDateTime(new Date(monday + DAY))}`);
    expect(mail.text).toContain(`Koniec: ${formatDateTime(new Date(monday + 3 * DAY))}`);
    expect(mail.text).toContain(`/aukcje-samochodowe/audi-a4-id-${fresh}`);
    expect(mail.text).not.toContain(`id-${old}`);
    expect(mail.text).not.toContain(`id-${nextWeek}`);
    expect(mail.html).toContain(
      `<img src="${server.services.config.publicUrl}/api/OfferImages/Get?attachmentId=${imageId}&amp;width=320&amp;height=240"`,
    );
    expect(mail.html).toContain("67\u00a0650\u00a0zł brutto");
    const unsubscribe = headerUrl(mail);
    expect(unsubscribe).toMatch(/\/powiadomienia\/nowe-aukcje\/wypisanie=[0-9a-f-]{36}$/);
    expect(mail.text).toContain(`Wyłącz powiadomienia o nowych aukcjach: ${unsubscribe}`);
    expect(await withSubject(gus.email, "Aukcje Flotis:")).toHaveLength(0);

    // The next Monday lists the auction published in its week; the one after has nothing new: no e-mail.
    clock.advance(7 * DAY);
    await notices().sendDue();
    const second = await weekly();
    expect(second).toHaveLength(2);
    expect(second[0].subject).toBe("Aukcje Flotis: 1 nowa aukcja z ostatniego tygodnia");
    expect(second[0].text).toContain(`id-${nextWeek}`);
    clock.advance(7 * DAY);
    await notices().sendDue();
    expect(await weekly()).toHaveLength(2);

    // The list's own one-click unsubscribe switches only this setting off.
    expect(await unsubscribePage(unsubscribe)).toMatchObject({
      h1: "Wyłączyć powiadomienia o nowych aukcjach?",
    });
    expect((await notificationsOf(fay)).NewAuctions).toBe(true);
    expect(await unsubscribePage(unsubscribe, "one-click")).toMatchObject({
      h1: "Powiadomienia o nowych aukcjach zostały wyłączone",
    });
    expect(await notificationsOf(fay)).toMatchObject({ NewAuctions: false, AuctionStart: true });
  });
});

describe("the outbid and exceeded-maximum e-mails (Outbid)", () => {
  it("carry a one-click unsubscribe of their setting, and after it none is sent", async () => {
    const anna = await createBidder(db());
    const ben = await createBidder(db());
    const now = clock.now().getTime();
    const auction = await createAuction(db(), { start: new Date(now - HOUR), end: new Date(now + DAY) });
    await asBidder(anna, "POST", "/api/Bidding/MaxBid", { AuctionId: auction, MaxPrice: 41_000 });
    await asBidder(ben, "POST", "/api/Bidding/Bid", { AuctionId: auction, Price: 42_000 });
    const [exceeded] = await withSubject(anna.email, "Twoja maksymalna oferta została przekroczona");
    const url = headerUrl(exceeded);
    expect(url).toMatch(/\/powiadomienia\/przelicytowanie\/wypisanie=[0-9a-f-]{36}$/);
    expect(exceeded.text).toContain(`Wyłącz powiadomienia o przelicytowaniu: ${url}`);
    expect(exceeded.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    expect(await unsubscribePage(url)).toMatchObject({
      status: 200,
      h1: "Wyłączyć powiadomienia o przelicytowaniu?",
    });
    expect((await notificationsOf(anna)).Outbid).toBe(true);
    expect(await unsubscribePage(url, "one-click")).toMatchObject({
      status: 200,
      h1: "Powiadomienia o przelicytowaniu zostały wyłączone",
    });
    expect((await notificationsOf(anna)).Outbid).toBe(false);

    // Outbid again (her new bid overtaken): no e-mail now.
    await asBidder(anna, "POST", "/api/Bidding/Bid", { AuctionId: auction, Price: 42_500 });
    await asBidder(ben, "POST", "/api/Bidding/Bid", { AuctionId: auction, Price: 43_000 });
    expect(await withSubject(anna.email, "Twoja oferta została przelicytowana")).toEqual([]);
  });
});
