/**
 * The browser's view of the server clock (architecture guide: auction state is decided by the
 * server's clock). One sample: the client notes when it asked and when the answer came; the server's
 * time is assumed to be read half-way, so a wrong local clock or timezone does not change countdowns.
 */
export function offsetFromSample(serverNowMs: number, sentAtMs: number, receivedAtMs: number): number {
  return serverNowMs - (sentAtMs + receivedAtMs) / 2;
}

/** Of several samples, the one with the shortest round trip is the most exact. */
export function bestOffset(samples: { offset: number; rtt: number }[]): number | null {
  if (!samples.length) return null;
  return samples.reduce((a, b) => (b.rtt < a.rtt ? b : a)).offset;
}
