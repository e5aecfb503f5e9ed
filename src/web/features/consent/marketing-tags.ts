import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import {
  type ConversionEvent,
  type LeadFormKind,
  TAG_COOKIES,
  type TrackingTags,
} from "../../../domain/consent";
import { useConsent } from "./consent-store";

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: unknown;
  loaded: boolean;
  version: string;
};
type Lintrk = ((action: string, data?: unknown) => void) & { q: unknown[] };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
    lintrk?: Lintrk;
    _linkedin_partner_id?: string;
    _linkedin_data_partner_ids?: string[];
  }
}

/** Meta's standard event of each conversion. */
const META_EVENTS: Record<ConversionEvent, string> = {
  lead: "Lead",
  callBack: "Contact",
  registration: "CompleteRegistration",
};
const TAG_ATTRIBUTE = "data-marketing-tag";

/** The tags on this page now (after marketing consent), or null. */
let loaded: TrackingTags | null = null;

function addScript(src: string, vendor: string) {
  const s = document.createElement("script");
  s.async = true;
  s.src = src;
  s.setAttribute(TAG_ATTRIBUTE, vendor);
  document.head.appendChild(s);
}

/**
 * Puts the configured tags on the page, as the vendors' base code does: a queue the script replays
 * once loaded (Meta's fbq with init and PageView; LinkedIn's partner id and lintrk).
 */
function loadTags(tags: TrackingTags): void {
  if (loaded) return;
  if (tags.meta) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    }) as Fbq;
    Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: [] });
    window.fbq = fbq;
    window._fbq = fbq;
    addScript(tags.meta.scriptUrl, "meta");
    fbq("init", tags.meta.pixelId);
    fbq("track", "PageView");
  }
  if (tags.linkedin) {
    window._linkedin_partner_id = tags.linkedin.partnerId;
    window._linkedin_data_partner_ids = [tags.linkedin.partnerId];
    const lintrk: Lintrk = Object.assign(
      (action: string, data?: unknown) => {
        lintrk.q.push([action, data]);
      },
      { q: [] as unknown[] },
    );
    window.lintrk = lintrk;
    addScript(tags.linkedin.scriptUrl, "linkedin");
  }
  loaded = tags;
}

/** Takes the tags off the page with their globals and cookies; whether any had been loaded. */
function unloadTags(): boolean {
  if (!loaded) return false;
  for (const s of document.querySelectorAll(`script[${TAG_ATTRIBUTE}]`)) s.remove();
  delete window.fbq;
  delete window._fbq;
  delete window.lintrk;
  delete window._linkedin_partner_id;
  delete window._linkedin_data_partner_ids;
  const domain = location.hostname.split(".").slice(-2).join(".");
  for (const name of TAG_COOKIES) {
    // Expiring a cookie by name needs nothing escaped; the Cookie Store API is not in every browser.
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${name}=; Max-Age=0; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${name}=; Max-Age=0; path=/; domain=.${domain}`;
  }
  loaded = null;
  return true;
}

/**
 * A conversion (spec section 7) for the advertising tags, only when they are on the page (marketing
 * consent). The server records every conversion first-party on its own, whatever the consent.
 */
export function trackConversion(event: ConversionEvent, form?: LeadFormKind): void {
  if (!loaded) return;
  if (loaded.meta) window.fbq?.("track", META_EVENTS[event], form ? { content_name: form } : {});
  const conversionId = loaded.linkedin?.conversions[event];
  if (conversionId) window.lintrk?.("track", { conversion_id: conversionId });
}

/**
 * Mounted once in the shell: the tags follow the consent. Given, they load; withdrawn, they are removed
 * and the page reloads once, so nothing a vendor's script started (timers, listeners) keeps running.
 * On a staff page (`staffPage`) there is no tag whatever the consent: one reached by a link from a
 * public page that had them takes them off the same way, as a vendor's script would otherwise see
 * the address change and report the staff page.
 */
export function MarketingTags({ staffPage }: { staffPage: boolean }) {
  const root = useRouteLoaderData("root") as { tracking?: TrackingTags | null } | undefined;
  const tags = root?.tracking ?? null;
  const consent = useConsent();
  const known = consent !== undefined;
  const marketing = consent?.marketing === true && !staffPage;
  useEffect(() => {
    if (!tags || !known) return;
    if (marketing) loadTags(tags);
    else if (unloadTags()) location.reload();
  }, [tags, known, marketing]);
  return null;
}
