import { sql } from "drizzle-orm";
import { formatApiDateTime } from "../../domain/format";
import { offerImageUrl } from "../../domain/images";
import { cachedValue } from "../cache";
import type { Db } from "../db/client";
import { date, rowsOf } from "./offer-tiles";

/** A banner slide (spec section 3); images as URLs of the image endpoint. */
export interface BannerSlide {
  title: string;
  subtitle: string;
  description: string;
  buttonText: string | null;
  redirectTo: string | null;
  buttonText2: string | null;
  redirectTo2: string | null;
  image: string | null;
  mobileImage: string | null;
  alt: string;
  sliderEndDate: string | null;
  /** Whom it is for: a company, a private buyer or every visitor (the home page shows each their own). */
  audience: "company" | "private" | "all";
}

/** The banner slides of the home and electric pages, read once and kept for ttlMs. */
export function createBannerSlides(db: Db, clock: () => Date, ttlMs: number) {
  /**
   * Every banner with its placement and showing days, read once and kept: the home page shows two
   * placements. An edit reaches the change feed (services.ts); the days are compared at each read.
   */
  const bannerRows = cachedValue(
    async () => {
      const rows = await rowsOf<{
        placement: string;
        title: string;
        subtitle: string;
        description: string;
        button_text: string | null;
        redirect_to: string | null;
        button_text2: string | null;
        redirect_to2: string | null;
        image_id: string | null;
        mobile_image_id: string | null;
        alt: string;
        audience: BannerSlide["audience"];
        slider_start_date: Date | string | null;
        slider_end_date: Date | string | null;
      }>(
        db,
        sql`select placement, title, subtitle, description, button_text, redirect_to, button_text2, redirect_to2,
               image_id, mobile_image_id, alt, audience, slider_start_date, slider_end_date from banners
        order by position, id`,
      );
      return rows.map((r) => ({ ...r, start: date(r.slider_start_date), end: date(r.slider_end_date) }));
    },
    { ttlMs, clock: { now: clock } },
  );

  async function banners(
    placement: "home-slider" | "home-bottom" | "electric-slider",
  ): Promise<BannerSlide[]> {
    const now = clock().getTime();
    const rows = (await bannerRows.get()).filter(
      (r) =>
        r.placement === placement &&
        (!r.end || r.end.getTime() > now) &&
        (!r.start || r.start.getTime() <= now),
    );
    return rows.map((r) => ({
      title: r.title,
      subtitle: r.subtitle,
      description: r.description,
      buttonText: r.button_text,
      redirectTo: r.redirect_to,
      buttonText2: r.button_text2,
      redirectTo2: r.redirect_to2,
      image: r.image_id ? offerImageUrl(r.image_id) : null,
      mobileImage: r.mobile_image_id ? offerImageUrl(r.mobile_image_id) : null,
      alt: r.alt,
      sliderEndDate: r.end ? formatApiDateTime(r.end) : null,
      audience: r.audience,
    }));
  }

  return { banners, invalidate: () => bannerRows.invalidate() };
}
