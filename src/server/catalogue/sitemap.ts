import type { FastifyInstance } from "fastify";
import { BRAND } from "../../domain/brand";
import { makeListPage, STATIC_LIST_PAGES, variantListPage } from "../../domain/catalogue/list-pages";
import { offerPath } from "../../domain/catalogue/offer-url";
import type { Services } from "../service-types";

/** Where the sitemap file is served; /sitemap.xml redirects here (spec section 2). */
export const SITEMAP_PATH = "/sitemap-oferty.xml";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The information pages, forms and the landing page a search should find (the routing table's
 * content, lead and alert pages); thank-you pages, sign-in and account pages are noindex and left out.
 */
const INFORMATION_PAGES = [
  "/moj-elektryk",
  `/certyfikat-${BRAND.slug}`,
  "/faq",
  "/finansowanie",
  "/oferta",
  "/uslugi-dodatkowe",
  "/marki",
  "/leasing-BEZ-OBAW",
  "/kontakt",
  "/polityka-prywatnosci",
  "/polityka-cookies",
  `/regulamin-promocji-majowka-z-${BRAND.slug}`,
  `/regulamin-promocji-${BRAND.slug}-z-prezentem`,
  "/formularz-kontaktowy",
  "/formularz-samofinansowanie",
  "/lp-q7",
  "/alert",
];

/** The sitemap: home, every list alias, the information pages, make and model pages, every offer on sale. */
export async function buildSitemap(services: Services): Promise<string> {
  const origin = services.config.publicUrl.replace(/\/$/, "");
  const offers = services.offers;
  const [data, variants, entries] = await Promise.all([
    offers.filterData(),
    offers.multipleVariants(),
    offers.sitemapEntries(),
  ]);
  const urls: { loc: string; lastmod?: string; priority: string }[] = [
    { loc: "/", priority: "1.0" },
    ...STATIC_LIST_PAGES.map((p) => ({ loc: p.path, priority: "0.8" })),
    ...INFORMATION_PAGES.map((path) => ({ loc: path, priority: "0.6" })),
    ...data.AvailableAlertMakes.map((m) => ({ loc: makeListPage(m).path, priority: "0.6" })),
    ...variants.map((v) => ({ loc: variantListPage(v.Make, v.Model).path, priority: "0.6" })),
    ...entries.map((e) => ({
      loc: offerPath(e.saleType, e.make, e.model, e.id),
      lastmod: e.updatedAt.toISOString().slice(0, 10),
      priority: "0.5",
    })),
  ];
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}<priority>${u.priority}</priority></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function registerCatalogueSeo(app: FastifyInstance, services: Services): void {
  app.get(SITEMAP_PATH, async (_req, reply) => {
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=900");
    return buildSitemap(services);
  });
  app.get("/robots.txt", async (_req, reply) => {
    const origin = services.config.publicUrl.replace(/\/$/, "");
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    // Personal and technical pages stay out of search results; offers and lists are open.
    return [
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /ulubione",
      "Disallow: /login",
      "Disallow: /ustawienia",
      "Disallow: /licytowanie",
      "Disallow: /wygrane-aukcje",
      "Disallow: /wkrotce-w-sprzedazy",
      "Disallow: /dev/",
      "Allow: /",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
  });
}
