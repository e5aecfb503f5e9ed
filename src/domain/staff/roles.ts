import { isOneOf } from "./value-sets";

/**
 * The back-office's roles and what each may open. A role is a job, not a level: sales
 * handle offers, auctions, bidders and leads; content the site's texts, banners, rules and calculator;
 * consultants the live chat; analysts decide leasing applications and keep the rules of the
 * preliminary decision; the admin everything, and is the only one who manages staff.
 */
export const STAFF_ROLES = ["admin", "sales", "content", "consultant", "analyst"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_NAMES: Record<StaffRole, string> = {
  admin: "Administrator",
  sales: "Sprzedaż",
  content: "Treści",
  consultant: "Konsultant czatu",
  analyst: "Analityk",
};

/** The panel's areas and the roles that may use them. */
export const PANEL_AREAS = {
  overview: ["admin", "sales", "content", "consultant", "analyst"],
  /** The dashboard: how leads, sales and auctions go (the sales team's figures). */
  stats: ["admin", "sales"],
  staff: ["admin"],
  audit: ["admin"],
  offers: ["admin", "sales"],
  /** The vocabulary of makes: adding one lets every offer source use it, so only an admin does. */
  makes: ["admin"],
  auctions: ["admin", "sales"],
  bidders: ["admin", "sales"],
  leads: ["admin", "sales"],
  content: ["admin", "content"],
  /** Leasing applications: sales read the queue and follow the customer; analysts decide. */
  applications: ["admin", "sales", "analyst"],
  applicationDecisions: ["admin", "analyst"],
  /** The rules of the preliminary decision (a new version on each save). */
  leaseRules: ["admin", "analyst"],
  chat: ["admin", "consultant"],
  /** People's requests about their data (RODO): erasing it is done by the system, decided by an admin. */
  privacy: ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type PanelArea = keyof typeof PANEL_AREAS;

export function mayUse(role: StaffRole, area: PanelArea): boolean {
  return (PANEL_AREAS[area] as readonly StaffRole[]).includes(role);
}

export const isStaffRole = isOneOf(STAFF_ROLES);

/** What a member outside an area reads (HTTP 403). */
export const FORBIDDEN_MESSAGE = "Twoja rola nie pozwala na tę czynność.";
