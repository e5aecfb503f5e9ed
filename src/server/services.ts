import { WhiteListRegistry } from "./accounts/company-registry";
import { AccountService } from "./accounts/service";
import { BiddingService } from "./auctions/bidding-service";
import { AuctionCloser } from "./auctions/closer";
import type { Config } from "./config";
import { ContentService } from "./content/service";
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
  accounts: AccountService;
  auctions: { bidding: BiddingService; closer: AuctionCloser };
  /** Literals, documents, FAQ and catalogue summaries for the content pages. */
  content: ContentService;
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
  const registry = new WhiteListRegistry(config.COMPANY_REGISTRY_URL, config.COMPANY_REGISTRY_TIMEOUT_MS);
  const accounts = new AccountService(database.db, config, mail, registry);
  return {
    config,
    database,
    db: database.db,
    mail,
    accounts,
    auctions: {
      bidding: new BiddingService(database.db, config, mail, accounts),
      closer: new AuctionCloser(database.db, config, mail, log),
    },
    content: new ContentService(database),
  };
}
