import { data, redirect } from "react-router";
import { permanentRedirectTarget } from "../redirects";
import type { Route } from "./+types/redirect";

/** One module for every permanent redirect of the routing table (redirects.ts holds the targets). */
export function loader({ url }: Route.LoaderArgs) {
  const target = permanentRedirectTarget(url);
  if (!target) throw data(null, { status: 404 });
  return redirect(target, 301);
}
