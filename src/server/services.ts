import { AlertsService } from "./alerts/service";
import { CaptchaService } from "./captcha";
import type { Config } from "./config";
import type { Database, Db, Tx } from "./db/client";
import { enqueueMail, type OutgoingMail } from "./mail/outbox";
import { createMailSender, MailWorker } from "./mail/worker";

export interface MailService {
  /** Queue mail inside the caller's transaction (transactional outbox). */
  enqueue(tx: Db | Tx, mail: OutgoingMail): Promise<number>;
  /** Ask the worker to deliver now rather than at its next poll (call after the commit). */
  wake(): void;
  worker: MailWorker;
  devOutboxDir?: string;
}

/**
 * The service layer shared by API handlers and route loaders. Each area adds its service here, so
 * a loader and an API call for the same data run the same code.
 */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  mail: MailService;
  /** Robot check (ALTCHA) of the forms. */
  captcha: CaptchaService;
  /** Car alerts: wizard options, double opt-in, matching of changed offers, daily digests. */
  alerts: AlertsService;
}

export function createServices(
  config: Config,
  database: Database,
  log: (msg: string, err?: unknown) => void,
): Services {
  const sender = createMailSender(config);
  const worker = new MailWorker(database.db, sender, log);
  const mail: MailService = {
    enqueue: enqueueMail,
    wake: () => void worker.wake(),
    worker,
    devOutboxDir: sender.devOutboxDir,
  };
  const captcha = new CaptchaService(config.CAPTCHA_SECRET);
  return {
    config,
    database,
    db: database.db,
    mail,
    captcha,
    alerts: new AlertsService(database.db, mail, captcha, config, log),
  };
}
