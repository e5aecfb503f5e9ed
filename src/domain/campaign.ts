/**
 * Campaign tracking (spec sections 3 and 9): the campaign name and the click ids found in the landing
 * URL are kept in browser storage with their creation date and sent with every lead; they expire two
 * hours after creation and are then cleared. Pure functions; the browser module stores them.
 */
export const CAMPAIGN_TTL_MS = 2 * 60 * 60 * 1000;

export interface CampaignTracking {
  campaignName: string | null;
  gclid: string | null;
  dclid: string | null;
  clickId: string | null;
  /** When the values were read from a landing URL (ISO). */
  createdAt: string;
  /** When a form was last sent with them, and for which offer (ISO, AuctionId). */
  formDate?: string | null;
  formAuctionId?: number | null;
}

const first = (params: URLSearchParams, names: string[]): string | null => {
  for (const n of names) {
    const v = params.get(n)?.trim();
    if (v) return v.slice(0, 200);
  }
  return null;
};

/**
 * Reads the campaign values of a landing URL; null when it carries none (then what is stored stays).
 * Campaign name: utm_campaign or campaign; click id: clickid or fbclid; ads click ids: gclid, dclid.
 */
export function campaignFromUrl(search: string, now: Date): CampaignTracking | null {
  const params = new URLSearchParams(search);
  const t = {
    campaignName: first(params, ["utm_campaign", "campaign"]),
    gclid: first(params, ["gclid"]),
    dclid: first(params, ["dclid"]),
    clickId: first(params, ["clickid", "click_id", "fbclid"]),
  };
  if (!t.campaignName && !t.gclid && !t.dclid && !t.clickId) return null;
  return { ...t, createdAt: now.toISOString() };
}

export function isExpired(t: CampaignTracking, now: Date): boolean {
  const created = Date.parse(t.createdAt);
  return !Number.isFinite(created) || now.getTime() - created >= CAMPAIGN_TTL_MS;
}

/** The three campaign ids of a lead payload: campaign, click id, ads click id (Google: gclid, else dclid). */
export function campaignIds(t: CampaignTracking | null): {
  CampaignId: string | null;
  ClickId: string | null;
  AdsClickId: string | null;
} {
  return {
    CampaignId: t?.campaignName ?? null,
    ClickId: t?.clickId ?? null,
    AdsClickId: t?.gclid ?? t?.dclid ?? null,
  };
}
