import { useCallback, useSyncExternalStore } from "react";
import { StorageKeys, session, subscribe } from "../../lib/storage";

/** Login state from the presence of the access token (spec section 4); false while rendering on the server. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(
    useCallback(
      (onChange: () => void) =>
        subscribe((key) => (key === null || key === StorageKeys.accessToken) && onChange()),
      [],
    ),
    session.isLoggedIn,
    () => false,
  );
}
