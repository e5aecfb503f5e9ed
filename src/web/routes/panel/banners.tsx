import { Link } from "react-router";
import { formatDateTime } from "../../../domain/format";
import {
  BANNER_AUDIENCES,
  BANNER_PLACEMENTS,
  BANNER_STATE_NAMES,
  type BannerPlacement,
} from "../../../domain/staff/banners";
import { BannerThumbnail } from "../../features/panel/banner-thumbnail";
import { requireStaff } from "../../features/panel/panel.server";
import { cellClass, DataTable, Panel, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/banners";

export function meta() {
  return panelMeta("Panel: banery");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const rows = await context.services.staff.banners.list();
  return {
    banners: rows.map((b) => ({
      id: b.id,
      placement: b.placement,
      position: b.position,
      audience: b.audience,
      title: b.title,
      imageId: b.imageId,
      alt: b.alt,
      start: b.sliderStartDate,
      end: b.sliderEndDate,
      state: b.state,
    })),
  };
}

/** The banners of each place, in the order they show, with their days and whether they show now. */
export default function PanelBanners({ loaderData }: Route.ComponentProps) {
  return (
    <PanelPage
      title="Banery"
      actions={
        <Link
          to="/panel/banery/nowy"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Dodaj baner
        </Link>
      }
    >
      {(Object.keys(BANNER_PLACEMENTS) as BannerPlacement[]).map((place) => (
        <Panel key={place} title={BANNER_PLACEMENTS[place]}>
          <DataTable
            label={BANNER_PLACEMENTS[place]}
            columns={["Kolejność", "Obraz", "Tytuł", "Dla kogo", "Kiedy", "Stan"]}
            rows={loaderData.banners.filter((b) => b.placement === place)}
            empty="Brak banerów: strona pokazuje swoje stałe treści."
            row={(b) => (
              <tr key={b.id}>
                <td className={cellClass}>{b.position}</td>
                <td className={cellClass}>
                  {b.imageId ? (
                    <BannerThumbnail imageId={b.imageId} alt={b.alt} width={160} className="h-15 w-40" />
                  ) : (
                    "–"
                  )}
                </td>
                <td className={cellClass}>
                  <Link className="font-semibold text-brand-700 underline" to={`/panel/banery/${b.id}`}>
                    {b.title}
                  </Link>
                </td>
                <td className={cellClass}>{BANNER_AUDIENCES[b.audience]}</td>
                <td className={cellClass}>
                  {b.start ? `od ${formatDateTime(new Date(b.start))}` : "od razu"}
                  <br />
                  {b.end ? `do ${formatDateTime(new Date(b.end))}` : "bez końca"}
                </td>
                <td className={cellClass}>{BANNER_STATE_NAMES[b.state]}</td>
              </tr>
            )}
          />
        </Panel>
      ))}
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
