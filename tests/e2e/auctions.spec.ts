import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { type AuctionScene, startAuctionScene } from "../support/e2e-auction-server";
import { mailsTo } from "../support/e2e-outbox";
import { ownServerPort } from "../support/e2e-ports";
import { signedInPage } from "../support/e2e-sign-in";
import { screenshot } from "../support/screenshot";

/**
 * Live auction journeys with two signed-in bidders in two browser contexts, against the
 * production build on its own port (one for each project: the phone journey runs beside the desktop
 * ones) with auctions prepared in its database.
 */
let sceneDir: string;
const shots = path.join(os.tmpdir(), "auctions-shots");
/**
 * When the 'ending' auction ends, counted from the scene's start. The winner's message is live: it
 * reaches pages connected when the auction ends, so the winner's page must be open by then. The
 * journey moves the clock past the end once the page is open; until then nothing may end it, however
 * slow the machine (the first journey took up to 96 s on a loaded CI machine).
 */
const ENDS_IN_MS = 10 * 60_000;
let scene: AuctionScene;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const port = ownServerPort(test.info().project.name === "phone" ? "auctionsPhone" : "auctions");
  sceneDir = path.join(os.tmpdir(), `auctions-e2e-${port}`);
  scene = await startAuctionScene(port, sceneDir, ENDS_IN_MS);
});
test.afterAll(async () => {
  await scene?.stop();
});

const nbsp = (s: string) => s.replace(/ /g, "\u00a0");

const signedIn = (
  browser: Browser,
  who: { email: string; password: string },
  target: string,
  width?: number,
) => signedInPage(browser, scene.url, who, target, width);

/** Seconds left on an auction's countdown ("0 h 01 m 58 s"). */
async function secondsLeft(page: Page, auctionId: number): Promise<number> {
  const text =
    (await page
      .getByTestId(`auction-panel-${auctionId}`)
      .getByTestId("auction-countdown")
      .locator("strong")
      .textContent()) ?? "";
  const m = /(?:(\d+) d )?(\d+) h (\d+) m (\d+) s/.exec(text);
  if (!m) throw new Error(`not a countdown: ${text}`);
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

test("two bidders see each other's bids live, the outbid message and the last-minute extension", async ({
  browser,
}) => {
  const anna = await signedIn(browser, scene.anna, "/licytowanie");
  const piotr = await signedIn(browser, scene.piotr, "/licytowanie");
  const annaLive = anna.page.getByTestId(`auction-panel-${scene.live}`);
  const piotrLive = piotr.page.getByTestId(`auction-panel-${scene.live}`);

  await expect(annaLive.getByText(nbsp("Twoja oferta 40 000 zł została przelicytowana"))).toBeVisible();
  await expect(piotrLive.getByText(nbsp("Twoja oferta 40 250 zł jest aktualnie najwyższa"))).toBeVisible();
  await expect(
    annaLive.getByText(nbsp("Minimalna kolejna oferta: 40 500 zł"), { exact: false }),
  ).toBeVisible();
  await screenshot(anna.page, { path: path.join(shots, "licytowanie-1280-before.png"), fullPage: true });

  // Anna bids the minimum; Piotr sees it at once, without a reload.
  await annaLive.getByLabel("Twoja oferta (zł netto)").fill("40500");
  await annaLive.getByRole("button", { name: "Licytuj" }).click();
  await expect(annaLive.getByText(nbsp("Twoja oferta 40 500 zł jest aktualnie najwyższa"))).toBeVisible();
  await expect(piotrLive.getByTestId("current-price")).toHaveText(nbsp("40 500 zł netto"));
  await expect(piotrLive.getByTestId("bid-count")).toHaveText("3");
  // Piotr has not typed: his field follows the minimum next bid.
  await expect(piotrLive.getByLabel("Twoja oferta (zł netto)")).toHaveValue("40750");
  await expect(piotrLive.getByText(nbsp("Twoja oferta 40 250 zł została przelicytowana"))).toBeVisible();
  await expect(
    piotr.page
      .getByRole("alert")
      .filter({ hasText: nbsp("Twoja oferta 40 250 zł została przelicytowana. Aktualna cena: 40 500 zł.") }),
  ).toBeVisible();
  await screenshot(piotr.page, { path: path.join(shots, "licytowanie-1280-outbid.png"), fullPage: true });

  // A bid that is too low is refused with the reason, and nothing changes.
  await piotrLive.getByLabel("Twoja oferta (zł netto)").fill("40600");
  await piotrLive.getByRole("button", { name: "Licytuj" }).click();
  await expect(piotrLive.getByRole("alert")).toHaveText(
    nbsp("Oferta jest za niska. Minimalna kolejna oferta to 40 750 zł."),
  );

  // A price pasted as people write it is read as it says, never its grosze as złoty: "41 000,00 zł"
  // once became a bid of 4 100 000 zł. An amount far above the minimum is asked about first.
  await piotrLive.getByLabel("Twoja oferta (zł netto)").fill("410 000");
  await piotrLive.getByRole("button", { name: "Licytuj" }).click();
  await expect(piotrLive.getByRole("alert")).toContainText(
    "Jeśli to nie pomyłka, kliknij „Licytuj” jeszcze raz.",
  );
  await expect(piotrLive.getByTestId("current-price")).toHaveText(nbsp("40 500 zł netto"));

  // Piotr answers (the amount pasted from a price); Anna sees it.
  await piotrLive.getByLabel("Twoja oferta (zł netto)").fill("41\u00a0000,00 zł");
  await piotrLive.getByRole("button", { name: "Licytuj" }).click();
  await expect(piotrLive.getByText(nbsp("Twoja oferta 41 000 zł jest aktualnie najwyższa"))).toBeVisible();
  await expect(annaLive.getByTestId("current-price")).toHaveText(nbsp("41 000 zł netto"));
  await expect(annaLive.getByText(nbsp("Twoja oferta 40 500 zł została przelicytowana"))).toBeVisible();

  // Last-minute bid: the auction ends in under 2 minutes; Anna's bid moves the end for both.
  const before = await secondsLeft(piotr.page, scene.sniping);
  expect(before).toBeLessThan(100);
  const annaSniping = anna.page.getByTestId(`auction-panel-${scene.sniping}`);
  await annaSniping.getByLabel("Twoja oferta (zł netto)").fill("81000");
  await annaSniping.getByRole("button", { name: "Licytuj" }).click();
  await expect(annaSniping.getByText(nbsp("Twoja oferta 81 000 zł jest aktualnie najwyższa"))).toBeVisible();
  await expect.poll(() => secondsLeft(piotr.page, scene.sniping)).toBeGreaterThanOrEqual(115);
  await expect.poll(() => secondsLeft(anna.page, scene.sniping)).toBeGreaterThanOrEqual(115);
  expect(await secondsLeft(piotr.page, scene.sniping)).toBeLessThanOrEqual(120);

  await expectNoAxeViolations(anna.page);
  await expectNoAxeViolations(piotr.page);
  await anna.context.close();
  await piotr.context.close();
});

test("the auction ends and the winner finds it under /wygrane-aukcje and in the outbox", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const piotr = await signedIn(browser, scene.piotr, "/licytowanie");
  // The browser's time is moved with the server's below: the page's own clock, faked from now on.
  await piotr.page.clock.install();
  // Any of the page's hub connections: one may hand over to the next (a token refreshed as the page
  // loads opens a new connection and closes the first), and the first closed while it was awaited.
  let answered = false;
  piotr.page.on("websocket", (ws) =>
    ws.on("framereceived", (frame) => {
      if (String(frame.payload).includes('"connectionId"')) answered = true;
    }),
  );
  await piotr.page.reload();
  const ending = piotr.page.getByTestId(`auction-panel-${scene.ending}`);
  await expect(
    ending.getByTestId("auction-countdown"),
    "the page must watch before the end",
  ).not.toContainText("aukcja zakończona");
  // The winner's message goes to the connections in the person's room when the auction closes: the
  // server has put this page's connection there once it answers GetConnectionId. Moving the clock
  // before that (a page still hydrating on a loaded machine) would end the auction unheard.
  await expect.poll(() => answered).toBe(true);
  // Time moves past the end instead of the journey waiting for it: first the server's (its
  // end-of-auction job closes the auction at once and tells the connected page)...
  scene.moveClock(ENDS_IN_MS);
  await expect(
    piotr.page
      .getByRole("alert")
      .filter({ hasText: nbsp(`Gratulujemy! Twoja oferta 60 500 zł wygrała aukcję nr ${scene.ending}.`) }),
  ).toBeVisible({ timeout: 10_000 });
  // ...then the browser's, by as much, so the countdown (server time from the measured offset) ends.
  await piotr.page.clock.fastForward(ENDS_IN_MS);
  await expect(ending.getByTestId("auction-countdown")).toContainText("aukcja zakończona");
  await expect(ending.getByRole("button", { name: "Licytuj" })).toHaveCount(0);
  await expect(ending.getByText(nbsp("Twoja oferta 60 500 zł wygrała aukcję"))).toBeVisible();

  await expect
    .poll(async () => {
      const mails = await mailsTo(scene.piotr.email, { dataDir: sceneDir, until: () => true });
      return mails.map((m) => m.subject);
    })
    .toContain("Gratulujemy! Twoja oferta wygrała aukcję: Kia Sportage 2.0 TDI Style");

  await piotr.page.goto("/wygrane-aukcje");
  const won = piotr.page.getByTestId(`auction-tile-${scene.ending}`);
  await expect(won.getByRole("heading", { name: "Kia Sportage" })).toBeVisible();
  await expect(won.getByText(nbsp("60 500 zł netto"))).toBeVisible();
  await screenshot(piotr.page, { path: path.join(shots, "wygrane-1280.png"), fullPage: true });
  await expectNoAxeViolations(piotr.page);

  // Anna lost that one: not in her won auctions. (She may have won the sniping auction by now: it ends
  // about two minutes after the scene starts, with her in the lead after the first journey.)
  const anna = await signedIn(browser, scene.anna, "/wygrane-aukcje");
  const wonList = anna.page
    .getByText("Nie masz jeszcze wygranych aukcji.")
    .or(anna.page.locator('[data-testid^="auction-tile-"]'));
  await expect(wonList.first(), "her won auctions have loaded").toBeVisible();
  await expect(anna.page.getByTestId(`auction-tile-${scene.ending}`)).toHaveCount(0);
  await piotr.context.close();
  await anna.context.close();
});

test("upcoming auctions show when they start; visitors are sent to sign in", async ({ browser, page }) => {
  const anna = await signedIn(browser, scene.anna, "/wkrotce-w-sprzedazy");
  const tile = anna.page.getByTestId(`auction-tile-${scene.upcoming}`);
  await expect(tile.getByRole("heading", { name: "Škoda Superb" })).toBeVisible();
  await expect(tile.getByText("wkrótce w sprzedaży")).toBeVisible();
  await expect(tile.getByText("aukcja rozpocznie się za")).toBeVisible();
  await expect(anna.page.getByTestId(`auction-tile-${scene.live}`)).toHaveCount(0);
  await screenshot(anna.page, { path: path.join(shots, "wkrotce-1280.png"), fullPage: true });
  await expectNoAxeViolations(anna.page);

  // The offer page of a running auction carries the live panel, the history and the print button.
  await anna.page.goto(`/aukcje-samochodowe/volkswagen-passat-id-${scene.live}`);
  const panel = anna.page.getByTestId(`auction-panel-${scene.live}`);
  await expect(panel.getByTestId("current-price")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Licytuj" })).toBeVisible();
  await expect(anna.page.getByRole("heading", { name: "Historia licytacji" })).toBeVisible();
  await expect(anna.page.getByRole("cell", { name: "Ty" }).first()).toBeVisible();
  // The printed offer arrives as a PDF file named after the auction.
  const download = anna.page.waitForEvent("download");
  await anna.page.getByRole("button", { name: "Drukuj ofertę (PDF)" }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`oferta-aukcja-${scene.live}.pdf`);
  expect(
    fs
      .readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await screenshot(anna.page, { path: path.join(shots, "oferta-1280.png"), fullPage: true });
  await anna.context.close();

  await page.goto(`${scene.url}/licytowanie`);
  await expect(page).toHaveURL(/\/login\?returnTo=%2Flicytowanie$/);
});

test("bidding works on a phone", async ({ browser }) => {
  const piotr = await signedIn(browser, scene.piotr, "/licytowanie", 390);
  const live = piotr.page.getByTestId(`auction-panel-${scene.live}`);
  await expect(live.getByTestId("current-price")).toBeVisible();
  const minimum = Number((await live.getByLabel("Twoja oferta (zł netto)").inputValue()).replace(/\D/g, ""));
  await live.getByRole("button", { name: "Licytuj" }).click();
  await expect(live.getByText(nbsp(`jest aktualnie najwyższa`), { exact: false })).toBeVisible();
  expect(minimum).toBeGreaterThan(40_000);
  await screenshot(piotr.page, { path: path.join(shots, "licytowanie-390.png"), fullPage: true });
  await expectNoAxeViolations(piotr.page);
  await piotr.context.close();
});
