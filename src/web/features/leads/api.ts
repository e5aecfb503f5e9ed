import { GENERIC_ERROR_MESSAGE, SERVER_ERROR_MESSAGE } from "../../../domain/errors";

export class LeadApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null,
  ) {
    super(message);
  }
}

/**
 * Posts a lead form as JSON. Errors follow the API contract ({ErrorCode, ErrorMessage}); a 400 names
 * the field ("Pole Email: ..."), which the form marks.
 */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new LeadApiError(0, "Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.", null);
  }
  if (res.ok) return (await res.json()) as T;
  let message = res.status >= 500 ? SERVER_ERROR_MESSAGE : GENERIC_ERROR_MESSAGE;
  let field: string | null = null;
  try {
    const body = (await res.json()) as { ErrorMessage?: string };
    if (body.ErrorMessage && res.status < 500) {
      const m = /^Pole ([\w.]+): (.*)$/s.exec(body.ErrorMessage);
      field = m ? m[1] : null;
      message = m ? m[2] : body.ErrorMessage;
    }
  } catch {
    // not JSON: keep the generic message
  }
  throw new LeadApiError(res.status, message, field);
}
