/**
 * Whether what a person typed about their company says the same as the VAT register: the
 * register writes in capitals and spells legal forms out ("SPÓŁKA Z OGRANICZONĄ
 * ODPOWIEDZIALNOŚCIĄ"), people abbreviate them ("sp. z o.o."), so both are brought to one form first.
 */
const LEGAL_FORMS: [RegExp, string][] = [
  [/\bsp(ółka|\.)? ?z ?o\.? ?o\.?(?=\s|$)/g, "spółka z ograniczoną odpowiedzialnością"],
  [/\bsp(ółka|\.)? ?j(awna|\.)(?=\s|$)/g, "spółka jawna"],
  [/\bsp(ółka|\.)? ?k(omandytowa|\.)(?=\s|$)/g, "spółka komandytowa"],
  [/\bs\.? ?a\.?(?=\s|$)/g, "spółka akcyjna"],
  [/\bsp(ółka|\.)? ?c(ywilna|\.)(?=\s|$)/g, "spółka cywilna"],
];

export function companyText(value: string | null | undefined): string {
  let s = (value ?? "").toLocaleLowerCase("pl-PL").replace(/\s+/g, " ").trim();
  for (const [pattern, full] of LEGAL_FORMS) s = s.replace(pattern, full);
  return s
    .replace(/^(ul|al|pl|os)\.\s*/, "")
    .replace(/["„”'(),]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export const sameCompanyText = (a: string | null | undefined, b: string | null | undefined): boolean =>
  companyText(a) === companyText(b);

/** The company's fields staff compare with the VAT register: the account's name, its label, the register's name. */
export const COMPANY_FIELDS = [
  { key: "companyName", label: "Nazwa firmy", registry: "CompanyName" },
  { key: "nip", label: "NIP", registry: "Nip" },
  { key: "regon", label: "REGON", registry: "Regon" },
  { key: "street", label: "Ulica i numer", registry: "Street" },
  { key: "postalCode", label: "Kod pocztowy", registry: "PostalCode" },
  { key: "city", label: "Miejscowość", registry: "City" },
] as const;
export type CompanyFieldKey = (typeof COMPANY_FIELDS)[number]["key"];

/** The fields where what the person typed differs from the register's entry. */
export function companyDifferences(
  typed: Record<CompanyFieldKey, string | null | undefined>,
  registered: Partial<Record<(typeof COMPANY_FIELDS)[number]["registry"], string | null | undefined>>,
): (typeof COMPANY_FIELDS)[number][] {
  return COMPANY_FIELDS.filter((f) => !sameCompanyText(typed[f.key], registered[f.registry]));
}
