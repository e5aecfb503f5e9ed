/**
 * Cookie consent and conversion tracking (ADR 021): the categories a visitor chooses, the
 * policy version they were shown, the consent record the browser sends for accountability, and the
 * three conversion events. Shared by the notice, the tags and the server.
 */

/** Raise it when the cookie policy changes: everyone is asked again. */
export const CONSENT_VERSION = 1;

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/** What the browser keeps (localStorage "cookieConsent"). */
export interface StoredConsent extends ConsentChoice {
  version: number;
  /** When the choice was made (ISO). */
  date: string;
  /** A random id the browser made up, the same in every record it sends; nothing else identifies it. */
  id: string;
}

export const ALL_ACCEPTED: ConsentChoice = { analytics: true, marketing: true };
export const ALL_REJECTED: ConsentChoice = { analytics: false, marketing: false };

/** The categories of the settings dialog, in plain Polish. */
export const CONSENT_CATEGORIES = [
  {
    key: "necessary",
    name: "Niezbędne",
    always: true,
    text: "Zapewniają działanie serwisu: logowanie, ulubione, zapamiętanie tego wyboru, ochronę formularzy przed botami. Nie można ich wyłączyć.",
  },
  {
    key: "analytics",
    name: "Analityczne",
    always: false,
    text: "Pomagają nam zrozumieć, jak korzystasz z serwisu (np. które strony są odwiedzane), abyśmy mogli go ulepszać.",
  },
  {
    key: "marketing",
    name: "Marketingowe",
    always: false,
    text: "Pozwalają nam i naszym partnerom reklamowym (Meta, LinkedIn) mierzyć skuteczność reklam i kampanii oraz pokazywać Ci dopasowane reklamy. Obejmują też zapamiętanie kampanii reklamowej, z której przychodzisz.",
  },
] as const;

/** Whether a stored choice still holds: made for the current policy version. */
export function isCurrent(consent: StoredConsent | null): consent is StoredConsent {
  return consent !== null && consent.version === CONSENT_VERSION;
}

/** The three conversion events (spec section 7): a lead form sent, a call-back asked, a bidder registered. */
export type ConversionEvent = "lead" | "callBack" | "registration";
/** Which lead form: the contact form, the self-financing form, a question about an offer. */
export type LeadFormKind = "contact" | "selfFinancing" | "offerQuestion";

/** The advertising tags configured on the server, as the browser needs them (null: not configured). */
export interface TrackingTags {
  meta: { pixelId: string; scriptUrl: string } | null;
  linkedin: {
    partnerId: string;
    scriptUrl: string;
    /** LinkedIn's conversion id of each event (an event without one is not sent to LinkedIn). */
    conversions: Partial<Record<ConversionEvent, number>>;
  } | null;
}
