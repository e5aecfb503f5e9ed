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
