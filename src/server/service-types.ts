import type { CalculatorProperties } from "../domain/calculator";
import type { Dashboard } from "../domain/staff/dashboard";
import type { AccountService } from "./accounts/service";
import type { AlertsService } from "./alerts/service";
import type { AfterWinService } from "./auctions/after-win";
import type { AuctionEventsService } from "./auctions/auction-events";
import type { BiddingService } from "./auctions/bidding-service";
import type { AuctionCloser } from "./auctions/closer";
import type { CostTables } from "./auctions/costs";
import type { BidderNotifications } from "./auctions/notifications";
import type { CatalogueChanges } from "./catalogue/changes";
import type { OfferManagement } from "./catalogue/offer-management";
import type { OfferVisits } from "./catalogue/offer-visits";
import type { OffersService } from "./catalogue/offers-service";
import type { ChatService } from "./chat/service";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { PolicyVersions } from "./content/policies";
import type { ContentService } from "./content/service";
import type { Database, Db, Tx } from "./db/client";
import type { CaptchaService } from "./http/captcha";
import type { ImageResizer } from "./images/resize";
import type { LeadLiterals } from "./leads/literals";
import type { LeadsService } from "./leads/service";
import type { LeaseApplicationDesk } from "./lease-application/desk";
import type { LeaseApplications } from "./lease-application/service";
import type { OutgoingMail } from "./mail/outbox";
import type { MailWorker } from "./mail/worker";
import type { MakesService } from "./makes";
import type { Metrics } from "./metrics";
import type { OfferAddressService } from "./offer-addresses";
import type { PrivacyService } from "./privacy/service";
import type { AuctionAdmin } from "./staff/auctions";
import type { Actor, AuditEntry, AuditFilter } from "./staff/audit";
import type { BannerAdmin } from "./staff/banners";
import type { BidderAccounts } from "./staff/bidders";
import type { CalculatorSettings } from "./staff/calculator-settings";
import type { SiteDocuments } from "./staff/documents";
import type { FaqAdmin } from "./staff/faq";
import type { LeadsInbox } from "./staff/leads-inbox";
import type { ListPrefs } from "./staff/list-prefs";
import type { LiteralAdmin } from "./staff/literals";
import type { MailOutbox } from "./staff/mail-outbox";
import type { MakeVocabulary } from "./staff/makes";
import type { StaffMembers } from "./staff/members";
import type { MyWork, WorkCounts, WorkMember } from "./staff/my-work";
import type { OfferImport } from "./staff/offer-import";
import type { OfferAdmin } from "./staff/offers";
import type { PanelOverview } from "./staff/overview";
import type { StaffSessions } from "./staff/sessions";

/*
 * The shapes of the service layer, apart from where it is assembled (services.ts): areas, API
 * handlers and route loaders import them from here, so that no area depends on the composition root.
 */

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
  /** The one clock of the process: every service, job, hub and page loader reads the time here. */
  clock: Clock;
  database: Database;
  db: Db;
  mail: MailService;
  /** Resized offer photos with their disk cache (server/images). */
  images: ImageResizer;
  /** Catalogue: offer lists, details, favourites, filter data (area: catalogue). */
  offers: OffersService;
  /** Lead forms (contact, self-financing, call-back) and their captcha. */
  leads: LeadsService;
  captcha: CaptchaService;
  /** Calculator properties in force and the literals lead pages show (for route loaders). */
  calculatorProperties(): Promise<CalculatorProperties>;
  leadLiterals(): Promise<LeadLiterals>;
  accounts: AccountService;
  /** The person's rights (RODO): copies of their data, deleting an account, requests by e-mail, retention. */
  privacy: PrivacyService;
  auctions: {
    bidding: BiddingService;
    closer: AuctionCloser;
    notifications: BidderNotifications;
    /** The fee table and transport prices of the auction pages' cost box (ADR 062). */
    costs: () => Promise<CostTables>;
    /** Staff's new tables (the audit log keeps before and after). */
    saveCosts: (tables: CostTables, by: Actor) => Promise<void>;
    /** Auction events: named sales whose lots close one after another (ADR 060). */
    events: AuctionEventsService;
    /** The winner's steps after the win: pro-forma, payment, documents, pick-up (ADR 066). */
    afterWin: AfterWinService;
  };
  /** Literals, documents, FAQ and catalogue summaries for the content pages. */
  content: ContentService;
  /** The privacy and cookie policies' texts, a version per save (the pages read, the panel saves). */
  policies: PolicyVersions;
  /** What public pages show changed, on any process (started by buildApp; ADR 018). */
  changes: CatalogueChanges;
  /** Visits of offer pages per day, counted in memory and written every few seconds (ADR 066). */
  offerVisits: OfferVisits;
  /** Makes on sale: brands menu, /marki/{make} redirects. */
  makes: MakesService;
  /** Canonical detail addresses of offers (legacy /new/{id} etc. redirects). */
  offerAddresses: OfferAddressService;
  /** Car alerts: wizard options, double opt-in, matching of changed offers, daily digests. */
  alerts: AlertsService;
  /** Online leasing applications: the preliminary decision by rules, the applicant's page, reservations. */
  leaseApplications: LeaseApplications;
  /** Live chat with consultants (the live side is src/server/chat/hub.ts). */
  chat: ChatService;
  /** Publishing, price changes and withdrawal of offers by the fleet system (OFFERS_API_KEY). */
  offerManagement: OfferManagement;
  /** Prometheus metrics of this app instance (served at /metrics by the app). */
  metrics: Metrics;
  /** The back-office's members, their sign-in and sessions, and the audit log (/panel). */
  staff: {
    members: StaffMembers;
    sessions: StaffSessions;
    bidders: BidderAccounts;
    leads: LeadsInbox;
    outbox: MailOutbox;
    documents: SiteDocuments;
    banners: BannerAdmin;
    literals: LiteralAdmin;
    faq: FaqAdmin;
    calculator: CalculatorSettings;
    offers: OfferAdmin;
    auctions: AuctionAdmin;
    offerImport: OfferImport;
    makes: MakeVocabulary;
    /** Leasing applications' queue, documents, final decisions, rule sets and their dry run. */
    leaseApplications: LeaseApplicationDesk;
    lists: ListPrefs;
    audit(filter?: AuditFilter): Promise<{ entries: AuditEntry[]; total: number }>;
    overview(): Promise<PanelOverview>;
    /** The start page's queues of a member, by role (my-work.ts). */
    myWork(member: WorkMember): Promise<MyWork>;
    /** The dashboard's figures for the Polish days from..to (dashboard.ts). */
    dashboard(range: { from: string; to: string }): Promise<Dashboard>;
    /** The panel menu's counts of what waits for a member. */
    workCounts(member: WorkMember): Promise<WorkCounts>;
  };
}
