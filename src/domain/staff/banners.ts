import { z } from "zod";
import { maxMessage, optionalText, requiredText } from "../account";
import { todayInPoland } from "../polish-time";

/** Where a banner shows, as the panel names the places. */
export const BANNER_PLACEMENTS = {
  "home-slider": "Strona główna: karuzela na górze",
  "home-bottom": "Strona główna: baner na dole",
  "electric-slider": "Mój elektryk: karuzela na górze",
} as const;
export type BannerPlacement = keyof typeof BANNER_PLACEMENTS;

/** Whom a banner is for, as the panel names them: the home page shows each buyer their own. */
export const BANNER_AUDIENCES = {
  all: "Wszyscy odwiedzający",
  company: "Firmy (widok „na firmę”)",
  private: "Osoby prywatne (widok „prywatnie”)",
} as const;
export type BannerAudience = keyof typeof BANNER_AUDIENCES;

export const BANNER_STATE_NAMES = {
  showing: "widoczny",
  scheduled: "zaplanowany",
  ended: "zakończony",
} as const;

export const BANNER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A button's target: a page of the site ("/aukcje-samochodowe") or an https address. */
const link = z
  .string()
  .trim()
  .max(500, maxMessage(500))
  .refine(
    (v) => !v || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/\S+$/.test(v),
    "Podaj adres strony serwisu (zaczyna się od /) albo pełny adres https://",
  )
  .optional()
  .default("");
const image = z
  .instanceof(File)
  .optional()
  .refine((f) => !f || f.size <= BANNER_IMAGE_MAX_BYTES, "Obraz może mieć najwyżej 10 MB");
const day = z
  .string()
  .optional()
  .default("")
  .refine((v) => !v || DATE.test(v), "Podaj datę w formacie dd.mm.rrrr");

/**
 * A banner: its place and order, texts, up to two buttons, the desktop and phone pictures, and the
 * days it shows (from the first to the last, both optional). A picture needs its description (alt).
 */
export const bannerSchema = (now: Date) =>
  z
    .object({
      Placement: z.enum(Object.keys(BANNER_PLACEMENTS) as [BannerPlacement, ...BannerPlacement[]], {
        error: "Wybierz miejsce",
      }),
      Audience: z
        .enum(Object.keys(BANNER_AUDIENCES) as [BannerAudience, ...BannerAudience[]], {
          error: "Wybierz, dla kogo jest baner",
        })
        .default("all"),
      Position: z.coerce
        .number({ error: "Podaj liczbę" })
        .int("Podaj liczbę całkowitą")
        .min(0)
        .max(999)
        .default(0),
      Title: requiredText(120),
      Subtitle: optionalText(160),
      Description: optionalText(400),
      ButtonText: optionalText(40),
      RedirectTo: link,
      ButtonText2: optionalText(40),
      RedirectTo2: link,
      Image: image,
      MobileImage: image,
      /** The stored pictures the banner keeps when no new file is chosen (edit). */
      KeepImage: z.string().optional().default(""),
      KeepMobileImage: z.string().optional().default(""),
      Alt: optionalText(200),
      StartDate: day,
      EndDate: day.refine(
        (v) => !v || v >= todayInPoland(now),
        "Data końca nie może być wcześniejsza niż dzisiejsza",
      ),
    })
    .superRefine((v, ctx) => {
      const pairs = [
        ["ButtonText", "RedirectTo"],
        ["ButtonText2", "RedirectTo2"],
      ] as const;
      for (const [label, target] of pairs) {
        if (v[label] && !v[target])
          ctx.addIssue({ code: "custom", path: [target], message: "Podaj, dokąd prowadzi przycisk" });
        if (v[target] && !v[label])
          ctx.addIssue({ code: "custom", path: [label], message: "Podaj napis na przycisku" });
      }
      const pictured = (v.Image && v.Image.size > 0) || v.KeepImage;
      if (pictured && !v.Alt)
        ctx.addIssue({ code: "custom", path: ["Alt"], message: "Opisz obraz dla osób, które go nie widzą" });
      // Only the home page shows each kind of buyer their own banners; the electric page shows all.
      if (v.Placement === "electric-slider" && v.Audience !== "all")
        ctx.addIssue({
          code: "custom",
          path: ["Audience"],
          message: "Na stronie „Mój elektryk” baner widzą wszyscy: wybierz „Wszyscy odwiedzający”",
        });
      if (v.StartDate && v.EndDate && v.EndDate < v.StartDate)
        ctx.addIssue({ code: "custom", path: ["EndDate"], message: "Koniec nie może być przed początkiem" });
    });
export type BannerInput = z.output<ReturnType<typeof bannerSchema>>;
