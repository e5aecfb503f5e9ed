import type { AppLoadContext, MetaDescriptor } from "react-router";
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

/** The site's address as the first of these loader answers that has it gives it (else none). */
function publicUrlOf(answers: readonly unknown[]): string {
  for (const answer of answers) {
    const url = (answer as { publicUrl?: unknown } | null | undefined)?.publicUrl;
    if (typeof url === "string") return url;
  }
  return "";
}

/**
 * The `meta` of a public page whose loader gives the site's address (`publicUrl`), or whose parent
 * route's loader does (the content pages that load nothing of their own): pageMeta of its `seo`, and
 * `noindex` for a page no search should list (the thank-you pages).
 */
export const publicPageMeta =
  (seo: Omit<PageSeo, "publicUrl">, { noindex = false } = {}) =>
  ({
    loaderData,
    matches = [],
  }: {
    loaderData?: unknown;
    matches?: readonly ({ loaderData?: unknown } | undefined)[];
  }): MetaDescriptor[] => [
    ...pageMeta({ ...seo, publicUrl: publicUrlOf([loaderData, ...matches.map((m) => m?.loaderData)]) }),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];

/**
 * The loader of a public page: the site's address (for publicPageMeta) and what `load` reads for the
 * page, if anything.
 */
export const publicPageLoader =
  <T extends object = object>(
    load?: (services: AppLoadContext["services"], request: Request) => Promise<T>,
  ) =>
  async ({ context, request }: { context: AppLoadContext; request: Request }) => ({
    publicUrl: context.services.config.publicUrl,
    ...((await load?.(context.services, request)) as T),
  });
