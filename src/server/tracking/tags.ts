import type { ConversionEvent, TrackingTags } from "../../domain/consent";
import type { Config } from "../config";

type TagConfig = Pick<
  Config,
  | "META_PIXEL_ID"
  | "META_PIXEL_SCRIPT_URL"
  | "LINKEDIN_PARTNER_ID"
  | "LINKEDIN_SCRIPT_URL"
  | "LINKEDIN_CONVERSION_IDS"
>;

/** Where each vendor's script sends its events besides its own host (their documented endpoints). */
const META_EVENTS_ORIGIN = "https://www.facebook.com";
const LINKEDIN_EVENTS_ORIGIN = "https://px.ads.linkedin.com";

/** The tags the browser loads after marketing consent (ADR 021). */
export function trackingTags(config: TagConfig): TrackingTags {
  const conversions: Partial<Record<ConversionEvent, number>> = {};
  for (const pair of config.LINKEDIN_CONVERSION_IDS?.split(",") ?? []) {
    const [event, id] = pair.split("=");
    conversions[event as ConversionEvent] = Number(id);
  }
  return {
    meta: config.META_PIXEL_ID
      ? { pixelId: config.META_PIXEL_ID, scriptUrl: config.META_PIXEL_SCRIPT_URL }
      : null,
    linkedin: config.LINKEDIN_PARTNER_ID
      ? { partnerId: config.LINKEDIN_PARTNER_ID, scriptUrl: config.LINKEDIN_SCRIPT_URL, conversions }
      : null,
  };
}

/** Origins the page's CSP must allow for the configured tags (scripts, beacons, requests); none unset. */
export function tagOrigins(config: Partial<TagConfig>): string[] {
  const origins = new Set<string>();
  if (config.META_PIXEL_ID && config.META_PIXEL_SCRIPT_URL) {
    origins.add(new URL(config.META_PIXEL_SCRIPT_URL).origin);
    origins.add(META_EVENTS_ORIGIN);
  }
  if (config.LINKEDIN_PARTNER_ID && config.LINKEDIN_SCRIPT_URL) {
    origins.add(new URL(config.LINKEDIN_SCRIPT_URL).origin);
    origins.add(LINKEDIN_EVENTS_ORIGIN);
  }
  return [...origins];
}
