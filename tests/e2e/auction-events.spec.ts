import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { type AuctionScene, startAuctionScene } from "../support/e2e-auction-server";
import { ownServerPort } from "../support/e2e-ports";
import { signedInPage } from "../support/e2e-sign-in";
import { fleetCar } from "../support/fleet-fixtures";
import { screenshot } from "../support/screenshot";

/**
 * An auction event of three cars closing a minute apart, with two bidders in two browsers (Anna at
 * 1280 px, Piotr at 390 px): the first car's reserve not reached, then reached, live on both screens;
 * the full cost of the amount typed in the bid box; the second car bought at once with "Kup teraz";
 * the event page follows the running order. The
 * server's clock is moved, never waited for.
 */
const port = ownServerPort("auctionEvents");
const sceneDir = path.join(os.tmpdir(), `auction-events-e2e-${port}`);
let scene: AuctionScene;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  scene = await startAuctionScene(port, sceneDir, 30 * 60_000);
});
test.afterAll(async () => {
  await scene?.stop();
});

const nbsp = (s: string) => s.replace(/ /g, "\u00a0");

async function fleet(pathName: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${scene.url}${pathName}`, {
    method: "POST",
    headers: { authorization: `Bearer ${scene.fleetKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

/** Three auctions through the fleet API and an event of them: bidding now, the first ends in 3 minutes. */
async function eventOfThree() {
  const now = Date.now();
  const auction = (o: Record<string, unknown>) =>
    fleet(
      "/api/Admin/Offers",
      fleetCar({
        SaleType: "auction",
        Prices: undefined,
        AuctionStart: new Date(now - 60_000).toISOString(),
        AuctionEnd: new Date(now + 86_400_000).toISOString(),
        StartingPrice: 40_000,
        ...o,
      }),
    );
  const reserve = await auction({
    Make: "Škoda",
    Model: "Superb",
    Vin: "TMBJJ7NX5MY000101",
    ReservePrice: 45_000,
    PickUpCity: "Kraków",
    PickUpVoivodeship: "małopolskie",
  });
  const buyNow = await auction({
    Make: "Toyota",
    Model: "Corolla",
    Vin: "SB1ZWK8V0P2000102",
    BuyNowPrice: 52_000,
  });
  const plain = await auction({ Make: "Kia", Model: "Ceed", Vin: "U5YZWK8V0P2000103" });
  const event = await fleet("/api/Admin/AuctionEvents", {
    Name: "Aukcja czwartkowa 4 grudnia: 3 samochody",
    Start: new Date(now - 60_000).toISOString(),
    FirstClose: new Date(now + 180_000).toISOString(),
    IntervalSeconds: 60,
    AuctionIds: [reserve.AuctionId, buyNow.AuctionId, plain.AuctionId],
  });
  return { event: event.Url as string, lots: [reserve, buyNow, plain].map((a) => a.Url as string) };
}

test("an auction event: three cars closing one after another, a reserve, the cost box, buy now", async ({
  browser,
}) => {
  const { event, lots } = await eventOfThree();
  const anna = await signedInPage(browser, scene.url, scene.anna, event);
  const piotr = await signedInPage(browser, scene.url, scene.piotr, lots[0], 390);

  // The event page: the running order and what closes next.
  const main = anna.page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Aukcja czwartkowa 4 grudnia: 3 samochody" })).toBeVisible();
  await expect(main.getByTestId("lot-1")).toContainText("Škoda Superb");
  await expect(main.getByTestId("lot-2")).toContainText("Toyota Corolla");
  await expect(main.getByTestId("lot-3")).toContainText("Kia Ceed");
  await expect(main.getByTestId("next-to-close")).toContainText("Następny kończy się: nr 1, Škoda Superb");
  await expect(main.getByTestId("lot-1").getByTestId("lot-reserve")).toHaveText(
    "Cena minimalna nieosiągnięta",
  );
  // Anna watches the first car from the event page.
  await main.getByTestId("lot-1").getByRole("button", { name: "Dodaj do ulubionych: Škoda Superb" }).click();
  await main.getByRole("button", { name: "Obserwowane (1)" }).click();
  await expect(main.getByTestId("lot-2")).toHaveCount(0);
  await expectNoAxeViolations(anna.page, main);
  await screenshot(anna.page, { path: path.join(os.tmpdir(), "auction-events-1280.png") });

  // The first car: a bid below the reserve, then one that reaches it, live on both screens.
  await main.getByTestId("lot-1").getByRole("link", { name: "Škoda Superb" }).click();
  const annaPanel = anna.page.locator('[data-testid^="auction-panel-"]');
  const piotrPanel = piotr.page.locator('[data-testid^="auction-panel-"]');
  await expect(anna.page.getByTestId("auction-event-link")).toContainText("Nr 1 z 3 w wydarzeniu");
  await expect(annaPanel.getByTestId("reserve-state")).toHaveText("Cena minimalna nieosiągnięta");
  // The full cost of the amount in the bid box, as she types it: fee, pick-up or transport, VAT.
  await annaPanel.getByLabel("Twoja oferta (zł netto)").fill("41000");
  const cost = annaPanel.getByTestId("cost-box");
  await expect(cost.getByTestId("cost-total")).toHaveText(nbsp("51 537 zł brutto"));
  await cost.getByLabel("Odbiór samochodu").selectOption("mazowieckie");
  await expect(cost.getByTestId("cost-total")).toHaveText(nbsp("52 152 zł brutto"));
  await expect(cost).toContainText(nbsp("Odbiór własny: Kraków (woj. małopolskie), bez opłaty"));
  await expectNoAxeViolations(anna.page, cost);
  await screenshot(cost, { path: path.join(os.tmpdir(), "auction-events-cost-1280.png") });
  await annaPanel.getByRole("button", { name: "Licytuj" }).click();
  await expect(piotrPanel.getByTestId("current-price")).toHaveText(nbsp("41 000 zł netto"));
  await expect(piotrPanel.getByTestId("reserve-state")).toHaveText("Cena minimalna nieosiągnięta");
  await piotrPanel.getByLabel("Twoja oferta (zł netto)").fill("45000");
  await piotrPanel.getByRole("button", { name: "Licytuj" }).click();
  await expect(annaPanel.getByTestId("reserve-state")).toHaveText("Cena minimalna osiągnięta");
  await expect(piotrPanel.getByTestId("reserve-state")).toHaveText("Cena minimalna osiągnięta");

  // The second car: Piotr buys it at once; Anna, watching it, sees it end.
  await anna.page.goto(`${scene.url}${lots[1]}`);
  await piotr.page.goto(`${scene.url}${lots[1]}`);
  await expect(annaPanel.getByTestId("buy-now-price")).toContainText(nbsp("52 000 zł netto"));
  const buy = piotrPanel.getByTestId("buy-now");
  await buy.getByRole("button", { name: nbsp("Kup teraz za 52 000 zł netto") }).click();
  await expect(buy).toContainText(nbsp("Kupujesz samochód za 52 000 zł netto (63 960 zł brutto)."));
  await expect(buy.getByRole("button", { name: "Tak, kupuję" })).toBeFocused();
  await expectNoAxeViolations(piotr.page, buy);
  await screenshot(piotr.page, { path: path.join(os.tmpdir(), "auction-events-buy-now-390.png") });
  await buy.getByRole("button", { name: "Tak, kupuję" }).click();
  await expect(piotrPanel.getByTestId("bidder-status")).toHaveText(
    nbsp("Twoja oferta 52 000 zł wygrała aukcję"),
  );
  await expect(annaPanel.getByTestId("auction-result")).toHaveText("Wynik aukcji: samochód sprzedany.");
  await expect(annaPanel.getByTestId("buy-now-price")).toHaveCount(0);

  // Past the first car's end: it is sold, the second was bought, the third closes next.
  // (250 s: past its end even if a bid in its last two minutes extended it; before the third's at 300 s.)
  scene.moveClock(250_000);
  await anna.page.goto(`${scene.url}${event}`);
  await expect(main.getByTestId("lot-1").getByTestId("lot-state")).toHaveText("Zakończona: sprzedany");
  await expect(main.getByTestId("lot-2").getByTestId("lot-state")).toHaveText("Zakończona: sprzedany");
  await expect(main.getByTestId("next-to-close")).toContainText("Następny kończy się: nr 3, Kia Ceed");
  await piotr.page.goto(`${scene.url}${event}`);
  const overflow = await piotr.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(piotr.page, { path: path.join(os.tmpdir(), "auction-events-390.png") });
  await expectNoAxeViolations(piotr.page, piotr.page.getByRole("main"));
});
