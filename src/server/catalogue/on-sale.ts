import { and, eq, gt, ne, or, type SQL } from "drizzle-orm";
import { offers } from "../db/schema/index";

/**
 * Offers on sale, for Drizzle queries: the base condition of every list (offerWhere in offer-query.ts)
 * — active, and an auction only until its end. Counts and menus use it so they agree with the lists
 * they link to (an ended auction keeps its page, but is no longer on sale).
 */
export const onSale = (now: Date): SQL =>
  and(eq(offers.status, "active"), or(ne(offers.saleType, "auction"), gt(offers.auctionEnd, now))) as SQL;
