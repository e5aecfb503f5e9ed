import { asc } from "drizzle-orm";
import { type FeeBand, isVoivodeship, type Voivodeship } from "../../domain/auctions/costs";
import type { Db } from "../db/client";
import { auctionFeeBands, transportPrices } from "../db/schema/index";
import { type Actor, audit } from "../staff/audit";

/** The fee table and the transport prices every auction page's cost box counts with (ADR 062). */
export interface CostTables {
  bands: FeeBand[];
  transport: { voivodeship: Voivodeship; price: number }[];
}

export async function costTables(db: Db): Promise<CostTables> {
  const [bands, transport] = await Promise.all([
    db.select().from(auctionFeeBands).orderBy(asc(auctionFeeBands.position)),
    db.select().from(transportPrices).orderBy(asc(transportPrices.voivodeship)),
  ]);
  return {
    bands: bands.map((b) => ({ upTo: b.upTo, fee: b.fee })),
    transport: transport.flatMap((t) =>
      isVoivodeship(t.voivodeship) ? [{ voivodeship: t.voivodeship, price: t.price }] : [],
    ),
  };
}

/** Staff's new tables, replacing the old ones in one transaction, with the audit log's before and after. */
export async function saveCostTables(db: Db, tables: CostTables, by: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await costTables(tx as unknown as Db);
    await tx.delete(auctionFeeBands);
    await tx.insert(auctionFeeBands).values(tables.bands.map((b, i) => ({ position: i + 1, ...b })));
    await tx.delete(transportPrices);
    await tx.insert(transportPrices).values(tables.transport);
    await audit(tx, by, {
      action: "auction.costs",
      entity: "auction-costs",
      entityId: "tabele",
      before,
      after: tables,
    });
  });
}
