import { useEffect, useState } from "react";
import { documentClockOffset } from "../../lib/server-clock";

/**
 * The server's clock in the browser: countdowns run from the server time offset (architecture guide),
 * so a wrong clock on the phone does not move an auction's end.
 */
// Browser-only: the browser's Date.now only ticks the countdown, moved by the server's offset.
export function useServerNow(serverNowIso: string, tickMs = 1000): Date {
  // The page's data gives the first render (as the server rendered it); the response's clock, when
  // the browser exposes it, is right even for a page the cache stored a while ago.
  const [offset] = useState(() => documentClockOffset() ?? new Date(serverNowIso).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(serverNowIso));
  useEffect(() => {
    setNow(new Date(Date.now() + offset));
    const t = setInterval(() => setNow(new Date(Date.now() + offset)), tickMs);
    return () => clearInterval(t);
  }, [offset, tickMs]);
  return now;
}
