import { useState } from "react";
import { redirect } from "react-router";
import { ApiRequestError, api } from "../../api-client";
import { session } from "../../lib/storage";
import { loginUrl } from "./ui";

/** What a signed-in screen's clientLoader hands its page: the API's answer, or that it failed. */
export type SignedIn<T> = { data: T; failed: false } | { data: null; failed: true };

/**
 * The clientLoader of a screen only the signed-in person sees. Tokens live in browser storage (spec
 * section 3), so the data is loaded in the browser, before the page renders on a navigation and right
 * after hydration on a first visit (the route's HydrateFallback shows meanwhile). Signed out, the
 * person goes to /login and comes back here; a refusal the API client has not acted on itself (it
 * alerts, refreshes and redirects as spec section 8 says) leaves the page to say it failed.
 */
export async function loadSignedIn<T>(request: Request, path: string): Promise<SignedIn<T>> {
  if (!session.isLoggedIn()) {
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  try {
    return { data: await api.get<T>(path), failed: false };
  } catch (err) {
    if (err instanceof ApiRequestError) return { data: null, failed: true };
    throw err;
  }
}

/** The clientLoader of a screen showing `path`'s answer to the signed-in person, also at hydration. */
export function signedInLoader<T>(path: string) {
  const clientLoader = ({ request }: { request: Request }) => loadSignedIn<T>(request, path);
  clientLoader.hydrate = true as const;
  return clientLoader;
}

/**
 * A loader's answer the screen replaces with what a save answered (the API returns the updated
 * account), until the loader runs again and its newer answer wins.
 */
export function useEditable<T>(loaded: T): [T, (next: T) => void] {
  const [edited, setEdited] = useState<{ from: T; value: T } | null>(null);
  const value = edited && edited.from === loaded ? edited.value : loaded;
  return [value, (next) => setEdited({ from: loaded, value: next })];
}
