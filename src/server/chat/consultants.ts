import { and, eq, gt, lt } from "drizzle-orm";
import { ErrorCode } from "../../domain/errors";
import { FORBIDDEN_MESSAGE, mayUse } from "../../domain/staff/roles";
import { randomToken, tokenHash } from "../accounts/secrets";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { chatConsultantSessions, chatConsultants } from "../db/schema/index";
import { ApiError } from "../http/errors";
import type { StaffMember } from "../staff/members";
import type { StaffSessions } from "../staff/sessions";
import { chatErrors } from "./errors";

export interface Consultant {
  id: number;
  name: string;
  email: string;
}

const SESSION_HOURS = 12;

/** The panel's session checks the chat needs (StaffSessions). */
export type PanelSessions = Pick<StaffSessions, "session" | "sessionByHash">;

/**
 * The live chat's consultants are staff members who may use the chat: they sign in
 * to the panel with the password and the second factor, and the console opens its own session from
 * that one. The console's token (the chat API's Bearer token and the hub's auth) is valid only while
 * the panel session is: signing out of the panel, an ended session, a blocked member or a role
 * without the chat ends the console's too.
 */
export class ChatConsultants {
  constructor(
    private readonly db: Db,
    private readonly panel: PanelSessions,
    private readonly clock: Clock,
  ) {}

  /**
   * A console session for the member signed in with the panel token `panelToken`; refused (401)
   * without a signed-in panel session, 403 for a role without the chat.
   */
  async openConsole(panelToken: string | undefined): Promise<{ token: string; consultant: Consultant }> {
    const found = await this.panel.session(panelToken);
    if (found?.session.stage !== "signed-in")
      throw new ApiError(401, ErrorCode.Unauthenticated, chatErrors.panelSignIn);
    const member = found.member;
    if (!mayUse(member.role, "chat")) throw new ApiError(403, ErrorCode.Forbidden, FORBIDDEN_MESSAGE);
    const consultant = await this.forMember(member);
    const token = randomToken();
    await this.db.insert(chatConsultantSessions).values({
      tokenHash: tokenHash(token),
      consultantId: consultant.id,
      staffSessionHash: tokenHash(panelToken ?? ""),
      expiresAt: new Date(this.clock.now().getTime() + SESSION_HOURS * 3600_000),
    });
    await this.db
      .delete(chatConsultantSessions)
      .where(lt(chatConsultantSessions.expiresAt, this.clock.now()));
    return { token, consultant };
  }

  /** The chat's record of a member: made at the first console, its name and address kept current. */
  private async forMember(member: StaffMember): Promise<Consultant> {
    const [row] = await this.db
      .insert(chatConsultants)
      .values({ staffId: member.id, email: member.email, name: member.name })
      .onConflictDoUpdate({
        target: chatConsultants.staffId,
        set: { email: member.email, name: member.name },
      })
      .returning();
    return { id: row.id, name: row.name, email: row.email };
  }

  async byToken(token: string | undefined): Promise<Consultant | null> {
    if (!token) return null;
    const [row] = await this.db
      .select({
        id: chatConsultants.id,
        name: chatConsultants.name,
        email: chatConsultants.email,
        panel: chatConsultantSessions.staffSessionHash,
      })
      .from(chatConsultantSessions)
      .innerJoin(chatConsultants, eq(chatConsultants.id, chatConsultantSessions.consultantId))
      .where(
        and(
          eq(chatConsultantSessions.tokenHash, tokenHash(token)),
          gt(chatConsultantSessions.expiresAt, this.clock.now()),
        ),
      );
    if (!row) return null;
    // The panel session decides (and the console's work keeps it alive, as the panel's pages do).
    const panel = await this.panel.sessionByHash(row.panel);
    if (panel?.session.stage !== "signed-in" || !mayUse(panel.member.role, "chat")) return null;
    return { id: row.id, name: row.name, email: row.email };
  }

  async signOut(token: string): Promise<void> {
    await this.db
      .delete(chatConsultantSessions)
      .where(eq(chatConsultantSessions.tokenHash, tokenHash(token)));
  }
}
