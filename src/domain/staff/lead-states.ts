import { formatCount, NOUNS } from "../format";
import { isKeyOf, isOneOf } from "./value-sets";

/**
 * A lead in the panel's inbox: its kind, its status, and how long it has waited
 * against the site's promise that an adviser calls back within 4 hours.
 */
export const LEAD_STATUSES = ["new", "inProgress", "closed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_NAMES: Record<LeadStatus, string> = {
  new: "nowe",
  inProgress: "w toku",
  closed: "zamknięte",
};

export const LEAD_KINDS = ["question", "selfFinancing", "callBack"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_NAMES: Record<LeadKind, string> = {
  question: "zapytanie",
  selfFinancing: "samofinansowanie",
  callBack: "prośba o telefon",
};

export const isLeadStatus = isOneOf(LEAD_STATUSES);
export const isLeadKind = isOneOf(LEAD_KINDS);

/** The promise the site makes after every form (spec: an adviser within 4 hours). */
export const LEAD_PROMISE_HOURS = 4;

/** The inbox's tabs: the open leads (new and in progress) by default. */
export const LEAD_VIEWS = {
  open: "Otwarte",
  new: "Nowe",
  inProgress: "W toku",
  closed: "Zamknięte",
  all: "Wszystkie",
} as const;
export type LeadView = keyof typeof LEAD_VIEWS;
export const isLeadView = isKeyOf(LEAD_VIEWS);

export const LEADS_PAGE_SIZE = 25;

/** The inbox's columns a member sorts by (`?sortuj=`), as the address names them. */
export const LEAD_SORTS = ["nr", "przyjete", "kto", "stan", "opiekun"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

export const leadPanelPath = (id: number) => `/panel/zgloszenia/${id}`;

/** "2 godziny 5 minut", "3 dni 4 godziny", "12 minut": how long ago, in the two largest units. */
export function elapsed(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0)
    return [formatCount(days, NOUNS.day), hours ? formatCount(hours, NOUNS.hour) : ""].join(" ").trim();
  if (hours > 0)
    return [formatCount(hours, NOUNS.hour), mins ? formatCount(mins, NOUNS.minute) : ""].join(" ").trim();
  return formatCount(mins, NOUNS.minute);
}

/** A new lead nobody has taken within the promised hours. */
export const isOverdue = (lead: { status: LeadStatus; createdAt: Date }, now: Date): boolean =>
  lead.status === "new" && now.getTime() - lead.createdAt.getTime() > LEAD_PROMISE_HOURS * 3_600_000;

/** The moment by which a lead that came at `createdAt` should have been contacted. */
export const contactDeadline = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + LEAD_PROMISE_HOURS * 3_600_000);

/**
 * A lead against the 4-hour promise, in words for the start page: the time left, how long past the
 * deadline, or (once contacted) how long the contact took.
 */
export function promiseState(
  lead: { status: LeadStatus; createdAt: Date; contactedAt: Date | null },
  now: Date,
): { overdue: boolean; text: string } {
  const deadline = contactDeadline(lead.createdAt);
  if (lead.status !== "new" && lead.contactedAt) {
    const inTime = lead.contactedAt.getTime() <= deadline.getTime();
    return {
      overdue: false,
      text: `czas do kontaktu: ${elapsed(lead.createdAt, lead.contactedAt)} (${inTime ? "w terminie" : "po terminie"})`,
    };
  }
  if (lead.status !== "new") return { overdue: false, text: "w toku" };
  return now.getTime() > deadline.getTime()
    ? { overdue: true, text: `po terminie: ${elapsed(deadline, now)}` }
    : // The time left in whole minutes rounded up: "3 godziny" a moment after the lead came, not "2 godziny 59 minut".
      { overdue: false, text: `do terminu: ${elapsed(new Date(now.getTime() - 59_999), deadline)}` };
}
