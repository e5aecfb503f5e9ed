import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BRAND } from "../domain/brand";
import { vocabulary } from "../domain/catalogue/vocabulary";
import { WhiteListRegistry } from "./accounts/company-registry";
import { AccountService } from "./accounts/service";
import { AlertsService } from "./alerts/service";
import { AfterWinService } from "./auctions/after-win";
import { type AuctionAnnouncer, nobodyWatching } from "./auctions/announcements";
import { AuctionEventsService } from "./auctions/auction-events";
import { BiddingService } from "./auctions/bidding-service";
import { AuctionCloser } from "./auctions/closer";
import { costTables, saveCostTables } from "./auctions/costs";
import { BidderNotifications } from "./auctions/notifications";
import { cachedValue, invalidateOnCatalogueChange } from "./cache";
import { CatalogueChanges } from "./catalogue/changes";
import { createOfferManagement } from "./catalogue/offer-management";
import { OfferVisits } from "./catalogue/offer-visits";
import { createOffersService } from "./catalogue/offers-service";
import { ChatService } from "./chat/service";
import type { Clock } from "./clock";
import type { Config } from "./config";
import { PolicyVersions } from "./content/policies";
import { ContentService } from "./content/service";
import type { Database } from "./db/client";
import { CaptchaService } from "./http/captcha";
import { ImageResizer } from "./images/resize";
import { loadCalculatorProperties } from "./leads/calculator-store";
import { leadLiteralsOf } from "./leads/literals";
import { LeadsService } from "./leads/service";
import { LeaseApplicationDesk } from "./lease-application/desk";
import { LeaseApplications } from "./lease-application/service";
import { enqueueMail } from "./mail/outbox";
import { createMailSender, MailWorker } from "./mail/worker";
import { createMakesService } from "./makes";
import type { Metrics } from "./metrics";
import { createOfferAddressService } from "./offer-addresses";
import { PrivacyService } from "./privacy/service";
import type { MailService, Services } from "./service-types";
import { AuctionAdmin } from "./staff/auctions";
import { auditLog } from "./staff/audit";
import { BannerAdmin } from "./staff/banners";
import { BidderAccounts } from "./staff/bidders";
import { CalculatorSettings } from "./staff/calculator-settings";
import { dashboard } from "./staff/dashboard";
import { SiteDocuments } from "./staff/documents";
import { FaqAdmin } from "./staff/faq";
import { LeadsInbox } from "./staff/leads-inbox";
import { ListPrefs } from "./staff/list-prefs";
import { LiteralAdmin } from "./staff/literals";
import { MailOutbox } from "./staff/mail-outbox";
import { MakeVocabulary } from "./staff/makes";
import { StaffMembers } from "./staff/members";
import { myWork, workCounts } from "./staff/my-work";
import { OfferImport } from "./staff/offer-import";
import { OfferAdmin } from "./staff/offers";
import { panelOverview } from "./staff/overview";
import { StaffSessions } from "./staff/sessions";

/** Resized images live under DATA_DIR/cache/images; an in-memory database (tests) gets a temporary folder. */
function imageCacheDir(config: Config): string {
  if (config.DATA_DIR === ":memory:") return fs.mkdtempSync(path.join(os.tmpdir(), "image-cache-"));
  return path.join(config.dataDir, "cache", "images");
}

/** The live auctions' services: bidding, the closer, the bidders' notifications and the auction events. */
function auctionServices(
  d: {
    database: Database;
    config: Config;
    mail: MailService;
    accounts: AccountService;
    auctionAnnouncer: AuctionAnnouncer;
    clock: Clock;
    metrics: Metrics;
    log: (msg: string, err?: unknown) => void;
  },
  closer: AuctionCloser,
  afterOfferChange: () => void,
): Services["auctions"] {
  const { database, config, mail, clock, log, auctionAnnouncer } = d;
  return {
    bidding: new BiddingService(
      database.db,
      config,
      mail,
      d.accounts,
      auctionAnnouncer,
      clock,
      d.metrics,
      log,
      () => void closer.tick(),
    ),
    closer,
    notifications: new BidderNotifications(database.db, config, mail, clock, log),
    costs: () => costTables(database.db),
    saveCosts: (tables, by) => saveCostTables(database.db, tables, by),
    events: new AuctionEventsService(
      database.db,
      clock,
      auctionAnnouncer,
      config.publicUrl,
      afterOfferChange,
    ),
    afterWin: new AfterWinService(database.db, mail, clock, config.publicUrl),
  };
}

export function createServices(
  config: Config,
  database: Database,
  log: (msg: string, err?: unknown) => void,
  metrics: Metrics,
  clock: Clock,
  /** Who is told about bids and closed auctions: the bidding hub's watchers in the app, nobody in scripts. */
  auctionAnnouncer: AuctionAnnouncer = nobodyWatching,
): Services {
  const sender = createMailSender(config);
  const worker = new MailWorker(database.db, sender, log, metrics);
  const mail: MailService = {
    enqueue: enqueueMail,
    wake: () => void worker.wake(),
    worker,
    devOutboxDir: sender.devOutboxDir,
  };
  const captcha = new CaptchaService(config.CAPTCHA_SECRET, clock);
  const registry = new WhiteListRegistry(
    config.COMPANY_REGISTRY_URL,
    config.COMPANY_REGISTRY_TIMEOUT_MS,
    () => clock.now(),
  );
  const accounts = new AccountService(database.db, config, mail, registry, clock);
  const makes = createMakesService(database.db, clock);
  const offers = createOffersService(database.db, vocabulary, () => clock.now());
  const alerts = new AlertsService(database.db, mail, captcha, config, clock, log);
  const changes = new CatalogueChanges();
  // Read by nearly every page (the 'od' instalments' terms); changed only by staff.
  const calculatorProperties = cachedValue(() => loadCalculatorProperties(database.db), {
    ttlMs: 60_000,
    clock,
  });
  // The literals (the footer's contact data, the forms' disclaimer) are kept by the content service.
  const content = new ContentService(database, clock);
  // Every cache of what the catalogue shows: a published make is in the menu, the filters and the
  // alert wizard at once, and its /marki/ page is found (no stale cache links to a 404); an edited
  // calculator setting or literal is on the next page rendered.
  const lease = new LeaseApplications(database.db, config, mail, registry, calculatorProperties.get, clock);
  invalidateOnCatalogueChange(changes, makes, offers, alerts.optionsCache, calculatorProperties, content);
  const offerManagement = createOfferManagement({ db: database.db, alerts, makes, now: () => clock.now() });
  const staffSessions = new StaffSessions(
    database.db,
    clock,
    `${BRAND.name} panel`,
    config.PASSWORD_HASH_COST,
  );
  const closer = new AuctionCloser(database.db, config, mail, auctionAnnouncer, clock, log, metrics);
  return {
    config,
    clock,
    database,
    db: database.db,
    mail,
    images: new ImageResizer(
      database.db,
      imageCacheDir(config),
      clock,
      config.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    ),
    offers,
    leads: new LeadsService(database.db, mail, captcha, config, clock),
    captcha,
    calculatorProperties: calculatorProperties.get,
    leadLiterals: async () => leadLiteralsOf(await content.literals()),
    accounts,
    privacy: new PrivacyService(database.db, mail, config.publicUrl, clock, log),
    auctions: auctionServices(
      { database, config, mail, accounts, auctionAnnouncer, clock, metrics, log },
      closer,
      () => offerManagement.afterChange(false),
    ),
    content,
    policies: new PolicyVersions(database.db, clock),
    changes,
    offerVisits: new OfferVisits(database.db, clock, log, config.OFFER_VISITS_FLUSH_SECONDS),
    makes,
    offerAddresses: createOfferAddressService(database.db),
    alerts,
    leaseApplications: lease,
    chat: new ChatService(database.db, config, mail, staffSessions, clock),
    offerManagement,
    metrics,
    staff: {
      members: new StaffMembers(database.db, mail, config.publicUrl, clock, config.PASSWORD_HASH_COST),
      sessions: staffSessions,
      bidders: new BidderAccounts(database.db, mail, registry, config.publicUrl, clock),
      leads: new LeadsInbox(database.db, config.publicUrl, clock),
      outbox: new MailOutbox(database.db, mail),
      documents: new SiteDocuments(database.db, clock),
      banners: new BannerAdmin(database.db, clock),
      literals: new LiteralAdmin(database.db),
      faq: new FaqAdmin(database.db),
      calculator: new CalculatorSettings(database.db, clock),
      offers: new OfferAdmin(database.db, offerManagement, clock),
      auctions: new AuctionAdmin(database.db, offerManagement, mail, closer, config.publicUrl, clock),
      offerImport: new OfferImport(database.db, offerManagement, clock),
      makes: new MakeVocabulary(database.db),
      leaseApplications: new LeaseApplicationDesk(database.db, mail, lease, clock),
      lists: new ListPrefs(database.db),
      audit: (filter) => auditLog(database.db, filter),
      overview: () => panelOverview(database.db, clock.now()),
      myWork: (member) => myWork(database.db, member),
      dashboard: (range) => dashboard(database.db, range, clock.now()),
      workCounts: (member) => workCounts(database.db, member),
    },
  };
}
