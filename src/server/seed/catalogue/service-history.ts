import { asc, inArray } from "drizzle-orm";
import { todayInPoland } from "../../../domain/polish-time";
import { bulkInsert } from "../../db/bulk-insert";
import { offerServiceVisits, offers } from "../../db/schema/index";
import type { Seeder } from "../seed-if-empty";
import { Random } from "./random";

/** How many demo cars get a history: enough to browse, few enough for a 100 000-offer seed. */
const MAX_CARS = 600;
const DAY_MS = 86_400_000;

/** What a workshop writes down, in the rotation a year brings (tyres in spring and autumn). */
const WORK = [
  "Przegląd okresowy, wymiana oleju i filtrów",
  "Wymiana opon na letnie",
  "Przegląd klimatyzacji, odgrzybianie",
  "Wymiana opon na zimowe",
  "Przegląd okresowy, wymiana oleju, filtrów i płynu hamulcowego",
  "Wymiana klocków hamulcowych przednich",
  "Badanie techniczne w stacji kontroli pojazdów",
  "Wymiana piór wycieraczek i żarówki świateł mijania",
  "Wymiana akumulatora",
] as const;
const WORKSHOPS = ["Euromaster, Poznań", "Serwis flotowy, Warszawa", "Auto-Serwis Nowak, Kraków"] as const;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Demo 'Historia serwisowa' for some ex-lease cars and auctions of the demo catalogue: a visit every
 * few months from the car's first year, the odometer rising to the offer's mileage. The first ex-lease
 * car of them has one reading lower than the one before, so the note about it can be seen. Deterministic
 * (the seed and the offer's id); part of the demo seed only, right after the offers.
 */
export const seedDemoServiceHistory: Seeder = async (database, _config, opts) => {
  const db = database.db;
  const cars = await db
    .select({
      id: offers.id,
      saleType: offers.saleType,
      make: offers.make,
      year: offers.year,
      mileage: offers.mileage,
    })
    .from(offers)
    .where(inArray(offers.saleType, ["afterLease", "auction"]))
    .orderBy(asc(offers.id));
  const today = Date.parse(`${todayInPoland(opts.now)}T00:00:00Z`);
  const rows: (typeof offerServiceVisits.$inferInsert)[] = [];
  let withHistory = 0;
  let dropShown = false;
  for (const car of cars) {
    const rnd = new Random(opts.seed, 35_000 + car.id);
    if (!rnd.chance(0.6) || withHistory >= MAX_CARS) continue;
    const start = Date.UTC(car.year, rnd.int(0, 5), rnd.int(1, 28));
    const end = today - rnd.int(20, 120) * DAY_MS;
    if (end - start < 120 * DAY_MS) continue;
    const visits: { at: number; km: number }[] = [];
    for (let at = start + rnd.int(90, 200) * DAY_MS; at <= end; at += rnd.int(100, 220) * DAY_MS) {
      // The odometer at that day, on the way to the offer's mileage, a little ahead of or behind the average.
      const share = (at - start) / (end - start);
      visits.push({ at, km: Math.round((car.mileage * share * rnd.range(0.9, 1)) / 10) * 10 });
    }
    // Rising: a reading never falls below the one before, except on the one car that shows the note.
    for (let i = 1; i < visits.length; i++) visits[i].km = Math.max(visits[i].km, visits[i - 1].km + 500);
    if (!dropShown && car.saleType === "afterLease" && visits.length >= 3) {
      const i = visits.length - 2;
      visits[i].km = Math.max(0, visits[i - 1].km - 7_000);
      dropShown = true;
    }
    withHistory++;
    const aso = `ASO ${car.make}, ${rnd.pick(["Warszawa", "Wrocław", "Gdańsk", "Katowice", "Łódź"])}`;
    const first = rnd.int(0, WORK.length - 1);
    visits.forEach((v, position) => {
      const listed = WORK[(first + position) % WORK.length];
      // Tyres follow the season: summer ones in spring, winter ones the rest of the year.
      const month = new Date(v.at).getUTCMonth() + 1;
      const work = listed.startsWith("Wymiana opon")
        ? `Wymiana opon na ${month >= 3 && month <= 6 ? "letnie" : "zimowe"}`
        : listed;
      rows.push({
        offerId: car.id,
        position,
        visitedOn: isoDay(v.at),
        mileage: Math.min(v.km, car.mileage),
        description: work,
        workshop: work.startsWith("Przegląd") ? aso : rnd.chance(0.7) ? rnd.pick(WORKSHOPS) : null,
      });
    });
  }
  for (let i = 0; i < rows.length; i += 2_000)
    await bulkInsert(db, offerServiceVisits, rows.slice(i, i + 2_000));
};
