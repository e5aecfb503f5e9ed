import { data, redirect } from "react-router";
import { NotFound } from "../components/not-found";
import type { Route } from "./+types/legacy-offer";

/**
 * Legacy detail addresses /new/{id}, /afterLease/{id}, /auction/{id}: a permanent redirect to the
 * offer's canonical detail address with its slug, query kept; an unknown id is not found.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const path = await context.services.offerAddresses.canonicalPath(id);
  if (!path) throw data(null, { status: 404 });
  return redirect(`${encodeURI(path)}${url.search}`, 301);
}

/** A page route, so the 404 above renders the not-found page inside the site shell. */
export default function LegacyOfferRoute() {
  return <NotFound />;
}
