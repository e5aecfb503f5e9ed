import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { changePasswordSchema } from "../../domain/account";
import { ErrorCode } from "../../domain/errors";
import { accountOneTimeTokens, accountSettings, accountSignInFailures, users } from "../db/schema/index";
import { ApiError } from "../http/errors";
import { type AuthContext, RESET_MINUTES, RESET_TEXTS } from "./base";
import { passwordChangedMail, passwordResetMail } from "./mails";
import { AccountProfile } from "./profile";
import { hashPassword, randomToken, tokenHash, verifyPassword } from "./secrets";

// What the rest of the server imports from the accounts area.
export {
  type AuthContext,
  DEFAULT_RULES,
  REFRESH_REUSE_GRACE_SECONDS,
  type SignedInUser,
} from "./base";

/** Passwords: change with the current one, reset by an e-mailed link. The whole accounts service. */
export class AccountService extends AccountProfile {
  /** POST /api/Account/ChangePassword: needs the current password; other devices are signed out. */
  async changePassword(auth: AuthContext, input: z.output<typeof changePasswordSchema>) {
    const [user] = await this.db.select().from(users).where(eq(users.id, auth.userId));
    if (!(await verifyPassword(input.CurrentPassword, user.passwordHash))) {
      throw new ApiError(400, ErrorCode.InvalidCredentials, "Obecne hasło jest nieprawidłowe.");
    }
    const hash = await hashPassword(input.NewPassword, this.config.PASSWORD_HASH_COST);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
      await this.settings(tx, user.id);
      await tx
        .update(accountSettings)
        .set({ passwordChangedAt: this.clock.now() })
        .where(eq(accountSettings.userId, user.id));
      await this.supersedeSessions(tx, user.id, auth.sessionId);
      await this.mail.enqueue(
        tx,
        passwordChangedMail(user.email, `${this.config.publicUrl}/przypomnienie-hasla`),
      );
    });
    this.mail.wake();
  }

  /**
   * POST /api/Account/ResetPassword: e-mails a one-time link. The answer is the same whether the
   * address has an account or not, so the form cannot be used to find out who is registered.
   */
  async requestReset(email: string) {
    const [user] = await this.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    if (!user || user.status === "blocked") return;
    if ((await this.linksSent(user.id, "password-reset", "1 hour")) >= 3) return; // enough links in the inbox already; stops mail bombing through the form
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await tx.insert(accountOneTimeTokens).values({
        tokenHash: tokenHash(token),
        userId: user.id,
        purpose: "password-reset",
        createdAt: this.clock.now(),
        expiresAt: new Date(this.clock.now().getTime() + RESET_MINUTES * 60_000),
      });
      const link = `${this.config.publicUrl}/przypomnienie-hasla?token=${token}`;
      await this.mail.enqueue(tx, passwordResetMail(user.email, link, RESET_MINUTES));
    });
    this.mail.wake();
  }

  /** POST /api/Account/ResetPassword/Confirm: sets the new password; every session is signed out. */
  async confirmReset(token: string, newPassword: string) {
    const hash = await hashPassword(newPassword, this.config.PASSWORD_HASH_COST);
    await this.db.transaction(async (tx) => {
      const userId = await this.consumeLink(tx, token, "password-reset", RESET_TEXTS);
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
      await this.settings(tx, userId);
      await tx
        .update(accountSettings)
        .set({ passwordChangedAt: this.clock.now() })
        .where(eq(accountSettings.userId, userId));
      await this.supersedeSessions(tx, userId);
      // Other reset links of this account stop working once one has been used.
      await tx
        .update(accountOneTimeTokens)
        .set({ usedAt: this.clock.now() })
        .where(
          and(
            eq(accountOneTimeTokens.userId, userId),
            eq(accountOneTimeTokens.purpose, "password-reset"),
            isNull(accountOneTimeTokens.usedAt),
          ),
        );
      await tx
        .delete(accountSignInFailures)
        .where(sql`lower(${accountSignInFailures.email}) = lower(${user.email})`);
    });
  }
}
