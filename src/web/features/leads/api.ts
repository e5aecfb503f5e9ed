import { ApiRequestError, api } from "../../api-client";

export class LeadApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null,
  ) {
    super(message);
  }
}

const NOT_SENT = "Nie udało się wysłać formularza. Spróbuj ponownie.";

/**
 * Posts a lead form through the shared API client. A 400 or 429 comes back to the form instead of an
 * alert: a 400 names the field ("Pole Email: ..."), which the form marks next to that field. Errors
 * the client already showed (server error, no connection) leave a short note by the button.
 */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  try {
    return await api.post<T>(url, body, { alertOnBadRequest: false });
  } catch (err) {
    if (!(err instanceof ApiRequestError)) throw err;
    if (err.handled) throw new LeadApiError(err.status, NOT_SENT, null);
    const m = /^Pole ([\w.]+): (.*)$/s.exec(err.message);
    throw new LeadApiError(err.status, m ? m[2] : err.message || NOT_SENT, m ? m[1] : null);
  }
}
