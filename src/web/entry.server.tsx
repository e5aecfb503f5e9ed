import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce";

/**
 * React Router's default Node entry (abort after streamTimeout), waiting for all content for every
 * visitor (see below), plus the CSP nonce: the SSR handler (src/server/web/ssr.ts) makes one per response and
 * names it in the page's Content-Security-Policy. <ServerRouter nonce> puts it on the inline scripts
 * React Router writes itself and is the default of <Scripts>, <ScrollRestoration> and <Links>; root.tsx
 * passes it to them explicitly as well (useNonce).
 */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Every Suspense boundary's markup stays in place (the home page's hydrate-when-visible carousels):
    // React moves a boundary to the end of the document, to be revealed by a script after the first
    // paint, when it finishes after the shell is sent or is bigger than progressiveChunkSize (12.8 KB).
    // The browser then painted the carousels empty and pushed everything below them down (Lighthouse
    // CLS 0.35 on a phone). Our loaders finish before React renders and no route streams deferred
    // data, so waiting for the whole page costs nothing, and the page cache stores one form of it.
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
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router's handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
