/**
 * Every downloadable document of the site, one place for the footer, the content pages and the
 * server. The file part of `url` (without ".pdf") is the `kind` under which versions are kept in the
 * `documents` table; the newest version already in force is served.
 */
export interface SiteDocument {
  /** Key of the `documents.kind` column. */
  kind: string;
  /** Public download address (Content-Disposition: attachment, file name = the document's Name). */
  url: string;
  /** Link text in Polish. */
  title: string;
}

const doc = (kind: string, title: string): SiteDocument => ({ kind, url: `/dokumenty/${kind}.pdf`, title });

export const DOCUMENTS = {
  siteRules: doc("regulamin-serwisu", "Regulamin serwisu"),
  auctionRules: doc("regulamin-aukcji", "Regulamin aukcji"),
  subsidyRules: doc("moj-elektryk-zasady-doplat", "Zasady programu dopłat „Mój elektryk”"),
  subsidyApplication: doc("moj-elektryk-wniosek-o-doplate", "Wniosek o dopłatę – wzór"),
  subsidyMileageStatement: doc(
    "moj-elektryk-oswiadczenie-o-przebiegu",
    "Oświadczenie o deklarowanym przebiegu",
  ),
  subsidyChecklist: doc("moj-elektryk-lista-dokumentow", "Lista dokumentów do umowy z dopłatą"),
  sampleCertificate: doc("przykladowy-certyfikat", "Przykładowy certyfikat pojazdu"),
} as const satisfies Record<string, SiteDocument>;

export type DocumentKey = keyof typeof DOCUMENTS;

/** The four documents of the "Mój elektryk" subsidy programme, in the order shown on /moj-elektryk. */
export const SUBSIDY_DOCUMENTS: readonly SiteDocument[] = [
  DOCUMENTS.subsidyRules,
  DOCUMENTS.subsidyApplication,
  DOCUMENTS.subsidyMileageStatement,
  DOCUMENTS.subsidyChecklist,
];

/** The document served at /dokumenty/{file}, or undefined for a file name we do not publish. */
export function documentByFileName(file: string): SiteDocument | undefined {
  return Object.values(DOCUMENTS).find((d) => d.url === `/dokumenty/${file}`);
}
