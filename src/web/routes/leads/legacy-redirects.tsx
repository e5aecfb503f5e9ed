import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirects";

const TARGETS: Record<string, string> = {
  "/contactForm": "/formularz-kontaktowy",
  "/self-financing-form": "/formularz-samofinansowanie",
};

/** English legacy paths of the lead pages: permanent redirect to the Polish path, query kept. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`${TARGETS[url.pathname] ?? "/"}${url.search}`, 301);
}
