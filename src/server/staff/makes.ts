import { asc } from "drizzle-orm";
import { MAKE_SPELLINGS, resolveMake } from "../../domain/make-names";
import { makeSlug } from "../../domain/slug";
import type { MakeInput } from "../../domain/staff/forms";
import type { Db } from "../db/client";
import { vehicleMakes } from "../db/schema/index";
import { type Actor, audit } from "./audit";
import { StaffError } from "./staff-error";

/**
 * The vocabulary of makes offers may carry: the built-in list and the makes an administrator added.
 * Adding is the one way a new make enters the catalogue (the fleet API and the offer forms refuse an
 * unknown one), so it is a deliberate act, in the audit log.
 */
export class MakeVocabulary {
  constructor(private readonly db: Db) {}

  async list(): Promise<{ builtIn: readonly string[]; added: { name: string; addedAt: Date }[] }> {
    const added = await this.db
      .select({ name: vehicleMakes.name, addedAt: vehicleMakes.addedAt })
      .from(vehicleMakes)
      .orderBy(asc(vehicleMakes.name));
    return { builtIn: MAKE_SPELLINGS, added };
  }

  /** Adds a make in the spelling given; a make already known (in any spelling) is refused. */
  async add(input: MakeInput, by: Actor): Promise<string> {
    const name = input.Name;
    const slug = makeSlug(name);
    if (!slug) throw new StaffError(400, "Nazwa marki musi zawierać litery lub cyfry.", "Name");
    return this.db.transaction(async (tx) => {
      const added = (await tx.select({ name: vehicleMakes.name }).from(vehicleMakes)).map((r) => r.name);
      const known = resolveMake(name, added);
      if (known.make !== null)
        throw new StaffError(400, `Marka „${known.make}” jest już w słowniku.`, "Name");
      // "Wolkswagen" beside "Volkswagen" would stand in the menu as a make of its own: a name one or two
      // letters off a known make is added only when the admin confirms it is another make.
      if (known.suggestion && !input.NotATypo)
        throw new StaffError(
          400,
          `Czy chodziło o „${known.suggestion}”? Ta marka jest już w słowniku. Jeśli „${name}” to inna marka, zaznacz to poniżej.`,
          "Name",
        );
      await tx.insert(vehicleMakes).values({ name, slug, addedBy: by.id });
      await audit(tx, by, { action: "make.add", entity: "make", entityId: slug, after: { make: name } });
      return name;
    });
  }
}
