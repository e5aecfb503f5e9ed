import { useEffect } from "react";

/**
 * Whether a route's error is the browser failing to reach the server (the network gone while a page's
 * data was on its way), not the server failing: Chromium says "Failed to fetch", Firefox
 * "NetworkError…", Safari "Load failed". Only a browser ever meets it.
 */
export function isConnectionLost(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);
}

/**
 * Said instead of a server error when the connection dropped: what happened, and the way on. The page
 * tries again by itself as soon as the browser is back online.
 */
export function ConnectionLost() {
  useEffect(() => {
    const retry = () => window.location.reload();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, []);
  return (
    <main className="mx-auto max-w-2xl p-8">
      <title>Brak połączenia</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold">Brak połączenia z internetem</h1>
      <p className="mt-4">
        Nie udało się wczytać strony, bo połączenie z internetem zostało przerwane. Sprawdź połączenie – gdy
        wróci, strona wczyta się sama.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
      >
        Spróbuj ponownie
      </button>
    </main>
  );
}
