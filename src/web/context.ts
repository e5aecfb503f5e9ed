import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../server/service-types";

// Route loaders and actions run on the server and receive the same services as the API handlers.
// With future.v8_middleware their `context` is a RouterContextProvider that src/server/web/ssr.ts fills
// with these fields: React Router's documented way from AppLoadContext (how-to/middleware, "Migration
// from AppLoadContext"); moving them to context.get() of createContext() keys is React Router 8's.
declare module "react-router" {
  interface RouterContextProvider extends AppLoadContext {}
  interface AppLoadContext {
    services: Services;
    /** This response's CSP nonce (src/server/http/csp.ts), for the inline scripts of entry.server.tsx. */
    cspNonce: string;
    /** The visitor's address (behind the trusted proxy, the forwarded one): rate limits and leads. */
    clientIp: string;
    /** The request's log (its id bound): a page's errors go to the server's one JSON log. */
    log: FastifyBaseLogger;
    /**
     * Set by entry.server.tsx when the page rendered is a staff page (a route under the staff layout,
     * components/shell/handle.ts): its CSP leaves out the advertising tags' hosts.
     */
    staffPage?: boolean;
  }
}
