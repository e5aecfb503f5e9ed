import { useEffect } from "react";
import { useLocation } from "react-router";
import { type CampaignTracking, campaignFromUrl, campaignIds, isExpired } from "../../../domain/campaign";
import { readItem, readJson, StorageKeys, writeItem, writeJson } from "../../lib/storage";
import { marketingAllowed, useConsent } from "../consent/consent-store";

/**
 * Campaign values of this visit that may not be stored: they are marketing data (ADR 021), kept in the
 * browser's storage only with marketing consent. Without it they live in the page's memory for the
 * visit, so a lead sent during it still carries them.
 */
let unstored: CampaignTracking | null = null;
// Browser-only: the values' age in localStorage is the browser's own time.

/** The campaign values (stored, or of this visit), or null; values older than two hours are cleared. */
export function readCampaign(now = new Date()): CampaignTracking | null {
  if (unstored && isExpired(unstored, now)) unstored = null;
  const t = readJson<CampaignTracking | null>(StorageKeys.campaignTracking, null);
  if (!t) return unstored;
  if (isExpired(t, now)) {
    writeItem(StorageKeys.campaignTracking, null);
    return null;
  }
  return t;
}

function keep(t: CampaignTracking): void {
  if (marketingAllowed()) writeJson(StorageKeys.campaignTracking, t);
  else unstored = t;
}

/** Stores the campaign values of a landing URL (new values replace older ones). */
export function captureCampaign(search: string, now = new Date()): void {
  const t = campaignFromUrl(search, now);
  if (t) keep(t);
  else readCampaign(now); // clears expired values
}

/** After a choice about cookies: the values move into storage with marketing consent, out without. */
export function followConsent(marketing: boolean): void {
  const t = readCampaign();
  if (marketing && unstored) {
    writeJson(StorageKeys.campaignTracking, unstored);
    unstored = null;
  } else if (!marketing && readItem(StorageKeys.campaignTracking)) {
    unstored = t;
    writeItem(StorageKeys.campaignTracking, null);
  }
}

/** The three campaign ids to send with a lead. */
export const currentCampaignIds = () => campaignIds(readCampaign());

/** After a lead is sent: the form date and the offer it was about (spec section 3 storage fields). */
export function recordFormSent(auctionId: number | null, now = new Date()): void {
  const t = readCampaign(now);
  if (t) keep({ ...t, formDate: now.toISOString(), formAuctionId: auctionId });
}

/**
 * Mount once in the shell: reads campaign values from every URL the visitor lands on or moves to
 * (spec section 9), and clears them once they expire.
 */
export function CampaignTracker() {
  const { search } = useLocation();
  const consent = useConsent();
  const known = consent !== undefined;
  const marketing = consent?.marketing === true;
  useEffect(() => {
    captureCampaign(search);
  }, [search]);
  useEffect(() => {
    if (known) followConsent(marketing);
  }, [known, marketing]);
  return null;
}
