import { isLeadKind, isLeadView, LEAD_SORTS } from "../../../domain/staff/lead-states";
import { choice, panelList } from "./list-page";

/**
 * The inbox's filters in its address (the page and its CSV file): ?widok=, ?rodzaj=, ?opiekun=, ?q=,
 * ?sortuj=, ?strona=.
 */
export const leadList = panelList(
  "/panel/zgloszenia",
  {
    view: choice("widok", isLeadView, "open"),
    kind: choice("rodzaj", isLeadKind, null),
    assigned: choice("opiekun", (v): v is "me" | "none" => v === "me" || v === "none", null),
  },
  LEAD_SORTS,
);
