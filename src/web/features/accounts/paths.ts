/** Where the account screens lead. Upcoming auctions are the auctions area's first screen. */
export const AFTER_LOGIN_PATH = "/wkrotce-w-sprzedazy";
export const AUCTIONS_PATH = "/aukcje-samochodowe";

/** Only paths of this site are accepted as a place to return to after signing in. */
export function safeReturnTo(value: string | null): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return AFTER_LOGIN_PATH;
  return value;
}
