import { useEffect } from "react";
import { useLocation } from "react-router";
import { type CampaignTracking, campaignFromUrl, campaignIds, isExpired } from "../../../domain/campaign";
import { readJson, StorageKeys, writeItem, writeJson } from "../../lib/storage";

/** The stored campaign values, or null; values older than two hours are cleared on reading. */
export function readCampaign(now = new Date()): CampaignTracking | null {
  const t = readJson<CampaignTracking | null>(StorageKeys.campaignTracking, null);
  if (!t) return null;
  if (isExpired(t, now)) {
    writeItem(StorageKeys.campaignTracking, null);
    return null;
  }
  return t;
}

/** Stores the campaign values of a landing URL (new values replace older ones). */
export function captureCampaign(search: string, now = new Date()): void {
  const t = campaignFromUrl(search, now);
  if (t) writeJson(StorageKeys.campaignTracking, t);
  else readCampaign(now); // clears expired values
}

/** The three campaign ids to send with a lead. */
export const currentCampaignIds = () => campaignIds(readCampaign());

/** After a lead is sent: the form date and the offer it was about (spec section 3 storage fields). */
export function recordFormSent(auctionId: number | null, now = new Date()): void {
  const t = readCampaign(now);
  if (t)
    writeJson(StorageKeys.campaignTracking, { ...t, formDate: now.toISOString(), formAuctionId: auctionId });
}

/**
 * Mount once in the shell: reads campaign values from every URL the visitor lands on or moves to
 * (spec section 9), and clears them once they expire.
 */
export function CampaignTracker() {
  const { search } = useLocation();
  useEffect(() => {
    captureCampaign(search);
  }, [search]);
  return null;
}
