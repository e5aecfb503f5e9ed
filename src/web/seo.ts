import type { MetaDescriptor } from "react-router";
import { BRAND } from "../domain/brand";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/faq". */
  path: string;
  /** PUBLIC_URL from the server config (loader: context.services.config.publicUrl). */
  publicUrl: string;
}

/** "Ulubione oferty | Flotis": every page's title ends with the brand. */
export const pageTitle = (title: string): string => `${title} | ${BRAND.name}`;

/** Title, description, canonical URL and Open Graph tags of a public page. */
export function pageMeta(p: PageSeo): MetaDescriptor[] {
  const url = `${p.publicUrl}${p.path}`;
  const title = pageTitle(p.title);
  return [
    { title },
    { name: "description", content: p.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "pl_PL" },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:title", content: title },
    { property: "og:description", content: p.description },
    { property: "og:url", content: url },
  ];
}
