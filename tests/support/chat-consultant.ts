import { eq } from "drizzle-orm";
import { randomToken, tokenHash } from "../../src/server/accounts/secrets";
import type { Db } from "../../src/server/db/client";
import { staffMembers, staffSessions } from "../../src/server/db/schema/index";

export interface ConsoleSession {
  Token: string;
  Id: number;
  Name: string;
  /** The panel session's cookie the console was opened from (`panel_session=…`). */
  panelCookie: string;
}

/**
 * A chat consultant's console as the tests of the chat use it: a staff member with the consultant
 * role (made, or found by e-mail), a signed-in panel session written straight to the database (the
 * panel's own tests go through the password and the second factor), and the console's session opened
 * from it over HTTP, as the console does. Works against another process on the same database.
 */
export async function consoleSession(
  db: Db,
  url: string,
  email: string,
  name: string,
): Promise<ConsoleSession> {
  const [known] = await db.select().from(staffMembers).where(eq(staffMembers.email, email));
  const member =
    known ??
    (
      await db
        .insert(staffMembers)
        .values({ email, name, role: "consultant", totpConfirmedAt: new Date() })
        .returning()
    )[0];
  const token = randomToken();
  await db.insert(staffSessions).values({
    tokenHash: tokenHash(token),
    staffId: member.id,
    stage: "signed-in",
    expiresAt: new Date(Date.now() + 12 * 3600_000),
  });
  const panelCookie = `panel_session=${token}`;
  const res = await fetch(`${url}/api/Chat/Consultant/Session`, {
    method: "POST",
    headers: { cookie: panelCookie },
  });
  if (res.status !== 200) throw new Error(`Konsola: ${res.status} ${await res.text()}`);
  return { ...((await res.json()) as Omit<ConsoleSession, "panelCookie">), panelCookie };
}
