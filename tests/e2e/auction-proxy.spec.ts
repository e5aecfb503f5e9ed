import os from "node:os";
import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import { offerPath } from "../../src/domain/catalogue/offer-url";
import { expectNoAxeViolations } from "../support/axe";
import { type AuctionScene, startAuctionScene } from "../support/e2e-auction-server";
import { mailsTo } from "../support/e2e-outbox";
import { ownServerPort } from "../support/e2e-ports";
import { signedInPage } from "../support/e2e-sign-in";
import { screenshot } from "../support/screenshot";

/**
 * A proxy-bid war (maksymalna oferta) between two signed-in bidders in two browsers, against
 * the production build on its own port with auctions prepared in its database.
 */
const port = ownServerPort("auctionProxy");
const sceneDir = path.join(os.tmpdir(), `auction-proxy-e2e-${port}`);
let scene: AuctionScene;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  scene = await startAuctionScene(port, sceneDir, 30 * 60_000);
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

test("a proxy-bid war between two browsers", async ({ browser }) => {
  // Piotr leads the Passat with 40 250 zł over Anna's 40 000 zł.
  const target = offerPath("auction", "Volkswagen", "Passat", scene.live);
  const anna = await signedIn(browser, scene.anna, target);
  const piotr = await signedIn(browser, scene.piotr, target, 390);
  const annaPanel = anna.page.getByTestId(`auction-panel-${scene.live}`);
  const piotrPanel = piotr.page.getByTestId(`auction-panel-${scene.live}`);
  const annaMax = annaPanel.getByRole("form", { name: "Maksymalna oferta" });
  const piotrMax = piotrPanel.getByRole("form", { name: "Maksymalna oferta" });
  await expect(annaMax.getByText("Nikt poza Tobą jej nie widzi", { exact: false })).toBeVisible();

  // Anna sets a maximum: the server bids the least needed to lead for her.
  await annaMax.getByLabel("Maksymalna oferta (zł netto)").fill("42000");
  await annaMax.getByRole("button", { name: "Ustaw maksymalną ofertę" }).click();
  await expect(annaMax.getByText(nbsp("Prowadzisz z ofertą 40 500 zł"), { exact: false })).toBeVisible();
  await expect(annaMax.getByTestId("my-max-bid")).toHaveText(nbsp("Twoja maksymalna oferta: 42 000 zł."));
  await expect(piotrPanel.getByTestId("current-price")).toHaveText(nbsp("40 500 zł netto"));

  // Piotr's lower maximum is beaten at once: Anna's answers one step above it.
  await piotrMax.getByLabel("Maksymalna oferta (zł netto)").fill("41000");
  await piotrMax.getByRole("button", { name: "Ustaw maksymalną ofertę" }).click();
  await expect(
    piotrMax.getByText(
      nbsp("Inny licytujący zaoferował więcej: maksymalna oferta 41 000 zł została już przebita."),
    ),
  ).toBeVisible();
  await expect(annaPanel.getByTestId("current-price")).toHaveText(nbsp("41 250 zł netto"));
  await expect(piotrPanel.getByTestId("current-price")).toHaveText(nbsp("41 250 zł netto"));

  // Piotr bids above Anna's maximum by hand: he leads, she sees it live and gets an e-mail.
  await piotrPanel.getByLabel("Twoja oferta (zł netto)").fill("43000");
  await piotrPanel.getByRole("button", { name: "Licytuj" }).click();
  await expect(annaPanel.getByTestId("current-price")).toHaveText(nbsp("43 000 zł netto"));
  await expect(annaMax.getByTestId("my-max-bid")).toHaveText(
    nbsp("Twoja maksymalna oferta 42 000 zł została przebita. Nie licytujemy już w Twoim imieniu."),
  );
  // Piotr leads by hand, yet his beaten maximum of 41 000 zł bids no more: it never reads as active,
  // live or after a reload (at 390 px).
  const piotrsBeaten = nbsp(
    "Twoja maksymalna oferta 41 000 zł została przebita. Nie licytujemy już w Twoim imieniu.",
  );
  await expect(piotrMax.getByTestId("my-max-bid")).toHaveText(piotrsBeaten);
  await piotr.page.reload();
  await expect(piotrPanel.getByTestId("bidder-status")).toContainText("jest aktualnie najwyższa");
  await expect(piotrMax.getByTestId("my-max-bid")).toHaveText(piotrsBeaten);
  // The leader's "Licytuj" with the minimum next bid says they lead and asks before raising their own price.
  await piotrPanel.getByRole("button", { name: "Licytuj" }).click();
  const raise = piotrPanel.getByTestId("raise-own-bid");
  await expect(raise).toContainText(nbsp("Prowadzisz z ofertą 43 000 zł."));
  await expect(raise.getByRole("button", { name: "Tak, podnieś moją ofertę" })).toBeFocused();
  await raise.getByRole("button", { name: "Anuluj" }).click();
  await expect(raise).toHaveCount(0);
  await expect(piotrPanel.getByTestId("current-price")).toHaveText(nbsp("43 000 zł netto"));
  // What her earlier maximum's answer said no longer holds: it leaves instead of contradicting the status.
  await expect(annaPanel.getByTestId("bidder-status")).toContainText("została przelicytowana");
  await expect(annaMax.getByText("Prowadzisz z ofertą", { exact: false })).toHaveCount(0);
  const mails = await mailsTo(scene.anna.email, { dataDir: sceneDir });
  expect(mails.map((m) => m.subject)).toContain(
    "Twoja maksymalna oferta została przekroczona: Volkswagen Passat 2.0 TDI Style",
  );

  // Anna raises her maximum: she leads again with the minimum next bid; Piotr never sees her maximum.
  await annaMax.getByLabel("Zmień maksymalną ofertę (zł netto)").fill("45000");
  await annaMax.getByRole("button", { name: "Ustaw maksymalną ofertę" }).click();
  await expect(annaMax.getByTestId("my-max-bid")).toHaveText(nbsp("Twoja maksymalna oferta: 45 000 zł."));
  await expect(piotrPanel.getByTestId("current-price")).toHaveText(nbsp("43 250 zł netto"));
  await expect(piotrPanel.getByTestId("bid-count")).toHaveText("6");
  await expect(piotr.page.locator("body")).not.toContainText(nbsp("45 000 zł"));

  // Piotr sets the same maximum: Anna's, set earlier, leads, and he is told it was equal, not more.
  await piotrMax.getByLabel("Zmień maksymalną ofertę (zł netto)").fill("45000");
  await piotrMax.getByRole("button", { name: "Ustaw maksymalną ofertę" }).click();
  await expect(
    piotrMax.getByText(
      nbsp(
        "Inny licytujący wcześniej ustawił taką samą maksymalną ofertę 45 000 zł: przy równych kwotach prowadzi wcześniej ustawiona.",
      ),
    ),
  ).toBeVisible();
  await expect(piotrMax.getByTestId("my-max-bid")).toHaveText(
    nbsp(
      "Twoja maksymalna oferta 45 000 zł jest równa wcześniej ustawionej ofercie innego licytującego, która prowadzi.",
    ),
  );

  // At 390 px the chat's corner button steps aside rather than cover "Licytuj".
  await piotr.page.getByRole("button", { name: "Akceptuję" }).click();
  const licytuj = piotrPanel.getByRole("button", { name: "Licytuj" });
  // Also while it has stepped aside already (the whole auction box is kept clear): its place is measured.
  const chat = piotr.page.getByRole("button", { name: "Czat z konsultantem", includeHidden: true });
  await licytuj.scrollIntoViewIfNeeded();
  const [l, c] = [await licytuj.boundingBox(), await chat.boundingBox()];
  if (!l || !c) throw new Error("'Licytuj' or the chat button not on the screen");
  await piotr.page.evaluate((by) => window.scrollBy(0, by), l.y + l.height / 2 - (c.y + c.height / 2));
  await expect(chat).toBeHidden();

  // At 390 px the form fits the width.
  const overflow = await piotr.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await piotrMax.scrollIntoViewIfNeeded();
  await screenshot(piotr.page, { path: path.join(os.tmpdir(), "auction-proxy-390.png") });

  await expectNoAxeViolations(anna.page);
  await expectNoAxeViolations(piotr.page);
  await anna.context.close();
  await piotr.context.close();
});
