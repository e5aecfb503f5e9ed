/**
 * Cache-Control of public pages (ADR 018). `public` is what lets the server's page cache store a
 * page for anonymous visitors; pages without it (forms with state, signed-in screens) are rendered
 * for every request.
 *
 * A CDN in front may keep a page that shows no live auction data for a minute. Pages that show
 * auction prices or countdowns (home, lists, auction pages) are `no-cache`: a CDN must ask again
 * each time, which the page cache answers with a 304 and a fresh clock reading (Server-Timing).
 */
export const PUBLIC_PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
export const LIVE_PAGE = "public, no-cache";

export const publicPageHeaders = () => ({ "Cache-Control": PUBLIC_PAGE });
export const livePageHeaders = () => ({ "Cache-Control": LIVE_PAGE });
