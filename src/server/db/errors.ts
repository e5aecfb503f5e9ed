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
