import { asc, eq, sql } from "drizzle-orm";
import type { ConditionRating, ConditionSection, DamageEntry, TyreState } from "../../db/schema/auctions";
import { offerPhotos, offers, technicalReports } from "../../db/schema/index";
import type { Seeder } from "../seed-if-empty";

/** Small deterministic generator (mulberry32): the same seed gives the same reports. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RATINGS: ConditionRating[] = ["bardzo dobry", "dobry", "dobry", "dostateczny", "wymaga naprawy"];
const SECTIONS: { name: string; notes: Record<ConditionRating, string> }[] = [
  {
    name: "Nadwozie i lakier",
    notes: {
      "bardzo dobry": "Lakier bez zarysowań, szczeliny równe.",
      dobry: "Drobne rysy parkingowe, bez korozji.",
      dostateczny: "Odpryski na masce, ślady napraw lakierniczych.",
      "wymaga naprawy": "Wgniecenie drzwi, ognisko korozji na progu.",
    },
  },
  {
    name: "Wnętrze",
    notes: {
      "bardzo dobry": "Tapicerka czysta, bez przetarć.",
      dobry: "Lekkie przetarcia fotela kierowcy.",
      dostateczny: "Zabrudzenia tapicerki, zużyta kierownica.",
      "wymaga naprawy": "Pęknięty panel deski rozdzielczej.",
    },
  },
  {
    name: "Silnik i napęd",
    notes: {
      "bardzo dobry": "Praca równa, bez wycieków.",
      dobry: "Niewielkie zapocenie pokrywy zaworów.",
      dostateczny: "Głośniejsza praca na zimnym silniku.",
      "wymaga naprawy": "Błąd w sterowniku silnika do diagnozy.",
    },
  },
  {
    name: "Zawieszenie i hamulce",
    notes: {
      "bardzo dobry": "Tarcze i klocki w dobrym stanie.",
      dobry: "Klocki przednie do wymiany w ciągu roku.",
      dostateczny: "Luz na końcówce drążka kierowniczego.",
      "wymaga naprawy": "Tarcze hamulcowe do wymiany.",
    },
  },
  {
    name: "Szyby i oświetlenie",
    notes: {
      "bardzo dobry": "Bez uwag.",
      dobry: "Drobny odprysk na szybie czołowej poza polem widzenia.",
      dostateczny: "Zmatowione klosze reflektorów.",
      "wymaga naprawy": "Pęknięta szyba czołowa.",
    },
  },
];
const DAMAGES = [
  { Place: "zderzak przedni", Description: "rysa ok. 10 cm, bez pęknięć" },
  { Place: "drzwi tylne prawe", Description: "płytkie wgniecenie parkingowe" },
  { Place: "felga przednia lewa", Description: "otarcie od krawężnika" },
  { Place: "błotnik tylny lewy", Description: "odprysk lakieru do podkładu" },
  { Place: "fotel kierowcy", Description: "przetarcie boczku" },
];
const INSPECTORS = [
  "Jan Kowalczyk, rzeczoznawca",
  "Marta Zielińska, rzeczoznawca",
  "Tomasz Wójcik, rzeczoznawca",
];
const POSITIONS = ["przednia lewa", "przednia prawa", "tylna lewa", "tylna prawa"];

/**
 * Demo 'opis stanu technicznego' for the auctions of the demo catalogue: ratings of the main areas,
 * tyre tread and damages, with the offer's own photos. Part of the demo seed only (first start,
 * `npm run seed`), right after the offers it describes: a report is a statement about a real car, so
 * the marketplace never makes one up for an auction that came from anywhere else.
 */
export const seedDemoTechnicalReports: Seeder = async (database, _config, opts) => {
  const db = database.db;
  const auctions = await db
    .select({ id: offers.id, mileage: offers.mileage, start: offers.auctionStart })
    .from(offers)
    .where(
      sql`${offers.saleType} = 'auction' and not exists (select 1 from ${technicalReports} r where r.offer_id = ${offers.id})`,
    )
    .orderBy(asc(offers.id));
  for (const a of auctions) {
    const rnd = random(opts.seed + a.id * 7919);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const sections: ConditionSection[] = SECTIONS.map((s) => {
      const rating = pick(RATINGS);
      return { Name: s.name, Rating: rating, Notes: s.notes[rating] };
    });
    const season = rnd() < 0.5 ? "letnia" : "całoroczna";
    const tyres: TyreState[] = POSITIONS.map((p) => ({
      Position: p,
      TreadDepthMm: Math.round((3 + rnd() * 4.5) * 10) / 10,
      Season: season,
      Notes: "",
    }));
    const photos = (
      await db
        .select({ id: offerPhotos.imageId })
        .from(offerPhotos)
        .where(eq(offerPhotos.offerId, a.id))
        .orderBy(asc(offerPhotos.position))
    ).map((p) => p.id);
    const damageCount = Math.floor(rnd() * 3);
    const damages: DamageEntry[] = Array.from({ length: damageCount }, (_, i) => ({
      ...DAMAGES[(a.id + i) % DAMAGES.length],
      PhotoId: photos.length ? photos[(i + 1) % photos.length] : null,
    }));
    const worst = sections.some((s) => s.Rating === "wymaga naprawy");
    await db.insert(technicalReports).values({
      offerId: a.id,
      inspectedAt: new Date((a.start ?? opts.now).getTime() - (3 + Math.floor(rnd() * 10)) * 86_400_000),
      inspector: pick(INSPECTORS),
      mileage: a.mileage,
      summary: worst
        ? "Pojazd sprawny, wymaga napraw opisanych niżej; cenę wywoławczą ustalono z ich uwzględnieniem."
        : "Pojazd zadbany, ślady użytkowania odpowiednie do wieku i przebiegu.",
      sections,
      tyres,
      damages,
      photoIds: photos.slice(0, 4),
      // Saved at the seeding's moment, not the database's: the same seed and moment give the same report.
      savedAt: opts.now,
    });
  }
};
