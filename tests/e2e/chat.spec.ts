import { readFileSync } from "node:fs";
import { type Browser, devices, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { CHAT_FILE_EXTENSIONS, chatFileErrors } from "../../src/domain/chat/files";
import { chatTexts } from "../../src/domain/chat/texts";
import { expectNoAxeViolations } from "../support/axe";
import { mailsTo } from "../support/e2e-outbox";
import { firstSignIn, staffAdd } from "../support/e2e-panel";
import { expectTabStaysInside } from "../support/focus-trap";
import { screenshot } from "../support/screenshot";

/**
 * Live chat journeys: a customer in one browser context, a consultant in another, against the real
 * server. The consultant is a staff member added with the real staff command. Serial, and only in the desktop
 * project (phone widths are checked by resizing, or in a phone's browser context of the journey's own):
 * "nobody online" is a state of the whole server, which a phone project's run beside it would change.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/chat-shots";

async function openWidget(page: Page) {
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByRole("button", { name: "Akceptuję" }).click();
  await page.getByRole("button", { name: "Czat z konsultantem" }).click();
}

/** The error shown under a field (the element its aria-describedby points to). */
async function errorUnder(page: Page, control: ReturnType<Page["getByRole"]>) {
  const id = await control.getAttribute("aria-describedby");
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

/** Screenshots at 1280 and 390 px; `show`: a part of the widget's scrolling panel to bring into view. */
async function shootBoth(page: Page, name: string, show?: Locator) {
  await show?.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await show?.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${SHOTS}/${name}-390.png` });
  // The widget alone: the home page around it is checked whole by the shell's journeys.
  await expectNoAxeViolations(
    page,
    page.locator("section", { has: page.getByRole("button", { name: "Zminimalizuj czat" }) }),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("offline: the leave-a-message form checks every field and reaches the sales inbox", async ({ page }) => {
  await openWidget(page);
  await expect(page.getByText("Nasi konsultanci są teraz niedostępni.")).toBeVisible();
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  const name = page.getByRole("textbox", { name: "Imię" });
  const email = page.getByRole("textbox", { name: "E-mail" });
  const message = page.getByRole("textbox", { name: "Wiadomość" });
  expect(await errorUnder(page, name)).toBe("Pole wymagane");
  expect(await errorUnder(page, email)).toBe("Pole wymagane");
  expect(await errorUnder(page, message)).toBe("Pole wymagane");
  // No consent is asked: the form informs on what the chat does with the data and links the policy.
  const widget = page.locator("section", { has: page.getByRole("button", { name: "Zminimalizuj czat" }) });
  await expect(widget.getByRole("checkbox")).toHaveCount(0);
  await expect(widget.getByText(/art\. 6 ust\. 1 lit\. b i f RODO/)).toBeVisible();
  await expect(widget.getByRole("link", { name: "polityka prywatności" })).toHaveAttribute(
    "href",
    "/polityka-prywatnosci",
  );
  await expect(page.getByText("Formularz został źle wypełniony")).toBeVisible();
  await shootBoth(page, "offline-errors");

  await name.fill("E");
  await email.fill("ewa@");
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  expect(await errorUnder(page, name)).toBe("Pole wymaga minimum 2 znaków");
  expect(await errorUnder(page, email)).toBe("Email jest nieprawidłowy");

  await name.fill("Ewa");
  await email.fill("ewa.czat@example.com");
  await message.fill("Proszę o telefon w sprawie leasingu Skody Octavii.");
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  await expect(
    page.getByText(
      "Dziękujemy za wysłanie formularza. Nasz konsultant skontaktuje się z Tobą w godzinach pracy: pon. – pt., 9:00 – 19:00",
    ),
  ).toBeVisible();
  const mails = await mailsTo("ewa.czat@example.com");
  expect(mails[0].subject).toContain("Otrzymaliśmy Twoją wiadomość");
  const question = "Proszę o telefon w sprawie leasingu Skody Octavii.";
  const sales = await mailsTo("sprzedaz@marketplace.local", {
    until: (all) => all.some((m) => m.text.includes(question)),
  });
  expect(sales.some((m) => m.text.includes("Proszę o telefon w sprawie leasingu Skody Octavii."))).toBe(true);
  // Closing without a conversation needs no question.
  await page.getByRole("button", { name: "Zamknij czat" }).click();
  await expect(page.getByRole("button", { name: "Czat z konsultantem" })).toBeVisible();
});

/**
 * A consultant's console. Consultants are staff members: one is added with the real staff command
 * (npm run staff:add … consultant), the console sends them to the panel's sign-in, and after the
 * password and the second factor they open it from the panel.
 */
async function consultantPage(
  browser: Browser,
  { email = "anna.konsultant@flotis.example", name = "Anna Nowak", initScript = "", phone = false } = {},
) {
  const context = await browser.newContext(
    phone
      ? { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } }
      : { viewport: { width: 1280, height: 900 } },
  );
  if (initScript) await context.addInitScript(initScript);
  const agent = await context.newPage();
  await agent.goto("/konsultant");
  await expect(agent).toHaveURL(/\/panel\/logowanie\?returnTo=%2Fkonsultant$/);
  const link = await staffAdd(email, name, "consultant");
  await firstSignIn(agent, link, { email, name, password: "KonsolaCzatu2026" }, { checks: false });
  await agent.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Konsola czatu" }).click();
  await agent.waitForSelector("html[data-hydrated]");
  await expect(agent.getByText(`${name} · online`)).toBeVisible();
  return agent;
}

/** Starts a chat from the widget and lets the consultant take it. */
async function startAndTake(page: Page, agent: Page, question: string) {
  await openWidget(page);
  await page.getByRole("textbox", { name: "Imię" }).fill("Ewa");
  await page.getByRole("radio", { name: "Aukcje" }).check();
  await page.getByRole("textbox", { name: "Twoje pytanie" }).fill(question);
  await page.getByRole("button", { name: "Rozpocznij czat" }).click();
  await agent.getByRole("region", { name: "Oczekujące" }).getByRole("button", { name: /Ewa/ }).click();
  await agent.getByRole("button", { name: "Przyjmij rozmowę" }).click();
  await expect(page.getByText("Konsultant przyjął rozmowę.")).toBeVisible();
}

// The console's tab can be put in the background (visibilityState), and notifications are recorded.
const BACKGROUND_TAB = `
  let hidden = false;
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  window.setHidden = (h) => { hidden = h; document.dispatchEvent(new Event("visibilitychange")); };
  window.notes = [];
  window.Notification = class { static permission = "granted"; static requestPermission = async () => "granted";
    constructor(title, options) { window.notes.push(options.body); } };
`;

/**
 * The console at 390 px: the open chat fills the screen, the lists wait in a drawer opened by a button
 * with the counts (a modal dialog: focus stays in it, Escape closes it and focus goes back).
 */
async function takeFromTheDrawer(agent: Page) {
  const lists = agent.getByRole("button", { name: /^Rozmowy · oczekujące: 1 · moje: 0/ });
  await expect(agent.getByRole("region", { name: "Oczekujące" })).toHaveCount(0);
  await lists.click();
  const drawer = agent.getByRole("dialog", { name: "Rozmowy" });
  await expect(drawer).toBeVisible();
  await expectTabStaysInside(agent, drawer);
  await agent.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(lists).toBeFocused();
  await agent.keyboard.press("Enter");
  await expect(drawer).toBeVisible();
  await screenshot(agent, { path: `${SHOTS}/console-drawer-390.png` });
  await expectNoAxeViolations(agent, drawer);
  await drawer.getByRole("region", { name: "Oczekujące" }).getByRole("button", { name: /Ewa/ }).click();
  await expect(drawer).toBeHidden();
  await agent.getByRole("button", { name: "Przyjmij rozmowę" }).click();
  await expect(agent.getByRole("button", { name: /^Rozmowy · oczekujące: 0 · moje: 1/ })).toBeVisible();
}

test("a console in a background tab counts new chats and messages in its title and notifies; on a phone the lists are in a drawer and a chat is taken and answered there", async ({
  page,
  browser,
}) => {
  const agent = await consultantPage(browser, {
    email: "ola.konsultant@flotis.example",
    name: "Ola Tło",
    initScript: BACKGROUND_TAB,
    phone: true,
  });
  const title = await agent.title();
  await agent.evaluate(() => (window as unknown as { setHidden: (h: boolean) => void }).setHidden(true));
  await openWidget(page);
  await page.getByRole("textbox", { name: "Imię" }).fill("Ewa");
  await page.getByRole("radio", { name: "Aukcje" }).check();
  await page.getByRole("textbox", { name: "Twoje pytanie" }).fill("Czy ktoś jest?");
  await page.getByRole("button", { name: "Rozpocznij czat" }).click();
  await expect(agent).toHaveTitle(`(1) ${title}`);
  const notes = () => agent.evaluate(() => (window as unknown as { notes: string[] }).notes);
  expect(await notes()).toEqual(["Nowy klient czeka: Ewa (Aukcje)"]);
  // Back in the tab the count goes; the consultant takes the chat and leaves the tab again.
  await agent.evaluate(() => (window as unknown as { setHidden: (h: boolean) => void }).setHidden(false));
  await expect(agent).toHaveTitle(title);
  await takeFromTheDrawer(agent);
  await expect(page.getByRole("heading", { name: "Ola Tło" })).toBeVisible();
  // Answered from the phone: the reply box is on the first screen, under the conversation.
  const reply = agent.getByRole("textbox", { name: "Odpowiedź" });
  expect(await reply.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  await reply.fill("Dzień dobry, w czym mogę pomóc?");
  await agent.getByRole("button", { name: "Wyślij", exact: true }).click();
  await expect(page.getByText("Dzień dobry, w czym mogę pomóc?")).toBeVisible();
  await agent.evaluate(() => (window as unknown as { setHidden: (h: boolean) => void }).setHidden(true));
  await page.getByRole("textbox", { name: "Wiadomość" }).fill("Halo?");
  await page.keyboard.press("Enter");
  await expect(agent).toHaveTitle(`(1) ${title}`);
  expect((await notes()).at(-1)).toBe("Nowa wiadomość: Halo?");
  await screenshot(agent, { path: `${SHOTS}/console-390.png` });
  await expectNoAxeViolations(agent, agent.getByRole("main"));
  await page.getByRole("button", { name: "Zamknij czat" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "zamknij czat" }).click();
  await expect(page.getByRole("heading", { name: "Oceń rozmowę" })).toBeVisible();
  await agent.context().close();
});

test("a dropped connection shows 'ponowne łączenie…' and resumes with nothing lost or doubled; the leave question closes when the consultant ends the chat; no cookie bar covers the console's reply box", async ({
  page,
  browser,
}) => {
  const agent = await consultantPage(browser, {
    email: "marek.konsultant@flotis.example",
    name: "Marek Wiśniewski",
  });
  // The customer's live connection (WebSocket only, ADR 022) goes through a route the test can cut,
  // and keep cut for a while.
  let cut = false;
  const sockets: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) return void ws.close();
    ws.connectToServer();
    sockets.push(ws);
  });
  await startAndTake(page, agent, "Czy mogę przerwać połączenie?");

  // The console is a staff page: no cookie bar (nor advertising tag) at all, whatever was chosen; the
  // reply box is where a click lands.
  const reply = agent.getByRole("textbox", { name: "Odpowiedź" });
  await expect(agent.getByRole("region", { name: "Zgoda na pliki cookie" })).toHaveCount(0);
  expect(
    await reply.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.bottom - 4) === el;
    }),
  ).toBe(true);
  await screenshot(agent, { path: `${SHOTS}/console-1280.png` });

  await reply.fill("Pierwsza odpowiedź");
  await agent.getByRole("button", { name: "Wyślij", exact: true }).click();
  await expect(page.getByText("Pierwsza odpowiedź")).toBeVisible();

  // The network goes away: the browser says it is offline, and the connection is cut.
  cut = true;
  await page.context().setOffline(true);
  await Promise.all(sockets.map((s) => s.close()));
  await expect(page.getByText("ponowne łączenie…")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Wiadomość" })).toBeDisabled();
  await shootBoth(page, "reconnecting");
  // Meanwhile the consultant writes: the message waits for the customer.
  await reply.fill("Odpowiedź w czasie przerwy");
  await agent.getByRole("button", { name: "Wyślij", exact: true }).click();
  // In the conversation (the reply box may still hold the text until the send is acknowledged).
  await expect(
    agent.getByRole("log", { name: "Przebieg rozmowy" }).getByText("Odpowiedź w czasie przerwy"),
  ).toBeVisible();
  // Back online: the widget tries at once rather than at the end of the socket's back-off.
  cut = false;
  await page.context().setOffline(false);
  await expect(page.getByText("ponowne łączenie…")).toHaveCount(0);
  await expect(page.getByText("Odpowiedź w czasie przerwy")).toHaveCount(1);
  await expect(page.getByText("Pierwsza odpowiedź")).toHaveCount(1);
  await page.getByRole("textbox", { name: "Wiadomość" }).fill("Już jestem z powrotem.");
  await page.keyboard.press("Enter");
  await expect(agent.getByText("Już jestem z powrotem.")).toHaveCount(1);

  // A canned answer: added in the console, then brought into the reply box with '/' and its shortcut.
  await agent.getByText("Gotowe odpowiedzi (0)").click();
  await agent.getByRole("textbox", { name: "Skrót" }).fill("godziny");
  await agent
    .getByRole("textbox", { name: "Treść" })
    .fill("Pracujemy od poniedziałku do piątku, 9:00 – 19:00.");
  await agent.getByRole("checkbox", { name: "Wspólna dla wszystkich konsultantów" }).check();
  await agent.getByRole("button", { name: "Dodaj odpowiedź" }).click();
  await expect(agent.getByText("Gotowe odpowiedzi (1)")).toBeVisible();
  await reply.fill("/go");
  await expect(agent.getByRole("list", { name: "Gotowe odpowiedzi" })).toContainText("/godziny");
  await screenshot(agent, { path: `${SHOTS}/console-canned-1280.png` });
  await expectNoAxeViolations(agent);
  await reply.press("Enter");
  await expect(reply).toHaveValue("Pracujemy od poniedziałku do piątku, 9:00 – 19:00.");
  await reply.press("Enter");
  await expect(page.getByText("Pracujemy od poniedziałku do piątku, 9:00 – 19:00.")).toBeVisible();

  const zofia = await handOverToZofia(browser, page, agent);
  await expect(zofia.getByText("Już jestem z powrotem.")).toBeVisible();
  await expectNoAxeViolations(zofia);

  // The customer is asked whether to leave, and meanwhile the consultant ends the chat: the question
  // goes away and the post-chat form is there.
  await page.getByRole("button", { name: "Zamknij czat" }).click();
  const question = page.getByRole("dialog", { name: "czy chcesz opuścić aktualny czat?" });
  await expect(question).toBeVisible();
  await zofia.getByRole("button", { name: "Zakończ czat" }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole("heading", { name: "Oceń rozmowę" })).toBeVisible();
  await agent.context().close();
  await zofia.context().close();
});

/**
 * Marek hands the chat to Zofia with a note; the customer sees who answers now, Zofia the note. Zofia's
 * console is in a background tab: the transfer is told there like a new chat, and back in the tab it
 * is said and counted until she opens it.
 */
async function handOverToZofia(browser: Browser, page: Page, agent: Page) {
  const zofia = await consultantPage(browser, {
    email: "zofia.konsultant@flotis.example",
    name: "Zofia Kamińska",
    initScript: BACKGROUND_TAB,
  });
  const zofiaTitle = await zofia.title();
  const zofiaHidden = (h: boolean) =>
    zofia.evaluate(
      (hidden) => (window as unknown as { setHidden: (h: boolean) => void }).setHidden(hidden),
      h,
    );
  await zofiaHidden(true);
  await agent.getByRole("button", { name: "Przekaż", exact: true }).click();
  await agent.getByLabel("Przekaż do").selectOption({ label: "Zofia Kamińska" });
  await agent
    .getByRole("textbox", { name: "Notatka dla konsultanta" })
    .fill("Klientka pyta o godziny pracy.");
  await screenshot(agent, { path: `${SHOTS}/console-transfer-1280.png` });
  await agent.getByRole("button", { name: "Przekaż rozmowę" }).click();
  await expect(page.getByRole("heading", { name: "Zofia Kamińska" })).toBeVisible();
  await expect(agent.getByRole("textbox", { name: "Odpowiedź" })).toHaveCount(0);
  await expect(zofia).toHaveTitle(`(1) ${zofiaTitle}`);
  expect(await zofia.evaluate(() => (window as unknown as { notes: string[] }).notes)).toContain(
    "Przekazano Ci rozmowę od: Marek Wiśniewski",
  );
  // Back in the tab: the notice and the count of handed-over chats not opened yet, until opened.
  await zofiaHidden(false);
  await expect(zofia).toHaveTitle(zofiaTitle);
  await expect(zofia.getByRole("status").filter({ hasText: "Przekazano Ci rozmowę" })).toHaveText(
    "Przekazano Ci rozmowę: Ewa (od: Marek Wiśniewski).",
  );
  const zofiaChats = zofia.getByRole("region", { name: "Moje rozmowy" });
  await expect(zofiaChats.getByRole("heading")).toHaveText("Moje rozmowy (1) · przekazane: 1");
  await expect(zofiaChats.getByText("Przekazana od: Marek Wiśniewski")).toBeVisible();
  await screenshot(zofia, { path: `${SHOTS}/console-handed-over-1280.png` });
  await zofiaChats.getByRole("button", { name: /Ewa/ }).click();
  await expect(zofiaChats.getByRole("heading")).toHaveText("Moje rozmowy (1)");
  await expect(zofia.getByText("Przekazano Ci rozmowę: Ewa")).toHaveCount(0);
  await expect(
    zofia.getByText("Przekazanie rozmowy od: Marek Wiśniewski. Notatka: Klientka pyta o godziny pracy."),
  ).toBeVisible();
  return zofia;
}

/**
 * The customer sends files: a refused type first (by name in the browser, by content on the server),
 * shown under the file's name; then a document for the consultant to download, and an image.
 */
async function sendFiles(page: Page, agent: Page) {
  const picker = page.getByLabel("wyślij plik");
  expect((await picker.getAttribute("accept"))?.split(",")).toEqual(CHAT_FILE_EXTENSIONS.map((e) => `.${e}`));
  await picker.setInputFiles({
    name: "program.exe",
    mimeType: "application/x-msdownload",
    buffer: Buffer.from("MZ"),
  });
  await expect(page.getByRole("alert")).toHaveText(`program.exe${chatFileErrors.format}`);
  await picker.setInputFiles({
    name: "umowa.docx",
    mimeType: "",
    buffer: Buffer.from("<html>nie docx</html>"),
  });
  await expect(page.getByRole("alert")).toHaveText(`umowa.docx${chatFileErrors.format}`);
  await picker.setInputFiles({
    name: "umowa.docx",
    mimeType: "",
    buffer: Buffer.from("PK\x03\x04docx", "latin1"),
  });
  // The consultant saves the document: fetched with the console's token (a bare link gets nothing).
  const docx = agent.getByRole("button", { name: /umowa\.docx/ });
  await expect(docx).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  const [saved] = await Promise.all([agent.waitForEvent("download"), docx.click()]);
  expect(saved.suggestedFilename()).toBe("umowa.docx");
  const savedPath = await saved.path();
  expect(readFileSync(savedPath, "latin1")).toBe("PK\x03\x04docx");
  const png = await sharp({ create: { width: 160, height: 90, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  await picker.setInputFiles({ name: "dowód.png", mimeType: "image/png", buffer: png });
  // The picture shows on both sides, each fetched with its own credentials.
  for (const side of [agent, page]) {
    const button = side.getByRole("button", { name: /dowód\.png/ });
    await expect(button).toBeVisible();
    const preview = button.locator("img");
    await expect(preview).toHaveAttribute("src", /^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  }
  await shootBoth(page, "conversation");
  await screenshot(agent, { path: `${SHOTS}/console-1280.png` });
  await agent.setViewportSize({ width: 390, height: 844 });
  await agent.getByRole("button", { name: /dowód\.png/ }).scrollIntoViewIfNeeded();
  await screenshot(agent, { path: `${SHOTS}/console-390.png` });
  await agent.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(agent);
}

/** The post-chat form: a rating is needed, then the thanks; without an address, no transcript. */
async function rateTheChat(page: Page) {
  await expect(page.getByRole("heading", { name: "Oceń rozmowę" })).toBeVisible();
  await page.getByRole("button", { name: "Wyślij ocenę" }).click();
  await expect(page.getByText("Wybierz ocenę od 1 do 5")).toBeVisible();
  await shootBoth(page, "postchat");
  // A person clicks the fifth star (the label of the radio "Ocena 5 z 5").
  await page.locator("label", { has: page.getByRole("radio", { name: "Ocena 5 z 5" }) }).click();
  await expect(page.getByRole("radio", { name: "Ocena 5 z 5" })).toBeChecked();
  await page.getByRole("button", { name: "Wyślij ocenę" }).click();
  await expect(page.getByText("Dziękujemy za ocenę rozmowy.")).toBeVisible();
  await expect(page.getByText("Rozmowa została oceniona dobrze.")).toBeVisible();
  // Started without an address: the transcript can go nowhere, and the widget says why.
  await expect(page.getByText(chatTexts.transcriptNoAddress)).toBeVisible();
  await expect(page.getByRole("button", { name: "Wyślij zapis rozmowy" })).toHaveCount(0);
  await shootBoth(page, "transcript-no-address", page.getByText(chatTexts.transcriptNoAddress));
}

test("online: pre-chat form, queue, a consultant answers, messages seen, a file, history after a reload, leaving and the rating", async ({
  page,
  browser,
}) => {
  // The longest journey: two browsers and seven pairs of screenshots, each with an accessibility
  // check; on a busy two-core machine it alone nears the default two minutes.
  test.setTimeout(200_000);
  const agent = await consultantPage(browser);
  await expect(agent.getByRole("heading", { name: /Oczekujące \(0\)/ })).toBeVisible();

  await openWidget(page);
  await expect(page.getByRole("heading", { name: "Porozmawiaj z konsultantem" })).toBeVisible();
  await page.getByRole("button", { name: "Rozpocznij czat" }).click();
  expect(await errorUnder(page, page.getByRole("textbox", { name: "Imię" }))).toBe("Pole wymagane");
  await expect(page.getByText("Wybierz jedną z możliwości")).toBeVisible();
  expect(await errorUnder(page, page.getByRole("textbox", { name: "Twoje pytanie" }))).toBe("Pole wymagane");
  await shootBoth(page, "prechat-errors");

  await page.getByRole("textbox", { name: "Imię" }).fill("Ewa");
  await page.getByRole("radio", { name: "Aukcje" }).check();
  await page.getByRole("textbox", { name: "Twoje pytanie" }).fill("Czy mogę licytować jako osoba prywatna?");
  await page.getByRole("button", { name: "Rozpocznij czat" }).click();
  await expect(
    page.getByText("Jesteś 1. w kolejce. Przewidywany czas oczekiwania: około 3 minut."),
  ).toBeVisible();
  await shootBoth(page, "queue");

  // The consultant takes the chat; the customer sees who answers.
  await agent.getByRole("region", { name: "Oczekujące" }).getByRole("button", { name: /Ewa/ }).click();
  await expect(agent.getByText("Czy mogę licytować jako osoba prywatna?").first()).toBeVisible();
  await agent.getByRole("button", { name: "Przyjmij rozmowę" }).click();
  await expect(page.getByRole("heading", { name: "Anna Nowak" })).toBeVisible();
  await expect(page.getByText("Konsultant przyjął rozmowę.")).toBeVisible();

  // Typing shows on the other side until the message arrives.
  await agent.getByRole("textbox", { name: "Odpowiedź" }).fill("Dzień dobry! Aukcje są dla przedsiębiorców.");
  await expect(page.getByText("Konsultant pisze…")).toBeVisible();
  await agent.getByRole("button", { name: "Wyślij", exact: true }).click();
  await expect(page.getByText("Dzień dobry! Aukcje są dla przedsiębiorców.")).toBeVisible();
  await expect(page.getByText("Konsultant pisze…")).toHaveCount(0);
  // The customer has the panel open: the consultant's message becomes "przeczytana".
  await expect(agent.getByText(/· przeczytana/)).toBeVisible();

  await page.getByRole("textbox", { name: "Wiadomość" }).fill("Rozumiem, dziękuję.");
  await expect(agent.getByText("Klient pisze…")).toBeVisible();
  await screenshot(agent, { path: `${SHOTS}/console-typing-1280.png` });
  await screenshot(page, { path: `${SHOTS}/typing-1280.png` });
  await page.keyboard.press("Enter");
  await expect(agent.getByText("Rozumiem, dziękuję.")).toBeVisible();
  await expect(agent.getByText("Klient pisze…")).toHaveCount(0);
  await expect(page.getByText(/· (wysłana|dostarczona|przeczytana)/)).toBeVisible();

  await sendFiles(page, agent);

  // A reload keeps the conversation: the history is loaded again.
  await page.reload();
  await page.waitForSelector("html[data-hydrated]");
  await expect(page.getByText("Dzień dobry! Aukcje są dla przedsiębiorców.")).toBeVisible();

  // Leaving asks first; staying keeps the chat.
  await page.getByRole("button", { name: "Zamknij czat" }).click();
  const question = page.getByRole("dialog", { name: "czy chcesz opuścić aktualny czat?" });
  await expect(question).toBeVisible();
  await shootBoth(page, "leave-question");
  await question.getByRole("button", { name: "Wróć do rozmowy" }).click();
  await expect(question).toBeHidden();
  await page.getByRole("button", { name: "Zamknij czat" }).click();
  await question.getByRole("button", { name: "zamknij czat" }).click();
  await expect(agent.getByText("Klient opuścił czat.")).toBeVisible();

  await rateTheChat(page);

  // 'otwórz czat ponownie' starts afresh with the pre-chat form (the consultant is still online).
  await page.getByRole("button", { name: "otwórz czat ponownie" }).click();
  await expect(page.getByRole("heading", { name: "Porozmawiaj z konsultantem" })).toBeVisible();
  await agent.close();
});

test("at the end the customer gets the conversation by e-mail, only to the address given before the chat", async ({
  page,
  browser,
}) => {
  const agent = await consultantPage(browser, {
    email: "iga.konsultant@flotis.example",
    name: "Iga Zapis",
  });
  await openWidget(page);
  // A name of its own: a chat left queued by an earlier journey's failed attempt must not be taken.
  await page.getByRole("textbox", { name: "Imię" }).fill("Weronika");
  await page.getByRole("textbox", { name: "E-mail (opcjonalnie)" }).fill("ewa.zapis@example.com");
  await page.getByRole("radio", { name: "Aukcje" }).check();
  await page.getByRole("textbox", { name: "Twoje pytanie" }).fill("Jak zapisać się na aukcję?");
  await page.getByRole("button", { name: "Rozpocznij czat" }).click();
  await agent
    .getByRole("region", { name: "Oczekujące" })
    .getByRole("button", { name: /Weronika/ })
    .last()
    .click();
  await agent.getByRole("button", { name: "Przyjmij rozmowę" }).click();
  await agent.getByRole("textbox", { name: "Odpowiedź" }).fill("Wystarczy konto w serwisie.");
  await agent.keyboard.press("Enter");
  await expect(page.getByText("Wystarczy konto w serwisie.")).toBeVisible();
  await page.getByRole("button", { name: "Zamknij czat" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "zamknij czat" }).click();

  // No address to type: the transcript goes to the address given before the chat, shown first.
  await expect(page.getByRole("heading", { name: "Zapis rozmowy na e-mail" })).toBeVisible();
  await expect(
    page.getByText("Możemy wysłać zapis tej rozmowy na adres ewa.zapis@example.com."),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toHaveCount(0);
  await shootBoth(
    page,
    "widget-transcript-offer",
    page.getByRole("button", { name: "Wyślij zapis rozmowy" }),
  );
  await page.getByRole("button", { name: "Wyślij zapis rozmowy" }).click();
  await expect(page.getByText("Zapis rozmowy wysłaliśmy na adres ewa.zapis@example.com.")).toBeVisible();
  await shootBoth(page, "widget-transcript", page.getByText("Zapis rozmowy wysłaliśmy na adres"));

  const [mail] = await mailsTo("ewa.zapis@example.com");
  expect(mail.subject).toMatch(/^Zapis rozmowy na czacie z \d\d\.\d\d\.\d{4}/);
  expect(mail.text).toContain("Konsultant: Iga Zapis");
  expect(mail.text).toMatch(/\d\d:\d\d Weronika: Jak zapisać się na aukcję\?/);
  expect(mail.text).toMatch(/\d\d:\d\d Iga Zapis: Wystarczy konto w serwisie\./);
  await agent.context().close();
});

test("the console's overview shows each consultant's chats, messages, ratings and first answer per day", async ({
  page,
  browser,
}) => {
  const agent = await consultantPage(browser, {
    email: "olek.konsultant@flotis.example",
    name: "Olek Statystyka",
  });
  await startAndTake(page, agent, "Ile trwa dostawa?");
  await agent.getByRole("textbox", { name: "Odpowiedź" }).fill("Zwykle dwa tygodnie.");
  await agent.keyboard.press("Enter");
  await expect(page.getByText("Zwykle dwa tygodnie.")).toBeVisible();
  await agent.getByRole("button", { name: "Zakończ czat" }).click();
  await page.locator("label", { has: page.getByRole("radio", { name: "Ocena 4 z 5" }) }).click();
  await page.getByRole("button", { name: "Wyślij ocenę" }).click();
  await expect(page.getByText("Dziękujemy za ocenę rozmowy.")).toBeVisible();

  await agent.getByRole("button", { name: "Statystyki" }).click();
  const table = agent.getByRole("region", { name: "Tabela ocen i rozmów" });
  const today = new Intl.DateTimeFormat("pl-PL", {
    timeZone: "Europe/Warsaw",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date());
  const row = table.getByRole("row", { name: /Olek Statystyka/ });
  await expect(row.getByRole("cell")).toHaveText([
    today,
    "Olek Statystyka",
    "1",
    "2",
    "4",
    "1",
    /^\d+\s(s|min \d+\ss)$/,
  ]);
  await screenshot(agent, { path: `${SHOTS}/console-overview-1280.png`, fullPage: true });
  await agent.setViewportSize({ width: 390, height: 844 });
  await screenshot(agent, { path: `${SHOTS}/console-overview-390.png`, fullPage: true });
  await expectNoAxeViolations(agent);
  await agent.setViewportSize({ width: 1280, height: 900 });

  // Another range: last year has no chats; a reversed range gets the server's message.
  await agent.getByLabel("Od", { exact: true }).fill("2025-01-01");
  await agent.getByLabel("Do", { exact: true }).fill("2025-01-31");
  await agent.getByRole("button", { name: "Pokaż" }).click();
  await expect(agent.getByText("Brak rozmów w tym okresie.")).toBeVisible();
  await agent.getByLabel("Od", { exact: true }).fill("2025-02-01");
  await agent.getByRole("button", { name: "Pokaż" }).click();
  await expect(agent.getByRole("alert")).toHaveText("Data początkowa nie może być późniejsza niż końcowa.");
  // Back to the conversations.
  await agent.getByRole("button", { name: "Statystyki" }).click();
  await expect(agent.getByRole("region", { name: "Oczekujące" })).toBeVisible();
  await agent.context().close();
});
