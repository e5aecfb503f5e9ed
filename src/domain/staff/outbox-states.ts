import { isKeyOf } from "./value-sets";

/** The panel's e-mail outbox: its tabs by delivery state. */
export const MAIL_STATES = {
  all: "Wszystkie",
  waiting: "Czekają na wysłanie",
  failing: "Z błędem",
  sent: "Wysłane",
} as const;
export type MailState = keyof typeof MAIL_STATES;

export const isMailState = isKeyOf(MAIL_STATES);

export const MAIL_PAGE_SIZE = 50;
