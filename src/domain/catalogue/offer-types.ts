import type { z } from "zod";
import type { specialPromotionSchema } from "./dto";

// The JSON shapes stored on an offer row (src/server/db/schema/core.ts keeps the same shapes).
export type SpecialPromotion = z.infer<typeof specialPromotionSchema>;
export type MarketingLabel = { Text: string; Color: string };
