import type { Services } from "../server/service-types";

// Route loaders and actions run on the server and receive the same services as the API handlers.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** This response's CSP nonce (src/server/http/csp.ts), for the inline scripts of entry.server.tsx. */
    cspNonce: string;
    /** The visitor's address (behind the trusted proxy, the forwarded one): rate limits and leads. */
    clientIp: string;
  }
}
