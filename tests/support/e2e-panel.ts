import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Browser, expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { e2eDataDir, e2ePort } from "./e2e-outbox";

/** The back-office's journeys: a member added from the command line, and their sign-in. */
export interface StaffPerson {
  email: string;
  name: string;
  password: string;
}

/**
 * npm run staff:add, as an operator runs it beside the running server (the journeys' shared one, or
 * `server`): it prints the set-password link.
 */
export async function staffAdd(
  email: string,
  name: string,
  role = "admin",
  server = { dataDir: e2eDataDir(), port: e2ePort() },
): Promise<string> {
  // `npm run staff:add` runs tsx; called directly it skips npx's own start (~0.6 s of CPU a call).
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/staff.ts", "add-staff", email, name, role],
    {
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: String(server.port) },
    },
  );
  const link = /https?:\/\/\S+\/panel\/ustaw-haslo\/\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`staff:add printed no link:\n${stdout}`);
  return new URL(link).pathname;
}

/** The authenticator app: a code for a step after the last one used (the panel takes each once). */
const lastStep = new Map<string, number>();
export async function appCode(secret: string): Promise<string> {
  const step = Math.max(Math.floor(Date.now() / 30_000), (lastStep.get(secret) ?? 0) + 1);
  lastStep.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/** A browser window of its own, `width` wide, on the shared server or at `baseURL`. */
export async function newPage(browser: Browser, width: number, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width, height: 900 },
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
  });
  return context.newPage();
}

/**
 * From the set-password link to the panel: password, first sign-in, the app set up. Answers the secret.
 * With `checks`, a mistyped repeat and a wrong code are refused on the way (journeys of other areas
 * that only need a signed-in member leave them out).
 */
export async function firstSignIn(
  page: Page,
  link: string,
  who: StaffPerson,
  { checks = true }: { checks?: boolean } = {},
): Promise<string> {
  await page.goto(link);
  await page.getByLabel("Nowe hasło", { exact: true }).fill(who.password);
  if (checks) {
    await page.getByLabel("Powtórz nowe hasło").fill(`${who.password}!`);
    await page.getByRole("button", { name: "Ustaw hasło" }).click();
    await expect(page.getByText("Hasła nie są takie same")).toBeVisible();
  }
  await page.getByLabel("Powtórz nowe hasło").fill(who.password);
  await page.getByRole("button", { name: "Ustaw hasło" }).click();
  await expect(page.getByText("Hasło zostało ustawione. Zaloguj się.")).toBeVisible();

  await page.getByLabel("Adres e-mail").fill(who.email);
  await page.getByLabel("Hasło", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Dalej" }).click();
  await expect(page.getByRole("heading", { name: "Włącz drugi składnik" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  if (checks) {
    await page.getByLabel("Kod z aplikacji").fill("000000");
    await page.getByRole("button", { name: "Włącz i zaloguj się" }).click();
    await expect(page.getByText("Nieprawidłowy kod.", { exact: false })).toBeVisible();
  }
  await page.getByLabel("Kod z aplikacji").fill(await appCode(secret));
  await page.getByRole("button", { name: "Włącz i zaloguj się" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "Przejdź do panelu" }).click();
  await expect(page.getByRole("heading", { name: "Przegląd" })).toBeVisible();
  return secret;
}

export async function signIn(page: Page, who: StaffPerson, secret: string) {
  await page.goto("/panel");
  await expect(page).toHaveURL(/\/panel\/logowanie\?returnTo=%2Fpanel$/);
  await page.getByLabel("Adres e-mail").fill(who.email);
  await page.getByLabel("Hasło", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Dalej" }).click();
  await page.getByLabel("Kod", { exact: true }).fill(await appCode(secret));
  await page.getByRole("button", { name: "Zaloguj się" }).click();
  await expect(page.getByRole("heading", { name: "Przegląd" })).toBeVisible();
}
