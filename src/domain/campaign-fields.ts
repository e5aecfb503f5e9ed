import { z } from "zod";

const optionalId = z.string().trim().max(200).nullish();

/**
 * The three campaign ids of a request body (spec sections 3 and 9, domain/campaign.ts): sent with leads,
 * and with a call-back and a registration for their first-party conversion record (ADR 021). Apart from
 * campaign.ts, which every page loads without zod.
 */
export const campaignFields = {
  CampaignId: optionalId,
  ClickId: optionalId,
  AdsClickId: optionalId,
};
