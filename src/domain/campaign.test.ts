import { describe, expect, it } from "vitest";
import { CAMPAIGN_TTL_MS, campaignFromUrl, campaignIds, isExpired } from "./campaign";

const now = new Date("2026-11-21T10:00:00Z");

describe("campaign tracking", () => {
  it("reads campaign name, gclid, dclid and click id from the landing URL with the creation date", () => {
    const t = campaignFromUrl("?utm_campaign=zima-2026&gclid=G1&dclid=D1&clickid=C1&x=1", now);
    expect(t).toEqual({
      campaignName: "zima-2026",
      gclid: "G1",
      dclid: "D1",
      clickId: "C1",
      createdAt: now.toISOString(),
    });
    expect(campaignIds(t)).toEqual({ CampaignId: "zima-2026", ClickId: "C1", AdsClickId: "G1" });
  });
  it("ignores a URL without campaign values and sends nulls without tracking", () => {
    expect(campaignFromUrl("?page=2", now)).toBeNull();
    expect(campaignIds(null)).toEqual({ CampaignId: null, ClickId: null, AdsClickId: null });
  });
  it("falls back to dclid as the ads click id", () => {
    expect(campaignIds(campaignFromUrl("?dclid=D9", now)).AdsClickId).toBe("D9");
  });
  it("expires two hours after creation", () => {
    const t = campaignFromUrl("?campaign=a", now)!;
    expect(isExpired(t, new Date(now.getTime() + CAMPAIGN_TTL_MS - 1))).toBe(false);
    expect(isExpired(t, new Date(now.getTime() + CAMPAIGN_TTL_MS))).toBe(true);
    expect(isExpired({ ...t, createdAt: "nonsense" }, now)).toBe(true);
  });
});
