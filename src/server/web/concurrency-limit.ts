/**
 * Runs at most `size` tasks at once; the others wait their turn in the order they came. The page
 * renders use it (ssr.ts): 32 visitors past the page cache at once each held a render's worth of
 * memory (loader data, React's work, the HTML) while the two cores took turns, and the heap the
 * process grew to stayed (RSS 462 MB after a minute of load). The cores render no faster
 * with more of them in flight.
 */
export function concurrencyLimit(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  // Anything else (a config without the setting) would make every task wait forever.
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`concurrencyLimit: ${size}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finished task hands its slot to the next one waiting, so `active` counts them both.
    if (active < size) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
