import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHash } from "../../src/server/accounts/secrets";
import { accountOneTimeTokens, users } from "../../src/server/db/schema/index";
import { startApiServer, type TestServer } from "../support/api-server";
import { createBidder } from "../support/auction-fixtures";
import { ManualClock } from "../support/manual-clock";

// The account's activation link (/aktywuj-konto?guid=) as the alerts' links: opening it changes
// nothing and shows one button; the button's POST confirms the address; a second click says it is
// confirmed already; an unknown link is 404 and an old one says it expired.

const clock = new ManualClock();
let server: TestServer;
beforeAll(async () => {
  server = await startApiServer({}, { web: true, clock });
});
afterAll(() => server.close());

/** A registered account waiting for its address's confirmation, and its link's guid. */
async function waitingAccount(): Promise<{ id: number; guid: string }> {
  const { db } = server.services;
  const bidder = await createBidder(db, { status: "pending_email" });
  const guid = crypto.randomUUID();
  await db.insert(accountOneTimeTokens).values({
    tokenHash: tokenHash(guid),
    userId: bidder.id,
    purpose: "activation",
    createdAt: clock.now(),
    expiresAt: new Date(clock.now().getTime() + 48 * 3600_000),
  });
  return { id: bidder.id, guid };
}

const statusOf = async (id: number) =>
  (await server.services.db.select({ s: users.status }).from(users).where(eq(users.id, id)))[0].s;

const open = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const click = (path: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: "",
  });

/** The page's heading and whether it still shows the confirming button. */
async function page(res: Response) {
  const html = await res.text();
  const title = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  return { status: res.status, title, button: html.includes(">Potwierdzam adres e-mail</button>") };
}

describe("the activation link", () => {
  it("opened, shows a button and confirms nothing; the button confirms; a second click says so", async () => {
    const { id, guid } = await waitingAccount();
    const link = `/aktywuj-konto?guid=${guid}`;
    // Opened twice, as a mail scanner and then the person would: nothing changes.
    for (let i = 0; i < 2; i++) {
      const opened = await open(link);
      expect(opened.headers.get("cache-control")).toBe("private, no-store");
      expect(await page(opened)).toEqual({ status: 200, title: "Potwierdź adres e-mail", button: true });
    }
    expect(await statusOf(id)).toBe("pending_email");

    expect(await page(await click(link))).toEqual({
      status: 200,
      title: "Dziękujemy za potwierdzenie adresu e-mail",
      button: false,
    });
    expect(await statusOf(id)).toBe("pending_verification");

    for (const again of [await click(link), await open(link)]) {
      expect(await page(again)).toEqual({
        status: 200,
        title: "Adres e-mail jest już potwierdzony",
        button: false,
      });
    }
    expect(await statusOf(id)).toBe("pending_verification");
  });

  it("keeps the old address (/activate-account) and says when a link is unknown or expired", async () => {
    const { guid } = await waitingAccount();
    const legacy = await open(`/activate-account?guid=${guid}`);
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get("location")).toBe(`/aktywuj-konto?guid=${guid}`);

    const unknown = await page(await open(`/aktywuj-konto?guid=${crypto.randomUUID()}`));
    expect(unknown).toEqual({ status: 404, title: "Link aktywacyjny nie zadziałał", button: false });
    expect((await page(await open("/aktywuj-konto"))).status).toBe(404);
    expect((await page(await click(`/aktywuj-konto?guid=${crypto.randomUUID()}`))).status).toBe(404);

    clock.advance(49 * 3600_000);
    expect(await page(await open(`/aktywuj-konto?guid=${guid}`))).toMatchObject({
      title: "Link aktywacyjny wygasł",
      button: false,
    });
    expect((await page(await click(`/aktywuj-konto?guid=${guid}`))).title).toBe("Link aktywacyjny wygasł");
  });
});
