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

/** Network failures of a connection to the database server (node-postgres reports them with these codes). */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres's own messages for a lost or unobtainable connection (they carry no code). */
const CONNECTION_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i;

/**
 * Whether an error means the database connection was lost or could not be made (not a bad query):
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (server shutting down or starting), a
 * network error code, or node-postgres's messages for a terminated connection. Looks through
 * Drizzle's wrapping like isUniqueViolation.
 */
export function isDatabaseConnectionError(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (code.startsWith("08") || /^57P0[123]$/.test(code))) return true;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (CONNECTION_MESSAGE.test(String((e as { message?: unknown }).message ?? ""))) return true;
  }
  return false;
}
