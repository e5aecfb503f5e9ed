/**
 * A service's refusal of what a route action asked (an ApiError or StaffError below 500): its status,
 * message and, when one field is the reason, that field. The web build bundles its own copy of the
 * server's modules, so the error is known by its shape, not by its class. Null for anything else (a
 * failure, which the route's error boundary answers).
 */
export function serviceRefusal(
  err: unknown,
): { status: number; message: string; field: string | null } | null {
  const e = err as { status?: unknown; field?: unknown } | null;
  if (!(err instanceof Error) || typeof e?.status !== "number" || e.status >= 500) return null;
  return { status: e.status, message: err.message, field: typeof e.field === "string" ? e.field : null };
}
