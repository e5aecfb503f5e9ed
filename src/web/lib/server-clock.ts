import { useEffect, useState } from "react";

/**
 * The server's clock minus the browser's, read from the page's own response: every page carries
 * `Server-Timing: clock;desc=<ms>` written as it was sent, also when the page came from the page
 * cache (ADR 018), whereas the time in a stored page's data is as old as the page. The reading is
 * taken as of the response's first byte. Undefined when the browser does not expose it.
 */
export function documentClockOffset(): number | undefined {
  if (typeof performance === "undefined" || typeof performance.getEntriesByType !== "function")
    return undefined;
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const clock = navigation?.serverTiming?.find((t) => t.name === "clock");
  const serverMs = Number(clock?.description);
  if (!clock || !Number.isFinite(serverMs) || serverMs <= 0) return undefined;
  return serverMs - (performance.timeOrigin + navigation.responseStart);
}

/**
 * The server's clock in the browser, ticking every second (spec section 9; the architecture guide: countdowns
 * run from the server time offset, so a wrong clock on the phone does not move an auction's end). The
 * page's data gives the first render (as the server rendered it); the offset is the page response's
 * clock (right even for a page the cache stored a while ago), else the page data's time, until a live
 * hub passes the offset it measured itself (`measuredOffset`, 0 while it has none).
 */
export function useServerNow(serverTimeIso?: string, measuredOffset = 0): Date {
  const [pageOffset] = useState(
    () => documentClockOffset() ?? (serverTimeIso ? Date.parse(serverTimeIso) - Date.now() : 0),
  );
  const offset = measuredOffset || pageOffset;
  const [now, setNow] = useState(() => (serverTimeIso ? new Date(serverTimeIso) : new Date()));
  useEffect(() => {
    setNow(new Date(Date.now() + offset));
    const t = setInterval(() => setNow(new Date(Date.now() + offset)), 1000);
    return () => clearInterval(t);
  }, [offset]);
  return now;
}
