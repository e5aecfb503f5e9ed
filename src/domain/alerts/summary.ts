import { formatPrice } from "../format";
import { type AlertCriteria, activeBounds, BuyerType, Financing } from "./wizard";

/**
 * The criteria of an alert in words, for the summary of page 5 and for the e-mails: one row per
 * criterion, 'dowolny' where nothing is chosen (spec section 4). Labels are masculine nouns so that
 * 'dowolny' reads correctly after each of them.
 */

export const ANY = "dowolny";

export interface OptionNames {
  bodyType(value: string): string;
  fuelType(value: string): string;
  gearboxType(value: string): string;
}

export interface SummaryRow {
  key: "buyer" | "financing" | "price" | "body" | "fuel" | "gearbox" | "makes";
  label: string;
  value: string;
  /** The wizard page whose edit icon changes this row. */
  page: 1 | 2 | 3 | 4;
}

/** "od 50 000 zł do 150 000 zł netto", "do 1 500 zł netto/mies.", or null without bounds. */
export function describeBounds(c: AlertCriteria): string | null {
  const { from, to, kind } = activeBounds(c);
  if (!from && !to) return null;
  const parts = [from ? `od ${formatPrice(from)}` : "", to ? `do ${formatPrice(to)}` : ""].filter(Boolean);
  const suffix =
    kind === "installment" ? "netto/mies." : c.buyerType === BuyerType.private ? "brutto" : "netto";
  return `${parts.join(" ")} ${suffix}`;
}

const BUYER_NAMES: Record<BuyerType, string> = {
  [BuyerType.unset]: ANY,
  [BuyerType.company]: "na firmę",
  [BuyerType.private]: "prywatnie",
};
const FINANCING_NAMES: Record<Financing, string> = {
  [Financing.unset]: ANY,
  [Financing.installment]: "rata miesięczna",
  [Financing.cash]: "zakup za gotówkę",
};

export function summaryRows(c: AlertCriteria, names: OptionNames): SummaryRow[] {
  const list = (values: string[], name: (v: string) => string = (v) => v) =>
    values.length ? values.map(name).join(", ") : ANY;
  return [
    {
      key: "buyer",
      label: "Kupujący",
      value: BUYER_NAMES[c.buyerType],
      page: 1,
    },
    {
      key: "financing",
      label: "Sposób finansowania",
      value: FINANCING_NAMES[c.financing],
      page: 1,
    },
    {
      key: "price",
      label: c.financing === Financing.installment ? "Przedział raty miesięcznej" : "Przedział cenowy",
      value: describeBounds(c) ?? ANY,
      page: 1,
    },
    { key: "body", label: "Typ nadwozia", value: list(c.bodyTypes, names.bodyType), page: 2 },
    { key: "fuel", label: "Rodzaj paliwa", value: list(c.fuelTypes, names.fuelType), page: 3 },
    { key: "gearbox", label: "Typ skrzyni biegów", value: list(c.gearboxTypes, names.gearboxType), page: 3 },
    { key: "makes", label: "Producent", value: list(c.makes), page: 4 },
  ];
}
