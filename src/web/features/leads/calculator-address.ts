/**
 * The address parameter with which a page opens the calculator at an "od" instalment's terms
 * (`?od=leasing`, `?od=najem`): the detail page's price box links to it (ADR 042). A module of its
 * own, so tiles link to it without loading the calculator.
 */
export const FROM_PARAM = "od";
export const FROM_VALUE: Record<"leasing" | "rent", string> = { leasing: "leasing", rent: "najem" };
