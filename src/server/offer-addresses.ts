import { eq } from "drizzle-orm";
import { offerPath } from "../domain/slug";
import type { Db } from "./db/client";
import { offers } from "./db/schema/index";

export interface OfferAddressService {
  /** The canonical detail address of offer `id` (/{sale-type}/{make-model}-id-{id}), or null. */
  canonicalPath(id: number): Promise<string | null>;
}

/** Detail addresses for the legacy /new/{id}, /afterLease/{id}, /auction/{id} redirects. */
export function createOfferAddressService(db: Db): OfferAddressService {
  return {
    async canonicalPath(id) {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({ id: offers.id, saleType: offers.saleType, make: offers.make, model: offers.model })
        .from(offers)
        .where(eq(offers.id, id))
        .limit(1);
      return row ? offerPath(row) : null;
    },
  };
}
