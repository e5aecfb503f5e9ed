import { asc, eq, sql } from "drizzle-orm";
import { INVITE_HOURS, type StaffMemberInput } from "../../domain/staff/forms";
import type { StaffRole } from "../../domain/staff/roles";
import { hashPassword, randomToken, tokenHash } from "../accounts/secrets";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { staffMembers, staffSessions } from "../db/schema/index";
import type { MailService } from "../service-types";
import { type Actor, audit, COMMAND_LINE } from "./audit";
import { staffInviteMail } from "./mails";
import { StaffError } from "./staff-error";

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  /** The member has set a password and added the second factor. */
  ready: boolean;
  createdAt: Date;
}

type Row = typeof staffMembers.$inferSelect;

export const memberOf = (row: Row): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
  active: row.active,
  ready: row.passwordHash !== null && row.totpConfirmedAt !== null,
  createdAt: row.createdAt,
});

/** What the audit log keeps of a member (never a hash or a secret). */
const audited = (m: StaffMember) => ({ email: m.email, name: m.name, role: m.role, active: m.active });

/**
 * The back-office's members: added by an admin (or, the first one, from the command line) with a
 * role; each sets the password through an e-mailed link, and an admin can change the role, block the
 * member (every session ends) or reset the access (a new link, the second factor set up again).
 */
/** A member is blocked only with the reason (the form's message at its field). */
const BLOCK_REASON_MISSING = "Podaj powód blokady: trafi do dziennika zmian.";

export class StaffMembers {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    private readonly passwordHashCost: number,
  ) {}

  async list(): Promise<StaffMember[]> {
    const rows = await this.db.select().from(staffMembers).orderBy(asc(staffMembers.name));
    return rows.map(memberOf);
  }

  async get(id: number): Promise<StaffMember | null> {
    const [row] = await this.db.select().from(staffMembers).where(eq(staffMembers.id, id));
    return row ? memberOf(row) : null;
  }

  /** Adds a member and sends the set-password link (the command line prints it instead). */
  async add(input: StaffMemberInput, by: Actor): Promise<{ member: StaffMember; link: string }> {
    const { link, columns } = this.newInvite();
    const member = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffMembers)
        .values({ email: input.Email, name: input.Name, role: input.Role, ...columns })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new StaffError(400, "Ten adres e-mail ma już dostęp do panelu.", "Email");
      const added = memberOf(row);
      await audit(tx, by, {
        action: "staff.add",
        entity: "staff",
        entityId: added.id,
        after: audited(added),
      });
      await this.mailInvite(tx, by, added, link);
      return added;
    });
    this.mail.wake();
    return { member, link };
  }

  /**
   * The command line's `npm run staff:add`: adds the member, or, for an address already in the panel
   * (an admin who lost the phone and the codes), resets their access. Answers the set-password link.
   */
  async addFromCommandLine(
    input: StaffMemberInput,
  ): Promise<{ member: StaffMember; link: string; reset: boolean }> {
    const [known] = await this.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(sql`lower(${staffMembers.email}) = lower(${input.Email})`);
    if (known) return { ...(await this.resetAccess(known.id, COMMAND_LINE)), reset: true };
    return { ...(await this.add(input, COMMAND_LINE)), reset: false };
  }

  /**
   * A new role, or blocked / unblocked. An admin cannot lock themself out. Blocking takes the
   * member's access away at once: it is made only with the reason, which the audit log keeps.
   */
  async change(
    id: number,
    patch: { Role: StaffRole; Active: boolean; Reason?: string },
    by: Actor,
  ): Promise<StaffMember> {
    if (id === by.id && (patch.Role !== "admin" || !patch.Active))
      throw new StaffError(
        400,
        "Nie możesz odebrać sobie roli administratora ani zablokować własnego konta.",
      );
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for("update");
      if (!old) throw new StaffError(404, "Nie ma takiego pracownika.");
      const blocking = old.active && !patch.Active;
      if (blocking && !patch.Reason) throw new StaffError(400, BLOCK_REASON_MISSING, "Reason");
      const [row] = await tx
        .update(staffMembers)
        .set({ role: patch.Role, active: patch.Active })
        .where(eq(staffMembers.id, id))
        .returning();
      // A blocked member, or one whose role changed, signs in again: open sessions end now.
      if (!patch.Active || patch.Role !== old.role)
        await tx
          .update(staffSessions)
          .set({ revokedAt: this.clock.now() })
          .where(sql`${staffSessions.staffId} = ${id} and ${staffSessions.revokedAt} is null`);
      const before = audited(memberOf(old));
      const after = { ...audited(memberOf(row)), ...(blocking ? { reason: patch.Reason } : {}) };
      await audit(tx, by, { action: "staff.change", entity: "staff", entityId: id, before, after });
      return memberOf(row);
    });
  }

  /**
   * A lost phone or a forgotten password: the member gets a new set-password link, the password and
   * the second factor are set up again, and every session ends. From the panel it is made with the
   * reason (`reason`, kept in the audit log); the command line's reset for a locked-out admin has none.
   */
  async resetAccess(id: number, by: Actor, reason?: string): Promise<{ member: StaffMember; link: string }> {
    const { link, columns } = this.newInvite();
    const member = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffMembers)
        .set({
          passwordHash: null,
          totpSecret: null,
          totpConfirmedAt: null,
          totpLastStep: null,
          recoveryCodeHashes: [],
          ...columns,
        })
        .where(eq(staffMembers.id, id))
        .returning();
      if (!row) throw new StaffError(404, "Nie ma takiego pracownika.");
      await tx
        .update(staffSessions)
        .set({ revokedAt: this.clock.now() })
        .where(sql`${staffSessions.staffId} = ${id} and ${staffSessions.revokedAt} is null`);
      const m = memberOf(row);
      await audit(tx, by, {
        action: "staff.reset",
        entity: "staff",
        entityId: id,
        after: { ...audited(m), ...(reason ? { reason } : {}) },
      });
      await this.mailInvite(tx, by, m, link);
      return m;
    });
    this.mail.wake();
    return { member, link };
  }

  /** The member a set-password link belongs to, while it is valid. */
  async invited(token: string): Promise<StaffMember | null> {
    const [row] = await this.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.inviteTokenHash, tokenHash(token)));
    if (!row?.inviteExpiresAt || row.inviteExpiresAt <= this.clock.now() || !row.active) return null;
    return memberOf(row);
  }

  /** Sets the password through the link (used once); the second factor is set up at the next sign-in. */
  async setPassword(token: string, password: string): Promise<StaffMember> {
    const member = await this.invited(token);
    if (!member)
      throw new StaffError(
        400,
        "Link do ustawienia hasła jest nieważny albo został już użyty. Poproś administratora o nowy.",
      );
    const passwordHash = await hashPassword(password, this.passwordHashCost);
    await this.db.transaction(async (tx) => {
      await tx
        .update(staffMembers)
        .set({ passwordHash, inviteTokenHash: null, inviteExpiresAt: null })
        .where(eq(staffMembers.id, member.id));
      await audit(tx, member, { action: "staff.password", entity: "staff", entityId: member.id });
    });
    return member;
  }

  /** A new set-password link, and the member's columns that keep its hash and its end. */
  private newInvite() {
    const token = randomToken();
    const inviteExpiresAt = new Date(this.clock.now().getTime() + INVITE_HOURS * 3600_000);
    return {
      link: `${this.publicUrl}/panel/ustaw-haslo/${token}`,
      columns: { inviteTokenHash: tokenHash(token), inviteExpiresAt },
    };
  }

  /** Mails the set-password link to the member; the command line prints it instead. */
  private async mailInvite(tx: Tx, by: Actor, m: StaffMember, link: string) {
    if (by !== COMMAND_LINE)
      await this.mail.enqueue(tx, staffInviteMail(m.email, m.name, m.role, link, INVITE_HOURS));
  }
}
