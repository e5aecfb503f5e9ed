/**
 * Cookie consent and conversion tracking (ADR 021): the categories a visitor chooses, the
 * policy version they were shown, the consent record the browser sends for accountability, and the
 * three conversion events. Shared by the notice, the tags and the server.
 */

/**
 * Raise it when the consent categories or what they cover change (a new cookie or tag): everyone is
 * asked again. A new text of the cookie policy saved in the panel is not such a change (ADR 055).
 */
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

export const ALL_REJECTED: ConsentChoice = { analytics: false, marketing: false };

/** Where a cookie or a similar technology keeps its data. */
export type ConsentItemKind = "cookie" | "localStorage" | "sessionStorage" | "tag";

/** A cookie, a storage key or a tag of one consent category, as the cookie policy's table lists it. */
export interface ConsentItem {
  name: string;
  kind: ConsentItemKind;
  /** Who sets and reads it: us or the tag's vendor. */
  provider: string;
  purpose: string;
  /** How long it is kept, in words. */
  lifetime: string;
}

const US = "Flotis (my)";
const META = "Meta Platforms Ireland Limited";
const LINKEDIN = "LinkedIn Ireland Unlimited Company";

/**
 * The categories of the settings dialog, in plain Polish, with every cookie, storage key and tag each
 * one covers: the cookie notice asks by category, the cookie policy (/polityka-cookies) prints the
 * items as its table, and the tags' cookies are removed by name when the consent is withdrawn.
 */
export const CONSENT_CATEGORIES = [
  {
    key: "necessary",
    name: "Niezbędne",
    /** The category in the notice's sentence ("plików cookie niezbędnych"). */
    inSentence: "niezbędnych",
    always: true,
    text: "Zapewniają działanie serwisu: logowanie, ulubione, zapamiętanie tego wyboru, ochronę formularzy przed botami. Nie można ich wyłączyć.",
    items: [
      {
        name: "cookieConsent, cookiesModalHidden",
        kind: "localStorage",
        provider: US,
        purpose:
          "Zapamiętują Twój wybór dotyczący plików cookie z wersją ustawień zgód i datą wyboru oraz losowy identyfikator przeglądarki, pod którym zapisujemy ten wybór u siebie.",
        lifetime: "Do zmiany wyboru albo zmiany listy plików cookie i znaczników, o które pytamy",
      },
      {
        name: "accessToken, refreshToken, utoken, userName, accessDenied",
        kind: "localStorage",
        provider: US,
        purpose: "Utrzymują zalogowanie do konta uczestnika aukcji.",
        lifetime: "Do wylogowania (token odświeżający najwyżej 30 dni)",
      },
      {
        name: "favorites, comparison, activeFiltersCount",
        kind: "localStorage",
        provider: US,
        purpose: "Zapamiętują ulubione oferty, samochody do porównania i liczbę wybranych filtrów.",
        lifetime: "Do usunięcia przez Ciebie",
      },
      {
        name: "privateBuyer",
        kind: "localStorage",
        provider: US,
        purpose: "Zapamiętuje wybór „prywatnie”, aby pokazywać ceny dla osoby prywatnej.",
        lifetime: "12 godzin od ostatniego użycia",
      },
      {
        name: "stan okna czatu, pokazane okno przy wyjściu",
        kind: "sessionStorage",
        provider: US,
        purpose:
          "Zapamiętują w trakcie wizyty, czy okno czatu jest otwarte, i to, że okno z ofertą kontaktu było już pokazane.",
        lifetime: "Do zamknięcia karty przeglądarki",
      },
      {
        name: "panel_session",
        kind: "cookie",
        provider: US,
        purpose: "Sesja pracownika w panelu administracyjnym i konsoli konsultanta (nie dotyczy klientów).",
        lifetime: "Do wylogowania",
      },
    ],
  },
  {
    key: "analytics",
    name: "Analityczne",
    inSentence: "analitycznych",
    always: false,
    text: "Pomagają nam zrozumieć, jak korzystasz z serwisu (np. które strony są odwiedzane), abyśmy mogli go ulepszać.",
    items: [],
  },
  {
    key: "marketing",
    name: "Marketingowe",
    inSentence: "marketingowych (Meta, LinkedIn)",
    always: false,
    text: "Pozwalają nam i naszym partnerom reklamowym (Meta, LinkedIn) mierzyć skuteczność reklam i kampanii oraz pokazywać Ci dopasowane reklamy. Obejmują też zapamiętanie kampanii reklamowej, z której przychodzisz.",
    items: [
      {
        name: "campaignTracking",
        kind: "localStorage",
        provider: US,
        purpose:
          "Zapamiętuje nazwę kampanii i identyfikator kliknięcia reklamy z adresu, z którego do nas trafiasz, aby dołączyć je do wysłanego formularza.",
        lifetime: "2 godziny",
      },
      {
        name: "Piksel Meta (fbevents.js)",
        kind: "tag",
        provider: META,
        purpose:
          "Przekazuje Meta informację o odwiedzonej stronie i o wysłanym formularzu, prośbie o kontakt albo rejestracji konta (bez treści formularza), aby mierzyć skuteczność reklam na Facebooku i Instagramie.",
        lifetime: "Dane po stronie Meta według jej zasad",
      },
      {
        name: "_fbp",
        kind: "cookie",
        provider: META,
        purpose: "Rozpoznaje przeglądarkę przy kolejnych wizytach na potrzeby reklam Meta.",
        lifetime: "90 dni",
      },
      {
        name: "_fbc",
        kind: "cookie",
        provider: META,
        purpose: "Zapamiętuje kliknięcie reklamy Meta, z której trafiasz do serwisu.",
        lifetime: "90 dni",
      },
      {
        name: "LinkedIn Insight Tag (insight.min.js)",
        kind: "tag",
        provider: LINKEDIN,
        purpose:
          "Przekazuje LinkedIn informację o odwiedzonej stronie i o wysłanym formularzu, prośbie o kontakt albo rejestracji konta, aby mierzyć skuteczność reklam w LinkedIn.",
        lifetime: "Dane po stronie LinkedIn według jej zasad",
      },
      {
        name: "li_fat_id",
        kind: "cookie",
        provider: LINKEDIN,
        purpose: "Zapamiętuje kliknięcie reklamy LinkedIn, z której trafiasz do serwisu.",
        lifetime: "30 dni",
      },
      {
        name: "li_giant",
        kind: "cookie",
        provider: LINKEDIN,
        purpose: "Pomiar konwersji z reklam LinkedIn.",
        lifetime: "7 dni",
      },
      {
        name: "_gcl_au",
        kind: "cookie",
        provider: LINKEDIN,
        purpose: "Pomiar konwersji z reklam, odczytywany przez znacznik LinkedIn.",
        lifetime: "90 dni",
      },
    ],
  },
] as const satisfies readonly {
  key: string;
  name: string;
  inSentence: string;
  always: boolean;
  text: string;
  items: readonly ConsentItem[];
}[];

/**
 * The cookies the advertising tags set on the site's own domain: removed by name when the marketing
 * consent is withdrawn.
 */
export const TAG_COOKIES: readonly string[] = CONSENT_CATEGORIES.flatMap((c) =>
  c.items.filter((i) => i.kind === "cookie" && i.provider !== US).map((i) => i.name),
);

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

/**
 * The categories the notice offers and the cookie policy lists: only those with something in them. A
 * category without a cookie, storage key or tag (analytics, while no analytics tag is used) would ask
 * for a consent to nothing; it comes back by itself once an item is added to it (and CONSENT_VERSION
 * raised, which asks everyone again).
 */
export const OFFERED_CATEGORIES = CONSENT_CATEGORIES.filter((c) => c.always || c.items.length > 0);

const offered = (key: keyof ConsentChoice) => OFFERED_CATEGORIES.some((c) => c.key === key);

/** "Accept all": every category offered, and nothing that is not. */
export const ALL_ACCEPTED: ConsentChoice = {
  analytics: offered("analytics"),
  marketing: offered("marketing"),
};

/** The optional categories offered, as the notice's sentence names them ("marketingowych (Meta, LinkedIn)"). */
export const OPTIONAL_CATEGORIES_IN_SENTENCE = OFFERED_CATEGORIES.filter((c) => !c.always)
  .map((c) => c.inSentence)
  .join(" i ");
