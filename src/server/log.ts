import { type Logger, pino } from "pino";

export type { Logger };

/**
 * The process's one log: a JSON line per event on stdout, with its level, time and message (pino, which
 * Fastify logs requests through), so that a collector reads a cluster's log line by line. Start-up,
 * the first start's data, database reconnects and errors go through it as well as the requests; an
 * error is a field (`err`: type, message, stack), never raw lines. `npm run dev` prints it readably
 * (pino-pretty).
 */
export function createLog(level: string, opts: { pretty?: boolean } = {}): Logger {
  return pino({
    level,
    ...(opts.pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {}),
  });
}
