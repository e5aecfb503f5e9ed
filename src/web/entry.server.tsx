import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { shellOptions } from "./components/shell/handle";
import { NonceContext } from "./lib/nonce";

/**
 * React Router's default Node entry (abort after streamTimeout), sending the whole page at once and
 * without module preloads (see below), plus the CSP nonce: the SSR handler (src/server/web/ssr.ts)
 * makes one per response and names it in the page's Content-Security-Policy. <ServerRouter nonce>
 * puts it on the inline scripts React Router writes itself and is the default of <Scripts>,
 * <ScrollRestoration> and <Links>; root.tsx passes it to them explicitly as well (useNonce).
 */
export const streamTimeout = 5_000;

/**
 * An error of a loader, an action or React Router itself (a form posted from another site's page) goes
 * to the server's JSON log with the request's id, its stack a field (React Router's default prints it
 * raw to stderr). A request the visitor abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as AppLoadContext).log.error(
    { err: error, url: request.url },
    "Błąd podczas przygotowania strony",
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A staff page's CSP leaves out the advertising tags' hosts (the SSR handler reads this once rendered).
  loadContext.staffPage = shellOptions(
    routerContext.staticHandlerContext.matches.map((m) => ({
      handle: routerContext.routeModules[m.route.id]?.handle,
    })),
  ).staff;
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Every Suspense boundary's markup stays in place (the home page's hydrate-when-visible
        // carousels): React moves a boundary to the end of the document, to be revealed by a script
        // after the first paint, when it finishes after the shell is sent or is bigger than
        // progressiveChunkSize (12.8 KB). The browser then painted the carousels empty and pushed
        // everything below them down (Lighthouse CLS 0.35 on a phone). Our loaders finish before React
        // renders and no route streams deferred data, so the whole page is sent at once.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = withoutModulePreloads(Buffer.concat(chunks).toString("utf8"));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router's handleDocumentRequest.
          if (shellRendered)
            loadContext.log.error({ err: error, url: request.url }, "Błąd renderowania strony");
        },
      },
    );
  });
}

/**
 * The page without `<link rel="modulepreload">` (ADR 017). React Router lists every module of the
 * page (25 on a list, 93 KB compressed) and React hoists them to the top of <head>, before the
 * stylesheet: on a phone's slow connection they take the bandwidth the stylesheet and the main photo
 * need, and the page is painted only after them. Without them the browser finds the modules through
 * the page's module script once the page is parsed; the page shows sooner and hydrates a round trip
 * or two later (Lighthouse mobile, list: first paint 2.5 → 1.2 s).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}
