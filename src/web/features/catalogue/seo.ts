import type { MetaDescriptor } from "react-router";

/** Title, description and canonical URL of a page (every page has its own). */
export function pageMeta(opts: {
  title: string;
  description: string;
  canonical: string;
  noindex?: boolean;
  image?: string | null;
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: opts.title },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: opts.canonical },
    { property: "og:title", content: opts.title },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: opts.canonical },
    { property: "og:locale", content: "pl_PL" },
  ];
  if (opts.image) tags.push({ property: "og:image", content: opts.image });
  if (opts.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}
