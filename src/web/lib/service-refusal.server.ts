/**
 * A service's refusal of what a route action asked (an ApiError or StaffError below 500): its status,
 * message and, when one field is the reason, that field. The web build bundles its own copy of the
 * server's modules, so the error is known by its shape, not by its class. Null for anything else (a
 * failure, which the route's error boundary answers).
 */
export function serviceRefusal(
  err: unknown,
): { status: number; message: string; field: string | null } | null {
  const e = err as { status?: unknown; field?: unknown; fieldMessage?: unknown } | null;
  if (!(err instanceof Error) || typeof e?.status !== "number" || e.status >= 500) return null;
  const field = typeof e.field === "string" ? e.field : null;
  // An API error names its field in the message ("Pole Make: …"); at the field, its own sentence reads better.
  const message = field && typeof e.fieldMessage === "string" ? e.fieldMessage : err.message;
  return { status: e.status, message, field };
}
