import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { NOTIFICATION_KINDS, WON_MAIL_ALWAYS } from "../../src/domain/account";
import { extensionText } from "../../src/domain/auctions/status";
import { parseApiDateTime } from "../../src/domain/format";
import { signIn } from "../support/auction-fixtures";
import { expectNoAxeViolations } from "../support/axe";
import { type AuctionScene, startAuctionScene } from "../support/e2e-auction-server";
import { mailsTo } from "../support/e2e-outbox";
import { ownServerPort } from "../support/e2e-ports";
import { signedInPage } from "../support/e2e-sign-in";
import { screenshot } from "../support/screenshot";

/**
 * Ended auctions' journeys on a scene of their own (its own port, e2e-ports.ts): the bidder's status
 * line comes from the server on a second device and after a reload, stale messages leave, nothing
 * covers the countdown at 390 px, every watcher sees the extension, an ended auction keeps its
 * page, reached from /wygrane-aukcje and from the winner's e-mail; and, last, a favourite auction's
 * start e-mail with its one-click unsubscribe.
 */
const port = ownServerPort("auctionsEnded");
const sceneDir = path.join(os.tmpdir(), `auctions-ended-e2e-${port}`);
const shots = path.join(os.tmpdir(), "auctions-shots");
/**
 * The scene's 'ending' auction ends this long after the scene is made; the last journey moves the
 * server's clock past it, so the first journeys never meet its end however slow the machine.
 */
const ENDS_IN_MS = 10 * 60_000;
let scene: AuctionScene;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  scene = await startAuctionScene(port, sceneDir, ENDS_IN_MS);
});
test.afterAll(async () => {
  await scene?.stop();
});

const nbsp = (s: string) => s.replace(/ /g, "\u00a0");
const livePath = () => `/aukcje-samochodowe/volkswagen-passat-id-${scene.live}`;

const signedIn = (
  browser: Browser,
  who: { email: string; password: string },
  target: string,
  width?: number,
) => signedInPage(browser, scene.url, who, target, width);

async function placeBid(panel: Locator, price: number) {
  await panel.getByLabel("Twoja oferta (zł netto)").fill(String(price));
  await panel.getByRole("button", { name: "Licytuj" }).click();
}

/** Scrolls so that the element's bottom edge is just above the bottom of the screen. */
async function toBottom(target: Locator) {
  await target.evaluate((el) => {
    window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8);
  });
}

/** A shown fixed element `a` lies over `b` (one that steps aside is not shown). */
async function covers(a: Locator, b: Locator): Promise<boolean> {
  return (await a.isVisible()) && (await overlap(a, b));
}

/** Two boxes on the screen overlap (both visible in the viewport as it is now). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && x.x + x.width > y.x && x.y < y.y + y.height && x.y + x.height > y.y;
}

test("the extension message reaches every watcher", async ({ browser }) => {
  const target = `/aukcje-samochodowe/toyota-rav4-id-${scene.sniping}`;
  const anna = await signedIn(browser, scene.anna, target);
  const piotr = await signedIn(browser, scene.piotr, target);
  const annaPanel = anna.page.getByTestId(`auction-panel-${scene.sniping}`);
  const piotrPanel = piotr.page.getByTestId(`auction-panel-${scene.sniping}`);
  await expect(piotrPanel.getByTestId("bid-count")).toHaveText("2");
  await expect(annaPanel.getByTestId("extension")).toHaveCount(0);

  // The auction ends in under 2 minutes: Anna's bid moves the end, and both see to when.
  await placeBid(annaPanel, 81_000);
  await expect(annaPanel.getByText(nbsp("Twoja oferta 81 000 zł jest aktualnie najwyższa"))).toBeVisible();
  const details = (await (
    await fetch(`${scene.url}/api/OfferDetails/Auctions?AuctionId=${scene.sniping}`)
  ).json()) as { AuctionEnd: string };
  const expected = extensionText(parseApiDateTime(details.AuctionEnd));
  expect(expected).toMatch(/^Aukcja przedłużona do \d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d$/);
  await expect(annaPanel.getByTestId("extension")).toHaveText(expected);
  await expect(piotrPanel.getByTestId("extension")).toHaveText(expected);
  await screenshot(piotr.page, { path: path.join(shots, "przedluzona-1280.png"), fullPage: true });
  await anna.context.close();
  await piotr.context.close();
});

test("the status line comes from the server: a second device, a reload; stale messages leave; a phone keeps the countdown clear", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Anna's phone never bid in this browser: the server says she was outbid, with her amount. The screen
  // is a phone's below the browser's bars; the cookie notice is answered once, as people do.
  const phone = await signedIn(browser, scene.anna, livePath(), 390);
  await phone.page.setViewportSize({ width: 390, height: 664 });
  await phone.page.getByRole("button", { name: "Akceptuję" }).click();
  const phonePanel = phone.page.getByTestId(`auction-panel-${scene.live}`);
  await expect(phonePanel.getByTestId("bidder-status")).toHaveText(
    nbsp("Twoja oferta 40 000 zł została przelicytowana"),
  );

  // She bids from her desktop; the phone follows live, and after a reload.
  const desk = await signedIn(browser, scene.anna, livePath());
  const deskPanel = desk.page.getByTestId(`auction-panel-${scene.live}`);
  await placeBid(deskPanel, 40_500);
  await expect(deskPanel.getByTestId("bidder-status")).toHaveText(
    nbsp("Twoja oferta 40 500 zł jest aktualnie najwyższa"),
  );
  await expect(phonePanel.getByTestId("bidder-status")).toHaveText(
    nbsp("Twoja oferta 40 500 zł jest aktualnie najwyższa"),
  );
  await phone.page.reload();
  await expect(phonePanel.getByTestId("bidder-status")).toHaveText(
    nbsp("Twoja oferta 40 500 zł jest aktualnie najwyższa"),
  );

  // Piotr outbids her: both her devices say so and show the message.
  const piotrToken = await signIn(scene.url, scene.piotr);
  const outbid = await fetch(`${scene.url}/api/Bidding/Bid`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${piotrToken}` },
    body: JSON.stringify({ AuctionId: scene.live, Price: 41_000 }),
  });
  expect(outbid.status).toBe(200);
  const message = nbsp("Twoja oferta 40 500 zł została przelicytowana. Aktualna cena: 41 000 zł.");
  for (const { page, panel } of [
    { page: phone.page, panel: phonePanel },
    { page: desk.page, panel: deskPanel },
  ]) {
    await expect(panel.getByTestId("bidder-status")).toHaveText(
      nbsp("Twoja oferta 40 500 zł została przelicytowana"),
    );
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  }

  // At 390 px neither the message nor the chat button covers the countdown or the bid history.
  const countdown = phonePanel.getByTestId("auction-countdown");
  const history = phone.page.getByRole("heading", { name: "Historia licytacji" });
  const alert = phone.page.getByRole("alert").filter({ hasText: message });
  const chat = phone.page.getByRole("button", { name: "Czat z konsultantem" });
  // A floating message or button covers what scrolls under it: the bottom of the screen is the test.
  for (const target of [countdown, history]) {
    await toBottom(target);
    expect(await overlap(alert, target)).toBe(false);
  }
  // The countdown at the bottom of the screen, where the chat button floats: the button steps aside.
  const [c, b] = [await countdown.boundingBox(), await chat.boundingBox()];
  if (!c || !b) throw new Error("countdown or chat button not on the screen");
  await phone.page.evaluate((by) => window.scrollBy(0, by), c.y + c.height / 2 - (b.y + b.height / 2));
  await expect(chat).toBeHidden();
  await screenshot(phone.page, { path: path.join(shots, "status-390-countdown-bottom.png") });
  await countdown.evaluate((el) => el.scrollIntoView({ block: "center" }));
  // The bid form below it may sit under the button (it steps aside for that too); shown, it never covers.
  if (await chat.isVisible()) expect(await overlap(chat, countdown)).toBe(false);
  // Further down, with nothing to keep clear under it, the button is back.
  await history.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await expect(chat).toBeVisible();
  await screenshot(phone.page, { path: path.join(shots, "status-390-outbid.png") });
  // Nothing fixed covers the auction's text or controls: at 390 px the "Zadzwoń / Napisz" bar steps
  // aside over the countdown, at 1280 px the chat button over the maximum offer's explanation.
  await toBottom(countdown);
  await expect.poll(() => covers(phone.page.getByTestId("contact-bar"), countdown)).toBe(false);
  await screenshot(phone.page, { path: path.join(shots, "status-390-countdown-contact-bar.png") });
  // Nor does the chat button cover the auction's contact above the countdown.
  const auctionMail = phone.page
    .getByRole("complementary", { name: "Cena" })
    .getByRole("link", { name: /@/ });
  await toBottom(auctionMail);
  await expect.poll(() => covers(chat, auctionMail)).toBe(false);
  await desk.page.getByRole("button", { name: "Akceptuję" }).click();
  const explanation = deskPanel.getByText("Podaj najwyższą kwotę, jaką chcesz zapłacić.", { exact: false });
  await toBottom(explanation);
  const deskChat = desk.page.getByRole("button", { name: "Czat z konsultantem" });
  await expect.poll(() => covers(deskChat, explanation)).toBe(false);
  await screenshot(desk.page, { path: path.join(shots, "status-1280-max-bid-explanation.png") });
  await expectNoAxeViolations(phone.page);

  // An auction without photos, a signed-in bidder's bid box: the page holds at desktop widths.
  await expectFitsAt(desk.page, scene.live);

  // She retakes the lead from the desktop: the stale message leaves both devices.
  await placeBid(deskPanel, 41_500);
  for (const { page, panel } of [
    { page: phone.page, panel: phonePanel },
    { page: desk.page, panel: deskPanel },
  ]) {
    await expect(panel.getByTestId("bidder-status")).toHaveText(
      nbsp("Twoja oferta 41 500 zł jest aktualnie najwyższa"),
    );
    await expect(page.getByRole("alert").filter({ hasText: message })).toHaveCount(0);
  }
  await phone.context.close();
  await desk.context.close();
});

test("an ended auction keeps its page, opened from /wygrane-aukcje and from the winner's e-mail", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const target = `/aukcje-samochodowe/kia-sportage-id-${scene.ending}`;
  const piotr = await signedIn(browser, scene.piotr, "/wygrane-aukcje");
  // The server's time moves past the end instead of the journey waiting for it; the end-of-auction job
  // has run by the time the winner's mail exists (same transaction).
  scene.moveClock(ENDS_IN_MS);
  await expect
    .poll(
      async () =>
        (await mailsTo(scene.piotr.email, { dataDir: sceneDir, until: () => true })).some((m) =>
          m.subject.startsWith("Gratulujemy"),
        ),
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);

  await piotr.page.reload();
  const tile = piotr.page.getByTestId(`auction-tile-${scene.ending}`);
  await tile.getByRole("link", { name: "Zobacz wynik aukcji" }).click();
  await expect(piotr.page).toHaveURL(new RegExp(`${target}$`));
  await expectEndedPage(piotr.page, scene.ending);
  const panel = piotr.page.getByTestId(`auction-panel-${scene.ending}`);
  await expect(panel.getByTestId("bidder-status")).toHaveText(nbsp("Twoja oferta 60 500 zł wygrała aukcję"));
  const next = panel.getByTestId("winner-next-steps");
  await expect(next.getByRole("heading", { name: "Co dalej?" })).toBeVisible();
  await expect(next).toContainText("Płatność:");
  await expect(next).toContainText("Faktura:");
  await expect(next).toContainText("Odbiór:");
  await screenshot(piotr.page, { path: path.join(shots, "zakonczona-zwyciezca-1280.png"), fullPage: true });
  await expectNoAxeViolations(piotr.page);

  // The link in the winner's e-mail opens the same page.
  const [won] = (await mailsTo(scene.piotr.email, { dataDir: sceneDir })).filter((m) =>
    m.subject.startsWith("Gratulujemy"),
  );
  const link = /Wynik aukcji i kolejne kroki: (\S+)/.exec(won.text ?? "")?.[1];
  expect(link).toBe(`${scene.url}${target}`);
  await piotr.page.goto(link ?? "");
  await expectEndedPage(piotr.page, scene.ending);

  // Anna lost it: the page says so, with no next steps; /licytowanie links to it as ended.
  const anna = await signedIn(browser, scene.anna, "/licytowanie");
  await anna.page
    .getByTestId(`auction-tile-${scene.ending}`)
    .getByRole("link", { name: "Zobacz wynik aukcji" })
    .click();
  await expectEndedPage(anna.page, scene.ending);
  const annaPanel = anna.page.getByTestId(`auction-panel-${scene.ending}`);
  await expect(annaPanel.getByTestId("bidder-status")).toHaveText(
    nbsp("Twoja oferta 60 000 zł nie wygrała aukcji"),
  );
  await expect(annaPanel.getByTestId("winner-next-steps")).toHaveCount(0);

  // Both reload their pages a quarter of an hour later, when their sign-in tokens have expired: the
  // page still comes from the server with who they are ('Ty' in the history, each one's status line).
  scene.moveClock(16 * 60_000);
  for (const [who, status] of [
    [piotr, "Twoja oferta 60 500 zł wygrała aukcję"],
    [anna, "Twoja oferta 60 000 zł nie wygrała aukcji"],
  ] as const) {
    await who.page.reload();
    await expectEndedPage(who.page, scene.ending);
    const panel = who.page.getByTestId(`auction-panel-${scene.ending}`);
    await expect(panel.getByTestId("bidder-status")).toHaveText(nbsp(status));
    await expect(who.page.getByRole("cell", { name: "Ty", exact: true })).toBeVisible();
  }
  await screenshot(anna.page, {
    path: path.join(shots, "zakonczona-przegrana-po-odswiezeniu-1280.png"),
    fullPage: true,
  });
  // The winner's ended page, without photos, at desktop widths: nothing wider than the window, no
  // figures over each other.
  await expectFitsAt(piotr.page, scene.ending);
  await piotr.context.close();

  // Saved in favourites, it shows there as ended, with its final price, and leads back to its page.
  await anna.page.getByRole("button", { name: "Dodaj do ulubionych: Kia Sportage 2.0 TDI Style" }).click();
  await anna.page.goto("/ulubione");
  const favourite = anna.page.getByRole("article").filter({ hasText: "Kia Sportage" });
  await expect(favourite).toContainText("aukcja zakończona");
  await expect(favourite).toContainText("Cena końcowa");
  await expect(favourite.getByRole("link", { name: "Zaloguj się" })).toHaveCount(0);
  await favourite.getByRole("link", { name: "Kia Sportage 2.0 TDI Style" }).click();
  await expectEndedPage(anna.page, scene.ending);
  await anna.context.close();
});

// Last: it moves the scene's time to the upcoming auction's start, a day on, past every other auction.
test("notifications mails: a favourite auction's start is e-mailed; its unsubscribe link, clicked, switches the setting off in the account", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const anna = await signedIn(browser, scene.anna, `/aukcje-samochodowe/skoda-superb-id-${scene.upcoming}`);
  // Signed in, the favourite goes to the server too (the e-mails are sent from there).
  const saved = anna.page.waitForResponse(
    (r) =>
      r.url().endsWith("/api/Favorites/Auctions") &&
      (r.request().postData() ?? "").includes(String(scene.upcoming)),
  );
  await anna.page.getByRole("button", { name: "Dodaj do ulubionych: Škoda Superb 2.0 TDI Style" }).click();
  expect((await saved).status()).toBe(200);

  // The server's time moves to a minute after the start; the notification job looks at once.
  const token = await signIn(scene.url, scene.anna);
  const upcoming = (await (
    await fetch(`${scene.url}/api/IncommingAuctions/Get`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { Auctions: { AuctionId: number; AuctionStartUtc: string }[]; ServerTime: string };
  const start = upcoming.Auctions.find((a) => a.AuctionId === scene.upcoming)!.AuctionStartUtc;
  scene.moveClock(Date.parse(start) - Date.parse(upcoming.ServerTime) + 60_000);
  const started = (m: { subject: string }) => m.subject.startsWith("Rozpoczęła się aukcja");
  const mails = await mailsTo(scene.anna.email, { dataDir: sceneDir, until: (all) => all.some(started) });
  const mail = mails.find(started)!;
  expect(mail.subject).toBe("Rozpoczęła się aukcja z Twoich ulubionych: Škoda Superb 2.0 TDI Style");
  const link = /https?:\/\/\S+\/powiadomienia\/ulubione-aukcje\/wypisanie=[0-9a-f-]{36}/.exec(mail.text)![0];
  expect(mail.headers["List-Unsubscribe"]).toBe(`<${link}>`);

  // The link asks first (a mail scanner changes nothing); the click switches the setting off.
  await anna.page.goto(new URL(link).pathname);
  const heading = anna.page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Wyłączyć powiadomienia o aukcjach z ulubionych?");
  await expectNoAxeViolations(anna.page, anna.page.getByRole("main"));
  await anna.page.getByRole("button", { name: "Wyłącz powiadomienia" }).click();
  await expect(heading).toHaveText("Powiadomienia o aukcjach z ulubionych zostały wyłączone");
  await screenshot(anna.page, { path: path.join(shots, "wypisanie-z-powiadomien-1280.png"), fullPage: true });
  await anna.page.getByRole("link", { name: "Ustawienia konta" }).click();
  await expect(anna.page.getByRole("checkbox", { name: NOTIFICATION_KINDS.AuctionStart })).not.toBeChecked();
  await expect(anna.page.getByRole("checkbox", { name: NOTIFICATION_KINDS.Outbid })).toBeChecked();
  // No box for the won auction's e-mail (it always goes), and the page says so.
  await expect(anna.page.getByRole("checkbox", { name: "gdy wygram aukcję" })).toHaveCount(0);
  await expect(anna.page.getByText(WON_MAIL_ALWAYS)).toBeVisible();
  await anna.context.close();
});

/**
 * At 1024, 1280 and 1920 px the auction's page is no wider than the window (a stretched photo
 * placeholder and the header's row once made it 1 707 px at 1024) and its price and count do not overlap.
 */
async function expectFitsAt(page: Page, auctionId: number) {
  const panel = page.getByTestId(`auction-panel-${auctionId}`);
  for (const width of [1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    expect(await overlap(panel.getByTestId("current-price"), panel.getByTestId("bid-count"))).toBe(false);
    await screenshot(page, { path: path.join(shots, `aukcja-${auctionId}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The ended auction's page: the result, 'aukcja zakończona' with the end, the history, no bidding. */
async function expectEndedPage(page: Page, auctionId: number) {
  const panel = page.getByTestId(`auction-panel-${auctionId}`);
  await expect(panel.getByTestId("auction-countdown")).toContainText("aukcja zakończona");
  await expect(panel.getByTestId("auction-result")).toHaveText("Wynik aukcji: samochód sprzedany.");
  await expect(panel.getByTestId("current-price")).toHaveText(nbsp("60 500 zł netto"));
  await expect(panel.getByTestId("bid-count")).toHaveText("2");
  await expect(panel.getByRole("button", { name: "Licytuj" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Historia licytacji" })).toBeVisible();
  await expect(
    page
      .getByRole("cell", { name: "Licytujący 1" })
      .or(page.getByRole("cell", { name: "Ty" }))
      .first(),
  ).toBeVisible();
}
