/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), on node-postgres and
 * PGlite alike. Drizzle wraps the driver's error (DrizzleQueryError): its cause carries the code.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Socket-level codes of a server that is down, restarting or out of reach. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/** SQLSTATE of an ended session: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const SHUTDOWN_STATES = new Set(["57P01", "57P02", "57P03"]);
/** node-postgres and pg-pool say these in words only (no code) when a connection ends under a query. */
const LOST_CONNECTION =
  /Connection terminated|Cannot use a pool after calling end|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|PGlite is closed/i;

/**
 * Whether an error means "the database cannot be reached right now" (restart, failover, killed
 * connections) rather than a fault of the request or of our SQL. Such failures are answered with 503
 * and retried by the background jobs at their next poll. Looks through Drizzle's cause chain.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (UNREACHABLE_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith("08"))
    )
      return true;
    if (typeof message === "string" && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}
