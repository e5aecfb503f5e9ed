import { trackConversion } from "../consent/marketing-tags";
/**
 * What the lead components need to know about an offer; the offer detail page passes these fields
 * from its offer (spec section 3 names).
 */
export interface LeadOffer {
  AuctionId: number;
  /** 'new' (Nowy), 'afterLease' (Poleasingowy) or 'auction'. */
  SaleType: "new" | "afterLease" | "auction";
  MakeModel: string;
  IsCertified: boolean;
  IsRentAvailable: boolean;
  IsLeasingAvailable: boolean;
  IsCashAvailable: boolean;
  /** Net price (złoty); the discount price when there is one. */
  TotalPriceNetto: number | null;
  TotalPriceNettoDiscount?: number | null;
  TotalPriceBrutto: number | null;
  TotalPriceBruttoDiscount?: number | null;
  /** Longest contract the offer allows (spec default 80 months). */
  MaxLeasingPeriod?: number;
  MaxRentPeriod?: number;
}

/** Browser event fired after every lead is stored (spec section 4 "lead-complete"). */
export const LEAD_COMPLETE_EVENT = "lead-complete";
export interface LeadCompleteDetail {
  LeadId: number;
  AuctionId: number | null;
  form: "contact" | "selfFinancing" | "callBack";
}

export function fireLeadComplete(detail: LeadCompleteDetail): void {
  window.dispatchEvent(new CustomEvent<LeadCompleteDetail>(LEAD_COMPLETE_EVENT, { detail }));
  // The conversion for the advertising tags (only there after marketing consent, ADR 021).
  if (detail.form === "callBack") trackConversion("callBack");
  else trackConversion("lead", detail.form === "contact" && detail.AuctionId ? "offerQuestion" : detail.form);
}
