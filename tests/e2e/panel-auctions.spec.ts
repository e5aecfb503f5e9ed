import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { polishLocalInput } from "../../src/domain/polish-time";
import { bid, signIn as bidderSignIn } from "../support/auction-fixtures";
import { expectNoAxeViolations } from "../support/axe";
import { type AuctionScene, startAuctionScene } from "../support/e2e-auction-server";
import { firstSignIn, newPage, staffAdd } from "../support/e2e-panel";
import { ownServerPort } from "../support/e2e-ports";
import { signedInPage } from "../support/e2e-sign-in";
import { screenshot } from "../support/screenshot";

/**
 * The back-office's auctions, on a server of their own with two verified bidders
 * (the auction scene): a sales person schedules an auction with its condition report and photo and
 * publishes it; the panel shows Anna's and Piotr's bids as they come; another auction of the scene
 * ends with Piotr ahead and the sale to him is confirmed; a third, cancelled in the panel while both
 * watch it, tells both screens at once.
 */
const port = ownServerPort("panelAuctions");
// Both journeys use the one scene (and its port): they run one after the other in one worker.
test.describe.configure({ mode: "default" });
const sceneDir = path.join(os.tmpdir(), `panel-auctions-e2e-${port}`);
/**
 * The scene's 'ending' auction ends this long after the scene is made: far after the first part, which
 * then moves the server's clock past it instead of waiting.
 */
const ENDS_IN_MS = 10 * 60_000;
let scene: AuctionScene;

test.beforeAll(async () => {
  // Its database is written and migrated, then the server starts: slow on a loaded CI machine.
  test.setTimeout(240_000);
  scene = await startAuctionScene(port, sceneDir, ENDS_IN_MS);
});
test.afterAll(async () => {
  await scene?.stop();
});

const seller = { email: "aukcje@flotis.example", name: "Aurelia Aukcyjna", password: "Aukcje2026xx" };
const inMinutes = (m: number) => polishLocalInput(new Date(Date.now() + m * 60_000));
const nbsp = (s: string) => s.replace(/ /g, "\u00a0");

test("an auction is scheduled with its condition report, watched while two bidders bid, and settled", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await newPage(browser, 1280, scene.url);
  await firstSignIn(
    page,
    await staffAdd(seller.email, seller.name, "sales", { dataDir: sceneDir, port }),
    seller,
  );
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Aukcje" }).click();
  await page.getByRole("link", { name: "Zaplanuj aukcję" }).click();

  const form = page.getByRole("form", { name: "Nowa aukcja" });
  await form.getByLabel("Marka").fill("Ford");
  await form.getByLabel("Model").fill("Kuga");
  await form.getByLabel("Wersja").fill("2.5 PHEV Titanium");
  await form.getByLabel("Nadwozie").selectOption({ label: "SUV" });
  await form.getByLabel("Paliwo").selectOption({ label: "Hybryda plug-in" });
  await form.getByLabel("Skrzynia biegów").selectOption({ label: "Automatyczna" });
  await form.getByLabel("Kolor").fill("biały");
  await form.getByLabel("Rocznik").fill("2022");
  await form.getByLabel("Przebieg (km)").fill("58000");
  await form.getByLabel(/^Pojemność silnika/).fill("2488");
  await form.getByLabel("Moc (KM)").fill("225");
  await form.getByLabel(/^Zasięg/).fill("56");
  await form.getByLabel("Początek (czas polski)").fill(inMinutes(-5));
  // Shorter than an hour: refused at its field.
  await form.getByLabel("Koniec (czas polski)").fill(inMinutes(30));
  await form.getByLabel("Cena wywoławcza netto (zł)").fill("90000");
  // This auction's own step: 1 000 zł (the rules' table would ask for 500 zł at this price).
  await form.getByLabel("Minimalne postąpienie (zł)").fill("1000");
  await form.getByRole("button", { name: "Zapisz szkic aukcji" }).click();
  await expect(form.getByText("Aukcja musi trwać co najmniej 1 godzinę")).toBeVisible();
  await form.getByLabel("Koniec (czas polski)").fill(inMinutes(180));
  await form.getByRole("button", { name: "Zapisz szkic aukcji" }).click();
  await expect(page.getByText("Zapisano szkic aukcji.")).toBeVisible();
  await expect(page.getByText("Stan: szkic", { exact: true })).toBeVisible();

  // A photo, then the condition report with a damage shown on it.
  await page.getByLabel("Przeciągnij zdjęcia tutaj albo wybierz pliki").setInputFiles({
    name: "kuga.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#e5e7eb" } })
      .jpeg()
      .toBuffer(),
  });
  await expect(page.getByText("Dodano zdjęcie.")).toBeVisible();
  const report = page.getByRole("form", { name: "Opis stanu technicznego" });
  await report.getByLabel("Oględziny (data i godzina)").fill(inMinutes(-120));
  await report.getByLabel(/^Kto oglądał/).fill("Ewa Lis, rzeczoznawca");
  await report.getByLabel("Przebieg w dniu oględzin (km)").fill("58120");
  await report.getByLabel("Podsumowanie").fill("Samochód zadbany, rysa na tylnym zderzaku.");
  await report.getByRole("button", { name: "Zapisz opis stanu" }).click();
  await expect(report.getByText("Oceń co najmniej jedną część samochodu")).toBeVisible();
  await report.getByLabel("Nadwozie i lakier: ocena").selectOption("dobry");
  await report.getByLabel("Wnętrze: ocena").selectOption("bardzo dobry");
  await report.getByLabel("Opona przednia lewa: bieżnik (mm)").fill("6,5");
  await report.getByLabel("Opona przednia lewa: rodzaj").selectOption("całoroczna");
  await report.getByLabel("Uszkodzenie 1: miejsce").fill("zderzak tylny");
  await report.getByLabel("Uszkodzenie 1: opis").fill("rysa 10 cm");
  await report.getByLabel("Uszkodzenie 1: zdjęcie").selectOption({ label: "Zdjęcie 1" });
  await report.getByRole("button", { name: "Zapisz opis stanu" }).click();
  await expect(
    page.getByText("Zapisano opis stanu technicznego: licytujący widzą go na stronie aukcji."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Opublikuj" }).click();
  await expect(page.getByText("Opublikowano aukcję: jest już na stronie.")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, { path: "test-results/panel-auction-1280.png", fullPage: true });
  const auctionId = Number(/aukcje\/(\d+)/.exec(page.url())?.[1]);

  // The bidders' report page says what staff entered.
  const visitor = await newPage(browser, 390, scene.url);
  const publicPath = (await page.getByRole("link", { name: "Zobacz na stronie" }).getAttribute("href")) ?? "";
  await visitor.goto(publicPath);
  await expect(visitor.getByText("rysa 10 cm")).toBeVisible();
  await visitor.context().close();

  // Anna and Piotr bid; the panel, left open, shows each bid as it comes.
  const anna = await bidderSignIn(scene.url, scene.anna);
  const piotr = await bidderSignIn(scene.url, scene.piotr);
  const state = page.getByRole("definition").filter({ hasText: /zł/ }).first();
  expect((await bid(scene.url, anna, { AuctionId: auctionId, Price: 90_000 })).status).toBe(200);
  await expect(state).toHaveText(nbsp("90 000 zł"));
  expect((await bid(scene.url, piotr, { AuctionId: auctionId, Price: 90_500 })).status).toBe(400);
  expect((await bid(scene.url, piotr, { AuctionId: auctionId, Price: 91_000 })).status).toBe(200);
  await expect(state).toHaveText(nbsp("91 000 zł"));
  const bids = page.getByRole("region", { name: "Oferty licytujących" });
  await expect(bids.getByRole("row")).toHaveCount(3);
  await expect(bids.getByRole("row").nth(1)).toContainText(scene.piotr.email);
  // Someone bid: the terms are no longer offered for change.
  await expect(page.getByRole("form", { name: "Warunki aukcji" })).toHaveCount(0);

  // The scene's other auction ends with Piotr ahead: the server's time moves past its end (the new
  // auction, three hours long, goes on), and the sale to him is confirmed.
  scene.moveClock(ENDS_IN_MS);
  await page.goto(`/panel/aukcje/${scene.ending}`);
  await expect(page.getByText(/^Stan: zakończona, czeka na decyzję/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`(${scene.piotr.email})`, { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Potwierdź sprzedaż zwycięzcy" }).click();
  await expect(page.getByText("Potwierdzono sprzedaż zwycięzcy.")).toBeVisible();
  await expect(page.getByText(/^Stan: sprzedaż potwierdzona/)).toBeVisible();
  await expectNoAxeViolations(page);

  const tablet = await newPage(browser, 768, scene.url);
  await tablet.context().addCookies(await page.context().cookies());
  await tablet.goto("/panel/aukcje?widok=all");
  await expect(tablet.getByRole("region", { name: "Aukcje" })).toContainText("Ford Kuga");
  await expectNoAxeViolations(tablet);
  await screenshot(tablet, { path: "test-results/panel-auctions-768.png", fullPage: true });
  await tablet.context().close();
  await cancelWhileWatched(browser, page);
});

/** A cancellation in the panel reaches every open page of the auction at once, with its reason. */
async function cancelWhileWatched(browser: Browser, page: Page) {
  // Anna at her desk and Piotr on his phone watch the scene's running auction, where both bid.
  const target = `/aukcje-samochodowe/volkswagen-passat-id-${scene.live}`;
  const watchers = [
    await signedInPage(browser, scene.url, scene.anna, target),
    await signedInPage(browser, scene.url, scene.piotr, target, 390),
  ];
  const panels = watchers.map(({ page }) => page.getByTestId(`auction-panel-${scene.live}`));
  for (const panel of panels) await expect(panel.getByRole("button", { name: "Licytuj" })).toBeVisible();

  await page.goto(`/panel/aukcje/${scene.live}`);
  const reason = "Samochód uległ uszkodzeniu na parkingu, nie wydamy go w opisanym stanie.";
  await page.getByLabel("Powód odwołania (dostanie go każdy licytujący)").fill(reason);
  await page.getByRole("button", { name: "Odwołaj aukcję" }).click();
  await expect(page.getByText("Odwołano aukcję. Licytujący dostaną e-mail z powodem.").first()).toBeVisible();
  // The result line says what happened to the two bids.
  await expect(page.getByTestId("auction-outcome")).toHaveText(
    "aukcja odwołana, nikt nie wygrał (ofert przed odwołaniem: 2; żadna nie wiąże licytujących)",
  );

  // Without a reload: the notice with the reason, no countdown, no bid box, on both screens.
  for (const [i, panel] of panels.entries()) {
    const notice = panel.getByTestId("auction-cancelled");
    await expect(notice).toContainText("Aukcja została odwołana. Nie można już składać ofert.");
    await expect(notice).toContainText(`Powód: ${reason}`);
    await expect(panel.getByTestId("auction-countdown")).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Licytuj" })).toHaveCount(0);
    // Piotr led: a cancelled auction has no winner and no next steps for him.
    await expect(panel.getByTestId("winner-next-steps")).toHaveCount(0);
    // Its own labels (under its name, before the similar auctions' tiles) no longer say it is ending.
    await expect(watchers[i].page.getByRole("list", { name: "Oznaczenia oferty" }).first()).not.toContainText(
      "kończąca się aukcja",
    );
    await screenshot(watchers[i].page, {
      path: `test-results/auction-cancelled-${i ? 390 : 1280}.png`,
      fullPage: true,
    });
  }
  // A reload keeps the cancelled page (never the not-found page).
  await watchers[1].page.reload();
  await expect(panels[1].getByTestId("auction-cancelled")).toContainText(`Powód: ${reason}`);
  await expectNoAxeViolations(watchers[1].page, panels[1]);
  for (const p of [page, ...watchers.map((w) => w.page)]) await p.context().close();
}

test("after the win staff set the winner's steps; the winner downloads the pro-forma and books a pick-up", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The member's first sign-in takes a one-time code of the computer's time: the server's clock, moved
  // by the journey before, comes back to it for the sign-in.
  const clockFile = `${sceneDir}.clock-offset`;
  if (fs.existsSync(clockFile)) scene.moveClock(-Number(fs.readFileSync(clockFile, "utf8")));
  const page = await newPage(browser, 1280, scene.url);
  const staff = {
    email: "po-wygranej@flotis.example",
    name: "Paweł Posprzedażowy",
    password: "PoWygranej2026",
  };
  await firstSignIn(
    page,
    await staffAdd(staff.email, staff.name, "sales", { dataDir: sceneDir, port }),
    staff,
  );
  // The scene's 'sniping' auction (Piotr ahead) ends: the server's time moves past it.
  scene.moveClock(ENDS_IN_MS);
  await page.goto(`/panel/aukcje/${scene.sniping}`);
  const steps = page.locator("section").filter({ has: page.getByRole("heading", { name: "Po wygranej" }) });
  await expect(steps).toBeVisible({ timeout: 15_000 });
  await steps.getByLabel("Odbiór samochodu").selectOption({ label: "Transport: woj. mazowieckie" });
  await steps.getByRole("button", { name: "Wystaw fakturę pro forma" }).click();
  await expect(steps.getByText("Wystawiono fakturę pro forma.")).toBeVisible();
  await steps.getByRole("button", { name: "Potwierdź otrzymanie wpłaty" }).click();
  await expect(steps.getByText("Potwierdzono otrzymanie wpłaty.")).toBeVisible();
  await steps.getByRole("button", { name: "Dokumenty gotowe do wydania" }).click();
  await expect(steps.getByText("Dokumenty są gotowe.")).toBeVisible();
  const inDays = (d: number) => polishLocalInput(new Date(Date.now() + d * 86_400_000));
  for (const d of [2, 3]) {
    await steps.getByLabel("Termin (czas polski)").fill(inDays(d));
    await steps.getByLabel("Miejsce odbioru").fill("Plac w Pruszkowie, ul. Przemysłowa 5");
    await steps.getByRole("button", { name: "Zaproponuj termin" }).click();
    await expect(steps.getByRole("region", { name: "Terminy odbioru" }).getByRole("row")).toHaveCount(d);
  }
  await expectNoAxeViolations(page, steps);
  await screenshot(steps, { path: "test-results/panel-after-win-1280.png" });

  // Piotr at his desk: his won auctions show the steps; he downloads the pro-forma and books a slot.
  const desk = await signedInPage(browser, scene.url, scene.piotr, "/wygrane-aukcje");
  const tile = desk.page.getByTestId(`after-win-${scene.sniping}`);
  for (const step of ["proForma", "payment", "documents"])
    await expect(tile.getByTestId(`after-win-step-${step}`)).toContainText(": zrobione");
  await expect(tile.getByTestId("after-win-step-pickUp")).toContainText(": w toku");
  const download = desk.page.waitForEvent("download");
  await tile.getByRole("button", { name: "Pobierz fakturę pro forma (PDF)" }).click();
  expect((await download).suggestedFilename()).toBe(`pro-forma-aukcja-${scene.sniping}.pdf`);
  await tile.getByRole("button", { name: "Umów odbiór" }).click();
  await expect(tile.getByText("Wybierz termin odbioru.", { exact: true })).toBeVisible();
  await tile.getByRole("radio").first().check();
  await tile.getByRole("button", { name: "Umów odbiór" }).click();
  await expect(tile.getByText(/^Umówiono odbiór: .*Przemysłowa 5/)).toBeVisible();
  await expect(tile.getByTestId("after-win-pick-up")).toContainText("Plac w Pruszkowie");
  await expectNoAxeViolations(desk.page, tile);
  await screenshot(desk.page, { path: "test-results/won-after-win-1280.png", fullPage: true });

  // On his phone, the auction's own page shows the same steps with the pick-up booked.
  const phone = await signedInPage(
    browser,
    scene.url,
    scene.piotr,
    `/aukcje-samochodowe/toyota-rav4-id-${scene.sniping}`,
    390,
  );
  const onPage = phone.page.getByTestId(`after-win-${scene.sniping}`);
  await expect(onPage.getByTestId("after-win-step-pickUp")).toContainText(": zrobione");
  await expect(onPage.getByTestId("after-win-pick-up")).toContainText("Plac w Pruszkowie");
  // The other slot stays offered: he may move the pick-up.
  await expect(onPage.getByRole("group", { name: "Zmień termin odbioru" }).getByRole("radio")).toHaveCount(1);
  await expectNoAxeViolations(phone.page, onPage);
  await screenshot(phone.page, { path: "test-results/auction-after-win-390.png", fullPage: true });

  // Staff see which slot he chose, and offer no more.
  await page.reload();
  await expect(steps.getByRole("region", { name: "Terminy odbioru" })).toContainText("wybrany");
  await expect(steps.getByRole("button", { name: "Zaproponuj termin" })).toHaveCount(0);
  for (const p of [page, desk.page, phone.page]) await p.context().close();
});
