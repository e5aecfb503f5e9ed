import { todayInPoland } from "../../../domain/polish-time";
import {
  BANNER_AUDIENCES,
  BANNER_IMAGE_MAX_BYTES,
  BANNER_PLACEMENTS,
  BANNER_STATE_NAMES,
  bannerSchema,
} from "../../../domain/staff/banners";
import { NumberField, SelectField, TextArea, TextField } from "../../components/form/fields";
import { BannerThumbnail } from "../../features/panel/banner-thumbnail";
import {
  panelRecordAction,
  panelRecordLoader,
  refuseLargePost,
  saveAndRemove,
} from "../../features/panel/panel.server";
import { usePanelForm } from "../../features/panel/panel-form";
import { SaveRecordPage } from "../../features/panel/record-page";
import { panelRecord } from "../../features/panel/ui";
import type { Route } from "./+types/banner";

/** The page's words: its title, a new one's address, its 404. */
const RECORD = panelRecord({ noun: "baner", newRecord: "nowy", notFound: "Nie ma takiego banera." });

export const meta = RECORD.meta;

/** The form's date of a stored moment: the day it begins (start), or the last day it covers (end). */
const dayOf = (at: Date | null, last = false) =>
  at ? todayInPoland(new Date(at.getTime() - (last ? 1 : 0))) : "";

export async function loader(args: Route.LoaderArgs) {
  const { banners } = args.context.services.staff;
  const {
    record: banner,
    audit,
    now,
  } = await panelRecordLoader(args, "content", {
    ...RECORD,
    get: (id) => banners.get(id),
    history: ["banner"],
  });
  if (!banner) return { banner, audit, now };
  const [startDay, endDay] = [dayOf(banner.sliderStartDate), dayOf(banner.sliderEndDate, true)];
  return { banner: { ...banner, startDay, endDay }, audit, now };
}

/** The banner's images are read whole: a post far over their limit is refused before it is read. */
const tooLarge = (request: Request) =>
  refuseLargePost(request, 2 * BANNER_IMAGE_MAX_BYTES + 64 * 1024, {
    intent: "save",
    field: "Image",
    message: "Obrazy mogą mieć razem najwyżej 20 MB",
  });

export const action = (args: Route.ActionArgs) =>
  panelRecordAction(args, "content", { ...RECORD, tooLarge, otherwise: "save" }, (id, member) =>
    saveAndRemove(id, member, {
      schema: bannerSchema(args.context.services.clock.now()),
      store: args.context.services.staff.banners,
      list: "/panel/banery",
      saved: "Zapisano baner.",
    }),
  );

/** A banner's form: a new one at /panel/banery/nowy, else the banner's own page with its history. */
export default function PanelBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, audit } = loaderData;
  const form = usePanelForm(bannerSchema(new Date(loaderData.now)), {
    intent: "save",
    answer: actionData,
    defaultValue: banner
      ? {
          Placement: banner.placement,
          Audience: banner.audience,
          Position: String(banner.position),
          Title: banner.title,
          Subtitle: banner.subtitle,
          Description: banner.description,
          ButtonText: banner.buttonText ?? "",
          RedirectTo: banner.redirectTo ?? "",
          ButtonText2: banner.buttonText2 ?? "",
          RedirectTo2: banner.redirectTo2 ?? "",
          Alt: banner.alt,
          StartDate: banner.startDay,
          EndDate: banner.endDay,
        }
      : { Placement: "home-slider", Audience: "all", Position: "0" },
  });
  return (
    <SaveRecordPage
      stored={banner !== null}
      title={banner ? banner.title : "Nowy baner"}
      back={{ to: "/panel/banery", label: "Wróć do banerów" }}
      audit={audit}
      noun="baner"
      about={
        banner ? (
          <p className="text-sm text-slate-700">
            Stan: <strong>{BANNER_STATE_NAMES[banner.state]}</strong>
          </p>
        ) : null
      }
      panel="Treść i wygląd"
      form={form}
      answer={actionData}
      encType="multipart/form-data"
    >
      <input type="hidden" name="KeepImage" value={banner?.imageId ?? ""} />
      <input type="hidden" name="KeepMobileImage" value={banner?.mobileImageId ?? ""} />
      <SelectField
        field={form.fields.Placement}
        label="Miejsce"
        options={Object.entries(BANNER_PLACEMENTS).map(([value, name]) => ({ value, name }))}
      />
      <SelectField
        field={form.fields.Audience}
        label="Dla kogo (na stronie głównej)"
        options={Object.entries(BANNER_AUDIENCES).map(([value, name]) => ({ value, name }))}
      />
      <NumberField field={form.fields.Position} label="Kolejność (mniejsza liczba wcześniej)" />
      <div className="md:col-span-2">
        <TextField field={form.fields.Title} label="Tytuł" required />
      </div>
      <TextField field={form.fields.Subtitle} label="Podtytuł" />
      <TextArea field={form.fields.Description} label="Opis" maxLength={400} />
      <TextField field={form.fields.ButtonText} label="Przycisk: napis" />
      <TextField field={form.fields.RedirectTo} label="Przycisk: adres (np. /aukcje-samochodowe)" />
      <TextField field={form.fields.ButtonText2} label="Drugi przycisk: napis" />
      <TextField field={form.fields.RedirectTo2} label="Drugi przycisk: adres" />
      <div>
        <TextField
          field={form.fields.Image}
          label={banner?.imageId ? "Nowy obraz (puste: zostaje obecny)" : "Obraz (JPEG, PNG, WebP, AVIF)"}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
        />
        {banner?.imageId ? (
          <BannerThumbnail imageId={banner.imageId} alt={banner.alt} width={320} className="mt-2 h-30 w-80" />
        ) : null}
      </div>
      <TextField
        field={form.fields.MobileImage}
        label={
          banner?.mobileImageId
            ? "Nowy obraz na telefon (puste: zostaje obecny)"
            : "Obraz na telefon (opcjonalnie)"
        }
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
      />
      <div className="md:col-span-2">
        <TextField field={form.fields.Alt} label="Opis obrazu dla osób, które go nie widzą" />
      </div>
      <TextField field={form.fields.StartDate} label="Pokazuj od (puste: od razu)" type="date" />
      <TextField field={form.fields.EndDate} label="Pokazuj do (włącznie; puste: bez końca)" type="date" />
    </SaveRecordPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
