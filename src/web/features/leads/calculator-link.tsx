import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The address parameter with which a page opens the calculator at an "od" instalment's terms
 * (`?od=leasing`, `?od=najem`; ADR 042). A module of its own, so the price box links to the
 * calculator without loading it.
 */
export const FROM_PARAM = "od";
export const FROM_VALUE: Record<"leasing" | "rent", string> = { leasing: "leasing", rent: "najem" };

/** The id of the element around a page's calculator, where the link scrolls to. */
export const CALCULATOR_ANCHOR = "kalkulator";

/** A link that opens the page's calculator at the terms of the product's "od" instalment. */
export function OpenCalculatorLink({
  product,
  className = "underline underline-offset-2",
  children,
}: {
  product: "leasing" | "rent";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={{ search: `?${FROM_PARAM}=${FROM_VALUE[product]}`, hash: CALCULATOR_ANCHOR }}
      replace
      className={className}
    >
      {children}
    </Link>
  );
}
