import type { ConversionEvent, LeadFormKind } from "../../domain/consent";
import type { ConsentRecordRequest } from "../../domain/consent-record";
import type { Db, Tx } from "../db/client";
import { consentRecords, conversions } from "../db/schema/index";

/** The campaign ids a form brought with it (spec sections 3 and 9), each optional. */
export interface CampaignIds {
  CampaignId?: string | null;
  ClickId?: string | null;
  AdsClickId?: string | null;
}

/**
 * A conversion, recorded first-party in the transaction of what it counts (the lead, the call-back,
 * the account), whatever the visitor chose about cookies: the company counts conversions per campaign
 * without any tracker (ADR 021). No personal data: the lead or the account holds that.
 */
export async function recordConversion(
  tx: Db | Tx,
  event: ConversionEvent,
  ids: CampaignIds,
  form: LeadFormKind | null = null,
): Promise<void> {
  await tx.insert(conversions).values({
    event,
    form,
    campaignId: ids.CampaignId ?? null,
    clickId: ids.ClickId ?? null,
    adsClickId: ids.AdsClickId ?? null,
  });
}

/** A visitor's cookie choice, kept to show what was consented to and when (GDPR art. 7(1)). */
export async function recordConsent(db: Db, input: ConsentRecordRequest): Promise<void> {
  await db.insert(consentRecords).values({
    anonymousId: input.AnonymousId,
    analytics: input.Analytics,
    marketing: input.Marketing,
    version: input.Version,
    decidedAt: new Date(input.DecidedAt),
  });
}
