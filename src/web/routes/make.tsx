import { data, redirect } from "react-router";
import { makeSlug } from "../../domain/slug";
import { NotFound } from "../components/not-found";
import type { Route } from "./+types/make";

/**
 * /marki/{make}. Upper-case or spaced forms of a make on sale (/marki/AUDI, /marki/Alfa%20Romeo)
 * move permanently to the canonical lower-case address, query kept; unknown makes are not found.
 * The make list screen (catalogue issue) renders here for canonical addresses.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const raw = params.make;
  const slug = makeSlug(raw);
  const make = await context.services.makes.bySlug(slug);
  if (!make) throw data(null, { status: 404 });
  if (raw !== make.slug) {
    // encodeURI: a Location header carries only ASCII.
    return redirect(`${encodeURI(make.path)}${new URL(request.url).search}`, 301);
  }
  // The canonical address of a known make: its list is not built yet (catalogue issue).
  throw data(null, { status: 404 });
}

/**
 * Never reached while the loader throws for canonical addresses; being a page route (not a resource
 * route) makes that 404 render the not-found page inside the site shell.
 */
export default function MakeListRoute() {
  return <NotFound />;
}
