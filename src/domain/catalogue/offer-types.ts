// The JSON shapes stored on an offer row (src/server/db/schema/core.ts keeps the same shapes).
export type SpecialPromotion = {
  Text: string;
  TextColor: string;
  BackgroundColor: string;
  PhotoLink: string | null;
};
export type MarketingLabel = { Text: string; Color: string };
