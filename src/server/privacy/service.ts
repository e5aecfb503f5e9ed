import type { AccountExport } from "../../domain/privacy-rights";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import type { PeriodicJob } from "../periodic-job";
import type { MailService } from "../service-types";
import { assertConfirmed, type DeletionResult, deleteAccount } from "./account-deletion";
import { dataCsv } from "./csv";
import { accountExport } from "./data";
import { PrivacyRequests } from "./requests";
import { type RetentionPass, retentionJob } from "./retention";

/**
 * The person's rights (ADR 052): a bidder's copy of their data and the deletion of their account;
 * the requests by e-mail of people without an account; the retention job.
 */
export class PrivacyService {
  /** Requests by e-mail from people without an account, and the staff's queue of erasures. */
  readonly requests: PrivacyRequests;
  /** The job erasing what is past the privacy policy's retention periods (started with the app). */
  readonly retention: PeriodicJob<RetentionPass>;

  constructor(
    protected readonly db: Db,
    mail: MailService,
    publicUrl: string,
    protected readonly clock: Clock,
    log: (msg: string, err?: unknown) => void = () => {},
  ) {
    this.requests = new PrivacyRequests(db, mail, publicUrl, clock);
    this.retention = retentionJob(db, clock, log);
  }

  /** GET /api/Account/Export: everything kept about the bidder, as JSON. */
  accountExport(userId: number): Promise<AccountExport> {
    return accountExport(this.db, userId, this.clock.now());
  }

  /** The same as one CSV table. */
  async accountExportCsv(userId: number): Promise<string> {
    return dataCsv(await this.accountExport(userId));
  }

  /** POST /api/Account/Delete: checks the confirmation and the password, then deletes (or refuses). */
  async deleteAccount(
    user: { id: number; passwordHash: string },
    input: { Password: string; Confirmation: string },
  ): Promise<DeletionResult> {
    await assertConfirmed(input, user.passwordHash);
    return this.db.transaction((tx) => deleteAccount(tx, user.id, this.clock.now()));
  }
}
