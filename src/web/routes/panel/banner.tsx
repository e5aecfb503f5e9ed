import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { offerImageUrl } from "../../../domain/images";
import { todayInPoland } from "../../../domain/polish-time";
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_PLACEMENTS,
  BANNER_STATE_NAMES,
  type BannerPlacement,
  bannerSchema,
} from "../../../domain/staff/banners";
import { SelectField, SubmitButton, TextArea, TextField } from "../../components/form/fields";
import { Notice } from "../../features/accounts/ui";
import { AuditTable } from "../../features/panel/audit-table";
import {
  discardBody,
  PANEL_HEADERS,
  panelFieldRefusal,
  panelFormAction,
  recordParam,
  requireStaff,
} from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { Panel, PanelFormNotice, PanelPage, panelMeta, RemovePanel } from "../../features/panel/ui";
import type { Route } from "./+types/banner";

export function meta({ params }: Route.MetaArgs) {
  return panelMeta(params.id === "nowy" ? "Panel: nowy baner" : `Panel: baner nr ${params.id}`);
}

const NOT_FOUND = "Nie ma takiego banera.";
const bannerId = (id: string) => recordParam(id, "nowy", NOT_FOUND);

/** The form's date of a stored moment: the day it begins (start), or the last day it covers (end). */
const dayOf = (at: Date | null, last = false) =>
  at ? todayInPoland(new Date(at.getTime() - (last ? 1 : 0))) : "";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const id = bannerId(params.id);
  if (id === null) return { banner: null, audit: [] };
  const { banners, audit } = context.services.staff;
  const banner = await banners.get(id);
  if (!banner) throw data(NOT_FOUND, { status: 404, headers: PANEL_HEADERS });
  const log = await audit({ entity: "banner", entityId: String(id) });
  return {
    banner: {
      ...banner,
      startDay: dayOf(banner.sliderStartDate),
      endDay: dayOf(banner.sliderEndDate, true),
    },
    audit: log.entries,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context, "content");
  const id = bannerId(params.id);
  if (Number(request.headers.get("content-length") ?? "0") > 2 * BANNER_IMAGE_MAX_BYTES + 64 * 1024) {
    await discardBody(request);
    return panelFieldRefusal("save", "Image", "Obrazy mogą mieć razem najwyżej 20 MB", 413);
  }
  const formData = await request.formData();
  const { banners } = context.services.staff;
  if (formData.get("intent") === "remove" && id !== null) {
    return panelFormAction(formData, "remove", buttonOnly, async () => {
      await banners.remove(id, member);
      return redirect("/panel/banery", { headers: PANEL_HEADERS });
    });
  }
  return panelFormAction(formData, "save", bannerSchema, async (v) => {
    const saved = await banners.save(id, v, member);
    if (id === null) return redirect(`/panel/banery/${saved}?dodano=1`, { headers: PANEL_HEADERS });
    return { notice: "Zapisano baner." };
  });
}

/** A banner's form: a new one at /panel/banery/nowy, else the banner's own page with its history. */
export default function PanelBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, audit } = loaderData;
  const [params] = useSearchParams();
  const form = usePanelForm(bannerSchema, {
    intent: "save",
    answer: actionData,
    defaultValue: banner
      ? {
          Placement: banner.placement,
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
      : { Placement: "home-slider", Position: "0" },
  });
  const remove = usePanelForm(buttonOnly, { intent: "remove", answer: actionData });
  return (
    <PanelPage
      title={banner ? banner.title : "Nowy baner"}
      actions={
        <Link className="text-sm font-semibold text-brand-700 underline" to="/panel/banery">
          Wróć do banerów
        </Link>
      }
    >
      {params.get("dodano") ? <Notice kind="success">Dodano baner.</Notice> : null}
      {banner ? (
        <p className="text-sm text-slate-700">
          Stan: <strong>{BANNER_STATE_NAMES[banner.state]}</strong>
        </p>
      ) : null}
      <Panel title="Treść i wygląd">
        <Form
          {...form.formProps}
          method="post"
          encType="multipart/form-data"
          className="grid gap-4 md:grid-cols-2"
          aria-label="Baner"
        >
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="KeepImage" value={banner?.imageId ?? ""} />
          <input type="hidden" name="KeepMobileImage" value={banner?.mobileImageId ?? ""} />
          <div className="md:col-span-2">
            <PanelFormNotice form={form} />
          </div>
          <SelectField field={form.fields.Placement} label="Miejsce">
            {(Object.keys(BANNER_PLACEMENTS) as BannerPlacement[]).map((p) => (
              <option key={p} value={p}>
                {BANNER_PLACEMENTS[p]}
              </option>
            ))}
          </SelectField>
          <TextField
            field={form.fields.Position}
            label="Kolejność (mniejsza liczba wcześniej)"
            inputMode="numeric"
          />
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
              <img
                src={offerImageUrl(banner.imageId, { width: 320 })}
                alt={banner.alt}
                width={320}
                height={120}
                className="mt-2 h-30 w-80 rounded object-cover"
              />
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
          <TextField
            field={form.fields.EndDate}
            label="Pokazuj do (włącznie; puste: bez końca)"
            type="date"
          />
          <div className="md:col-span-2">
            <SubmitButton sending={form.sending} whileSending="Zapisywanie…">
              {banner ? "Zapisz baner" : "Dodaj baner"}
            </SubmitButton>
          </div>
        </Form>
      </Panel>
      {banner ? (
        <>
          <RemovePanel form={remove} label="Usuń baner">
            Baner zniknie ze strony od razu. Historia zmian zostaje w dzienniku.
          </RemovePanel>
          <Panel title="Historia zmian">
            <AuditTable entries={audit} showRecord={false} />
          </Panel>
        </>
      ) : null}
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
