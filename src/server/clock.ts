/**
 * The time a service reads. Services that decide by the clock (token and link expiry) take one, so
 * that tests move time forward instead of sleeping; the server runs on the system clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
