import { useSyncExternalStore } from "react";

/**
 * Browser storage of the spec (section 3 "Session and storage"): sign-in tokens, user name,
 * favourites, offers to compare, active-filter count, cookie notice, campaign tracking. One module so every screen reads
 * and writes the same keys; `subscribe` tells components about changes in this tab and in others.
 */
export const StorageKeys = {
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  utoken: "utoken",
  userName: "userName",
  accessDenied: "accessDenied",
  favorites: "favorites",
  /** Offers chosen for the side-by-side comparison, at most three ids (features/catalogue/comparison-store). */
  comparison: "comparison",
  activeFiltersCount: "activeFiltersCount",
  cookiesModalHidden: "cookiesModalHidden",
  /** The cookie choice with its policy version, date and the browser's random id (features/consent). */
  cookieConsent: "cookieConsent",
  /** Campaign name and click ids from the landing URL, with their dates (features/leads). */
  campaignTracking: "campaignTracking",
  /** "1" while the consultants' console makes no tones (features/chat/console-alerts). */
  consoleMuted: "consoleMuted",
} as const;

const CHANGE_EVENT = "marketplace-storage";

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as empty
  }
}

export function readItem(key: string): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeItem(key: string, value: string | null): void {
  const s = store();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = readItem(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

/** Calls `listener` whenever a stored key changes, here or in another tab. Returns the unsubscribe. */
export function subscribe(listener: (key: string | null) => void): () => void {
  if (typeof window === "undefined") return () => {};
  const local = (e: Event) => listener((e as CustomEvent<string>).detail);
  const other = (e: StorageEvent) => listener(e.key);
  window.addEventListener(CHANGE_EVENT, local);
  window.addEventListener("storage", other);
  return () => {
    window.removeEventListener(CHANGE_EVENT, local);
    window.removeEventListener("storage", other);
  };
}

/**
 * A list kept under one storage key (favourites, the offers to compare): read through `parse`, which
 * keeps only well-formed entries (storage can hold anything another version of the site wrote), and
 * the same in every component and tab. `use` is its React hook.
 */
export function storedList<T>(key: string, parse: (raw: string | null) => T[]) {
  // useSyncExternalStore needs a stable snapshot: the parsed list is cached per raw string.
  let cache: { raw: string | null; list: T[] } = { raw: null, list: [] };
  const read = (): T[] => {
    const raw = readItem(key);
    if (raw !== cache.raw) cache = { raw, list: parse(raw) };
    return cache.list;
  };
  const empty: T[] = [];
  const onChange = (listener: () => void) => subscribe((k) => (k === null || k === key) && listener());
  return {
    read,
    write: (list: T[]) => writeJson(key, list),
    use: () => useSyncExternalStore(onChange, read, () => empty),
  };
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  utoken: string;
  userName?: string;
}

export const session = {
  /** Login state comes from the presence of the access token (spec section 4). */
  isLoggedIn: () => Boolean(readItem(StorageKeys.accessToken)),
  tokens(): SessionTokens | null {
    const accessToken = readItem(StorageKeys.accessToken);
    const refreshToken = readItem(StorageKeys.refreshToken);
    if (!accessToken || !refreshToken) return null;
    return {
      accessToken,
      refreshToken,
      utoken: readItem(StorageKeys.utoken) ?? "",
      userName: readItem(StorageKeys.userName) ?? undefined,
    };
  },
  save(tokens: SessionTokens): void {
    writeItem(StorageKeys.accessToken, tokens.accessToken);
    writeItem(StorageKeys.refreshToken, tokens.refreshToken);
    writeItem(StorageKeys.utoken, tokens.utoken);
    if (tokens.userName !== undefined) writeItem(StorageKeys.userName, tokens.userName);
    writeItem(StorageKeys.accessDenied, null);
  },
  clear(): void {
    for (const key of [
      StorageKeys.accessToken,
      StorageKeys.refreshToken,
      StorageKeys.utoken,
      StorageKeys.userName,
    ]) {
      writeItem(key, null);
    }
  },
  userName: () => readItem(StorageKeys.userName),
  utoken: () => readItem(StorageKeys.utoken),
  /**
   * Remembers that access was denied, with the server's words when they concern the account itself
   * (blocked, not verified, the password changed elsewhere), for the sign-in page to show once.
   */
  setAccessDenied(message?: string): void {
    // A denial without words (another tab's refresh was refused first) keeps that tab's words.
    if (message || readItem(StorageKeys.accessDenied) === null) {
      writeItem(StorageKeys.accessDenied, message || "true");
    }
  },
  wasAccessDenied: () => readItem(StorageKeys.accessDenied) !== null,
  /** The server's words of the last denial, or null when there were none (an expired session). */
  accessDeniedMessage(): string | null {
    const value = readItem(StorageKeys.accessDenied);
    return value && value !== "true" ? value : null;
  },
  /** The denial has been shown: a later visit to the sign-in page does not repeat it. */
  forgetAccessDenied: () => writeItem(StorageKeys.accessDenied, null),
};
