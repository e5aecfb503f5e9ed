import { and, eq, gt, lt, sql } from "drizzle-orm";
import { ErrorCode } from "../../domain/errors";
import { dummyPasswordHash, hashPassword, randomToken, tokenHash, verifyPassword } from "../accounts/secrets";
import type { Db } from "../db/client";
import { chatConsultantSessions, chatConsultants } from "../db/schema/index";
import { ApiError } from "../http/errors";
import { chatErrors } from "./errors";

export interface Consultant {
  id: number;
  name: string;
  email: string;
}

const SESSION_HOURS = 12;

/** The live chat's consultants (added by staff) and their sign-in sessions for the console. */
export class ChatConsultants {
  constructor(private readonly db: Db) {}

  /** Adds a consultant, or gives an existing one (same e-mail) a new name and password. */
  async add(email: string, name: string, password: string): Promise<Consultant> {
    const passwordHash = await hashPassword(password);
    const values = { email: email.trim(), name: name.trim(), passwordHash };
    const [updated] = await this.db
      .update(chatConsultants)
      .set({ name: values.name, passwordHash })
      .where(sql`lower(${chatConsultants.email}) = lower(${values.email})`)
      .returning();
    const row = updated ?? (await this.db.insert(chatConsultants).values(values).returning())[0];
    return { id: row.id, name: row.name, email: row.email };
  }

  async signIn(email: string, password: string): Promise<{ token: string; consultant: Consultant }> {
    const [row] = await this.db
      .select()
      .from(chatConsultants)
      .where(sql`lower(${chatConsultants.email}) = lower(${email.trim()})`);
    // The same work whether or not the address is known, so the answer's time tells nothing.
    const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !ok) throw new ApiError(401, ErrorCode.InvalidCredentials, chatErrors.signIn);
    const token = randomToken();
    await this.db.insert(chatConsultantSessions).values({
      tokenHash: tokenHash(token),
      consultantId: row.id,
      expiresAt: new Date(Date.now() + SESSION_HOURS * 3600_000),
    });
    await this.db.delete(chatConsultantSessions).where(lt(chatConsultantSessions.expiresAt, new Date()));
    return { token, consultant: { id: row.id, name: row.name, email: row.email } };
  }

  async byToken(token: string | undefined): Promise<Consultant | null> {
    if (!token) return null;
    const [row] = await this.db
      .select({ id: chatConsultants.id, name: chatConsultants.name, email: chatConsultants.email })
      .from(chatConsultantSessions)
      .innerJoin(chatConsultants, eq(chatConsultants.id, chatConsultantSessions.consultantId))
      .where(
        and(
          eq(chatConsultantSessions.tokenHash, tokenHash(token)),
          gt(chatConsultantSessions.expiresAt, new Date()),
        ),
      );
    return row ?? null;
  }

  async signOut(token: string): Promise<void> {
    await this.db
      .delete(chatConsultantSessions)
      .where(eq(chatConsultantSessions.tokenHash, tokenHash(token)));
  }
}
