import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A route's `shouldRevalidate` for a page whose address also carries parameters only the browser reads
 * (and a #fragment): going to the same address with only those changed loads nothing again. Anything
 * else (a form sent, another address) reloads as the router would.
 */
export function revalidateUnlessOnly(...params: string[]) {
  const without = (url: URL) => {
    const u = new URL(url);
    for (const p of params) u.searchParams.delete(p);
    u.hash = "";
    return u.href;
  };
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
    !formMethod && without(currentUrl) === without(nextUrl) ? false : defaultShouldRevalidate;
}
