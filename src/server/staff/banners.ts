import { asc, eq } from "drizzle-orm";
import { startOfPolishDay } from "../../domain/polish-time";
import type { BANNER_STATE_NAMES, BannerInput, BannerPlacement } from "../../domain/staff/banners";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { banners } from "../db/schema/index";
import { putImage, UnsupportedImageError } from "../images/store";
import { type Actor, audit } from "./audit";
import { StaffError } from "./staff-error";

type Row = typeof banners.$inferSelect;

/** Whether a banner shows now, waits for its first day, or has ended. */
export type BannerState = keyof typeof BANNER_STATE_NAMES;

/** The day after `date` begins in Poland: a banner's last day is shown whole. */
const endOfPolishDay = (date: string) => {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return startOfPolishDay(next.toISOString().slice(0, 10));
};

/** What the audit log keeps of a banner (ids of pictures, not their bytes). */
const audited = (b: Row) => ({
  placement: b.placement,
  audience: b.audience,
  position: b.position,
  title: b.title,
  subtitle: b.subtitle,
  buttonText: b.buttonText,
  redirectTo: b.redirectTo,
  imageId: b.imageId,
  mobileImageId: b.mobileImageId,
  startDate: b.sliderStartDate?.toISOString() ?? null,
  endDate: b.sliderEndDate?.toISOString() ?? null,
});

/**
 * The site's banners as the content team keeps them: each with its place, order,
 * texts, buttons, pictures (through the image store) and the days it shows. A change reaches the
 * public pages at once (the banners table feeds the page cache's change notifications).
 */
export class BannerAdmin {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  stateOf(b: Pick<Row, "sliderStartDate" | "sliderEndDate">): BannerState {
    const now = this.clock.now();
    if (b.sliderEndDate && b.sliderEndDate <= now) return "ended";
    if (b.sliderStartDate && b.sliderStartDate > now) return "scheduled";
    return "showing";
  }

  async list() {
    const rows = await this.db
      .select()
      .from(banners)
      .orderBy(asc(banners.placement), asc(banners.position), asc(banners.id));
    return rows.map((b) => ({ ...b, state: this.stateOf(b) }));
  }

  async get(id: number) {
    const [b] = await this.db.select().from(banners).where(eq(banners.id, id));
    return b ? { ...b, state: this.stateOf(b) } : null;
  }

  /** Adds (id null) or changes a banner; new pictures are stored first, by their content. */
  async save(id: number | null, input: BannerInput, by: Actor): Promise<number> {
    const picture = async (file: File | undefined, keep: string, field: string) => {
      if (!file || file.size === 0) return keep || null;
      try {
        return await putImage(this.db, Buffer.from(await file.arrayBuffer()));
      } catch (err) {
        if (err instanceof UnsupportedImageError)
          throw new StaffError(400, "To nie jest obraz. Wybierz plik JPEG, PNG, WebP lub AVIF.", field);
        throw err;
      }
    };
    const imageId = await picture(input.Image, input.KeepImage, "Image");
    const mobileImageId = await picture(input.MobileImage, input.KeepMobileImage, "MobileImage");
    const values = {
      placement: input.Placement as BannerPlacement,
      audience: input.Audience,
      position: input.Position,
      title: input.Title,
      subtitle: input.Subtitle,
      description: input.Description,
      buttonText: input.ButtonText || null,
      redirectTo: input.RedirectTo || null,
      buttonText2: input.ButtonText2 || null,
      redirectTo2: input.RedirectTo2 || null,
      imageId,
      mobileImageId,
      alt: input.Alt,
      sliderStartDate: input.StartDate ? startOfPolishDay(input.StartDate) : null,
      sliderEndDate: input.EndDate ? endOfPolishDay(input.EndDate) : null,
    };
    return this.db.transaction(async (tx) => {
      if (id === null) {
        const [row] = await tx.insert(banners).values(values).returning();
        await audit(tx, by, {
          action: "banner.add",
          entity: "banner",
          entityId: row.id,
          after: audited(row),
        });
        return row.id;
      }
      const [old] = await tx.select().from(banners).where(eq(banners.id, id)).for("update");
      if (!old) throw new StaffError(404, "Nie ma takiego banera.");
      const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
      await audit(tx, by, {
        action: "banner.change",
        entity: "banner",
        entityId: id,
        before: audited(old),
        after: audited(row),
      });
      return id;
    });
  }

  async remove(id: number, by: Actor, reason: string) {
    await this.db.transaction(async (tx) => {
      const [old] = await tx.delete(banners).where(eq(banners.id, id)).returning();
      if (!old) throw new StaffError(404, "Nie ma takiego banera.");
      await audit(tx, by, {
        action: "banner.remove",
        entity: "banner",
        entityId: id,
        before: audited(old),
        after: { reason },
      });
    });
  }
}
