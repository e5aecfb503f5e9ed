import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirect";

/** English legacy paths of the content pages (spec section 2) and their Polish targets. */
export const CONTENT_REDIRECTS: Record<string, string> = {
  "/financing": "/finansowanie",
  "/product-line": "/oferta",
};

/** Permanent redirect to the Polish path, keeping the query string. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = CONTENT_REDIRECTS[url.pathname.toLowerCase()] ?? "/";
  return redirect(`${target}${url.search}`, 301);
}
