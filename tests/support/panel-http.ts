import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { StaffRole } from "../../src/domain/staff/roles";
import { staffMembers } from "../../src/server/db/schema/index";
import { COMMAND_LINE } from "../../src/server/staff/audit";
import { totpAt } from "../../src/server/staff/totp";
import type { TestServer } from "./api-server";
import type { ManualClock } from "./manual-clock";

/** A browser of the panel: its session cookie and the address it comes from (X-Forwarded-For). */
export interface Browser {
  cookie: string;
  ip: string;
}

/**
 * The back-office over HTTP as its pages use it: forms posted from the site with the
 * session cookie, and members of each role signed in with the password and the second factor. The
 * server must trust one proxy hop (TRUST_PROXY_HOPS=1) so each browser has its own address.
 */
export function panelHttp(server: () => TestServer, clock: ManualClock) {
  let ipCounter = 0;
  let n = 0;
  const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  /** GET without `fields`; POST of a form with them (multipart when they are FormData, e.g. a file). */
  async function send(
    who: Browser,
    path: string,
    fields?: Record<string, string> | FormData,
    origin = server().url,
  ) {
    const multipart = fields instanceof FormData;
    const response = await fetch(`${server().url}${path}`, {
      method: fields ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: who.cookie,
        "x-forwarded-for": who.ip,
        ...(fields ? { origin } : {}),
        ...(fields && !multipart ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: multipart ? fields : fields ? new URLSearchParams(fields).toString() : undefined,
    });
    const set = response.headers.get("set-cookie");
    if (set?.startsWith("panel_session=")) who.cookie = set.split(";")[0];
    return response;
  }

  /** A member of `role` with a password and the second factor, as the set-password link and first sign-in make one. */
  async function member(role: StaffRole) {
    const { services } = server();
    const email = `${role}-${++n}-${process.pid}@flotis.example`;
    const password = "HasloPanelu2026";
    const { member, link } = await services.staff.members.add(
      { Email: email, Name: `Pracownik ${n}`, Role: role },
      COMMAND_LINE,
    );
    await services.staff.members.setPassword(link.split("/").pop() ?? "", password);
    const browser: Browser = { cookie: "", ip: freshIp() };
    const signedIn = await send(browser, "/panel/logowanie", {
      intent: "sign-in",
      Email: email,
      Password: password,
    });
    expect(signedIn.headers.get("location")).toBe("/panel/logowanie/konfiguracja");
    expect((await send(browser, "/panel/logowanie/konfiguracja")).status).toBe(200);
    const [row] = await services.db.select().from(staffMembers).where(eq(staffMembers.id, member.id));
    const secret = row.totpSecret ?? "";
    const confirmed = await send(browser, "/panel/logowanie/konfiguracja", {
      intent: "setup",
      Code: await totpAt(secret, clock.now()),
    });
    expect(confirmed.status, String(confirmed.headers.get("location"))).toBe(200);
    return { ...member, email, password, secret, browser };
  }

  const signedInByRole = new Map<StaffRole, ReturnType<typeof member>>();
  /**
   * One member of `role` per file, signed in once: a sign-in costs two scrypt hashes (≈1 s on CI),
   * and most tests only need someone of that role. Tests that change the member, its session or the
   * clock past the panel's idle limit take their own with `member`.
   */
  function signedIn(role: StaffRole) {
    const known = signedInByRole.get(role);
    if (known) return known;
    const m = member(role);
    signedInByRole.set(role, m);
    return m;
  }

  return { send, member, signedIn, freshIp };
}
