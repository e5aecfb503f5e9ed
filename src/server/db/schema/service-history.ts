import { date, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, serialId } from "./columns";
import { offers } from "./core";

/**
 * Service visits and odometer readings of an ex-lease car, as the fleet system delivers them
 * (POST /api/Admin/Offers, PUT /api/Admin/Offers/ServiceHistory replaces them all). A statement
 * about a real car: the marketplace shows it and never makes one up.
 */
export const offerServiceVisits = pgTable(
  "offer_service_visits",
  {
    id: serialId(),
    offerId: belongsTo("offer_id", () => offers.id),
    /** The place in the list the fleet system sent: the order of visits of one day. */
    position: integer("position").notNull(),
    /** A calendar day (no time, no time zone), as the workshop's papers give it. */
    visitedOn: date("visited_on", { mode: "string" }).notNull(),
    mileage: integer("mileage").notNull(),
    description: text("description").notNull(),
    workshop: text("workshop"),
  },
  (t) => [uniqueIndex("offer_service_visits_offer_pos_idx").on(t.offerId, t.position)],
);
