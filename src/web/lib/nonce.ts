import { createContext, useContext } from "react";

/**
 * The CSP nonce of the server response being rendered (entry.server.tsx provides it); undefined in
 * the browser, where scripts are added by the already allowed bundle.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);
