import { Link } from "react-router";
import { z } from "zod";
import { marketingChangeName, marketingChangeSchema } from "../../../domain/catalogue/promotions";
import { formatCount, formatDateTime, formatNumber, formatPrice, NOUNS } from "../../../domain/format";
import {
  isOfferFilter,
  isPanelSaleType,
  OFFER_FILTERS,
  OFFER_SORTS,
  OFFER_STATE_NAMES,
  OFFERS_PAGE_SIZE,
  offerPanelPath,
  PANEL_SALE_TYPES,
} from "../../../domain/staff/offers";
import { bulkIds, reasonField, repriceName, repriceSchema } from "../../../domain/staff/table";
import type { BulkOutcome } from "../../../server/staff/list-query";
import { choice, PanelListPage, panelList } from "../../features/panel/list-page";
import { OfferBulkActions } from "../../features/panel/offer-bulk";
import { panelIntent, panelListAction, panelListLoader } from "../../features/panel/panel.server";
import type { TableColumn } from "../../features/panel/panel-table";
import { panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/offers";

export function meta() {
  return panelMeta("Panel: oferty");
}

/** `?widok=` picks the tab, `?rodzaj=` the sale type, `?q=` searches, `?sortuj=` sorts, `?strona=` pages. */
const offerList = panelList(
  "/panel/oferty",
  {
    filter: choice("widok", isOfferFilter, "all"),
    saleType: choice("rodzaj", isPanelSaleType, null),
  },
  OFFER_SORTS,
);

export const loader = (args: Route.LoaderArgs) =>
  panelListLoader(args, "offers", offerList.read, OFFERS_PAGE_SIZE, (staff) => staff.offers, "offers");

const withdrawSchema = z.object({ Ids: bulkIds, Reason: reasonField });
const marketingSchema = z.object({ Ids: bulkIds }).and(marketingChangeSchema);

/** What a bulk action did, in a sentence: how many were changed, and each one refused with why. */
function bulkNotice(done: string, outcome: BulkOutcome): string {
  const changed = `${done}: ${formatCount(outcome.done.length, NOUNS.offer)}.`;
  if (!outcome.refused.length) return changed;
  return `${changed} Pominięto: ${outcome.refused.map((r) => `nr ${r.id} (${r.message})`).join("; ")}.`;
}

export const action = (args: Route.ActionArgs) =>
  panelListAction(args, "offers", "offers", OFFER_COLUMNS, (member) => {
    const { offers } = args.context.services.staff;
    return {
      "bulk-publish": panelIntent(z.object({ Ids: bulkIds }), async (v) => ({
        notice: bulkNotice("Opublikowano", await offers.bulkPublish(v.Ids, member)),
      })),
      "bulk-withdraw": panelIntent(withdrawSchema, async (v) => ({
        notice: bulkNotice("Wycofano", await offers.bulkWithdraw(v.Ids, v.Reason, member)),
      })),
      "reprice-preview": panelIntent(repriceSchema, async ({ Ids, ...change }) => ({
        preview: { lines: await offers.repricePreview(Ids, change), change },
      })),
      "bulk-reprice": panelIntent(repriceSchema, async ({ Ids, ...change }) => {
        const outcome = await offers.reprice(Ids, change, member);
        return { notice: bulkNotice(`Zmieniono ceny (${repriceName(change)})`, outcome) };
      }),
      "marketing-preview": panelIntent(marketingSchema, async ({ Ids, ...change }) => ({
        preview: { lines: await offers.marketingPreview(Ids, change), change },
      })),
      "bulk-marketing": panelIntent(marketingSchema, async ({ Ids, ...change }) => {
        const outcome = await offers.bulkMarketing(Ids, change, member);
        return { notice: bulkNotice(`Etykiety i promocje (${marketingChangeName(change)})`, outcome) };
      }),
    };
  });

const link = "font-semibold text-brand-700 underline";

type OfferRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The list's columns; the car is the main one, the details line takes those not in view. */
const columns: TableColumn<OfferRow>[] = [
  { key: "nr", label: "Nr", sort: "nr", className: "tabular-nums", cell: (r) => r.id },
  {
    key: "samochod",
    label: "Samochód",
    sort: "samochod",
    main: true,
    cell: (r) => (
      <Link className={link} to={offerPanelPath(r.id)}>
        {`${r.title} (${r.year})`}
      </Link>
    ),
  },
  { key: "rodzaj", label: "Rodzaj", sort: "rodzaj", wide: true, cell: (r) => PANEL_SALE_TYPES[r.saleType] },
  {
    key: "cena",
    label: "Cena netto",
    sort: "cena",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => (r.price === null ? "–" : formatPrice(r.price)),
  },
  {
    key: "stan",
    label: "Stan",
    sort: "stan",
    cell: (r) => (
      <>
        {OFFER_STATE_NAMES[r.state]}
        {r.withdrawalReason ? (
          <span className="block text-xs text-slate-700">{r.withdrawalReason}</span>
        ) : null}
      </>
    ),
  },
  {
    key: "zdjecia",
    label: "Zdjęcia",
    sort: "zdjecia",
    wide: true,
    className: "tabular-nums",
    cell: (r) => r.photos,
  },
  {
    key: "zmieniona",
    label: "Zmieniona",
    sort: "zmieniona",
    wide: true,
    className: "whitespace-nowrap",
    cell: (r) => formatDateTime(new Date(r.updatedAt)),
  },
];
const OFFER_COLUMNS = columns.map((c) => c.key);

/** The new and ex-lease cars: drafts, on sale, reserved and withdrawn, newest change first. */
export default function PanelOffers({ loaderData: list }: Route.ComponentProps) {
  return (
    <PanelListPage
      title="Oferty"
      actions={
        <div className="flex flex-wrap gap-4 text-sm">
          <Link className={link} to="/panel/oferty/nowa">
            Dodaj ofertę
          </Link>
          <Link className={link} to="/panel/oferty/import">
            Import z pliku
          </Link>
        </div>
      }
      list={offerList}
      query={list}
      tabs={[
        { choice: "filter", label: "Stan ofert", names: OFFER_FILTERS },
        { choice: "saleType", label: "Rodzaj ofert", names: PANEL_SALE_TYPES, all: "Nowe i poleasingowe" },
      ]}
      search={{
        id: "offer-search",
        label: "Szukaj (marka i model, VIN, numer rejestracyjny lub numer oferty)",
      }}
      summary={
        list.total === 0
          ? "Brak ofert spełniających warunki."
          : `Ofert: ${formatNumber(list.total)}${list.all !== list.total ? ` z ${formatNumber(list.all)}` : ""}`
      }
      label="Oferty"
      table={{ columns, id: (r) => r.id, select: (r) => `Zaznacz ofertę nr ${r.id}` }}
      prefs={list.prefs}
      bulk={(ids) => <OfferBulkActions ids={ids} />}
      pagerLabel="Strony listy ofert"
    />
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
