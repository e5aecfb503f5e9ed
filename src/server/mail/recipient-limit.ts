import crypto from "node:crypto";
import type { FastifyReply } from "fastify";
import { ErrorCode } from "../../domain/errors";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { countHit, minutesToWait } from "../http/rate-limit";

/**
 * Every e-mail a visitor can have sent to an address they type is limited per client address (the
 * route's own limit) AND per recipient, here: many clients (a botnet, a phone changing networks)
 * must not be able to fill one person's inbox. The recipient is counted by its normalised address in
 * the same database counter as the per-client limits, so every server process counts the same.
 *
 * Over the limit, two answers, chosen by one rule:
 * - 429 with Retry-After, where the mail is the whole point of the request and the answer tells the
 *   asker nothing about anyone's account: the car alert's activation link (anyone may ask alerts for
 *   any address, and "this address was sent several links just now" reveals no account) and the chat
 *   transcript (only to the address the chat itself was started with, to its own token holder).
 * - silently not sent, where the request must succeed anyway or an answer would reveal an account:
 *   the registration attempt mail to an account's owner, the confirmation copies of lead forms and of a chat ticket (the sales team still gets the lead,
 *   so a real customer whose address someone else spammed is not turned away).
 *
 * Mails limited elsewhere, per recipient already: the password reset link (at most 3 per account an
 * hour, silently: the form answers the same whether the address has an account) and the activation
 * link sent again on sign-in (1 per account per 10 minutes, and only with the right password); a
 * registration mails its new address once (a second registration of it mails the owner instead,
 * counted here, silently: the form answers the same either way).
 */
export const MAILS_PER_RECIPIENT = {
  /** Car alert opt-in (activation link): a person setting up a few alerts in a row fits. */
  CarAlert: 3,
  /** The chat transcript, to the chat's own address. */
  ChatTranscript: 3,
  /** "We got your message" copies of the question and self-financing forms. */
  LeadConfirmation: 5,
  /** "We got your message" copy of the leave-a-message chat form. */
  ChatTicketConfirmation: 3,
  /** "Someone tried to register with your address" to an account's owner (silently past it). */
  RegistrationAttempt: 3,
} as const;

export type RecipientMail = keyof typeof MAILS_PER_RECIPIENT;

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * One inbox, one key: case folded, a "+tag" dropped (most providers deliver it to the same inbox)
 * and, at Gmail, the dots of the local part too. It only groups what is counted; mail still goes to
 * the address as typed.
 */
export function normalisedRecipient(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at).replace(/\+.*$/, "");
  let domain = address.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local || address.slice(0, at)}@${domain}`;
}

/** The counter's key: a hash, so the limiter's table holds no e-mail addresses. */
const recipientKey = (email: string) =>
  crypto.createHash("sha256").update(normalisedRecipient(email)).digest("base64url").slice(0, 32);

interface LimitDeps {
  db: Db;
  clock: Clock;
  config: { RATE_LIMITS_SCALE: number };
}

/**
 * Counts one mail of this kind to this recipient. Answers null while within the limit (scaled by
 * RATE_LIMITS_SCALE like the other abuse limits), else the seconds until the window ends.
 */
export function countRecipientMail(deps: LimitDeps, mail: RecipientMail, to: string): Promise<number | null> {
  const perWindow = MAILS_PER_RECIPIENT[mail] * deps.config.RATE_LIMITS_SCALE;
  return countHit(deps.db, `Recipient${mail}`, recipientKey(to), perWindow, deps.clock.now().getTime());
}

/** A 429 of a recipient's limit; the route answering it sets Retry-After (replyRetryAfter). */
export class RecipientLimited extends ApiError {
  constructor(
    readonly retryAfterS: number,
    message: string,
  ) {
    super(429, ErrorCode.RateLimited, message);
  }
}

/** Counts the mail, or throws the 429 with the person's Polish message for the minutes to wait. */
export async function enforceRecipientLimit(
  deps: LimitDeps,
  mail: RecipientMail,
  to: string,
  message: (minutes: number) => string,
): Promise<void> {
  const retryAfterS = await countRecipientMail(deps, mail, to);
  if (retryAfterS !== null) throw new RecipientLimited(retryAfterS, message(minutesToWait(retryAfterS)));
}

/** Runs a handler's work; a recipient's 429 leaves with its Retry-After header. */
export async function replyRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof RecipientLimited) reply.header("retry-after", String(err.retryAfterS));
    throw err;
  }
}

/** The 429 texts of the limits answered with 429. */
export const recipientLimitedMessages = {
  CarAlert: (minutes: number) =>
    `Na ten adres e-mail wysłaliśmy przed chwilą kilka linków aktywujących alerty. Sprawdź skrzynkę lub spróbuj ponownie za ${minutes} min.`,
  ChatTranscript: (minutes: number) =>
    `Zapis rozmowy wysłaliśmy już kilka razy na ten adres. Sprawdź skrzynkę lub spróbuj ponownie za ${minutes} min.`,
} as const;
