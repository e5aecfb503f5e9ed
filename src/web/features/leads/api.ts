import {
  badRequestAlertText,
  CONNECTION_ERROR_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  namedField,
  SERVER_ERROR_MESSAGE,
} from "../../../domain/errors";
import { ApiRequestError, api } from "../../api-client";

/**
 * A lead form the server refused. `summary` is the spec section 8 text the form shows above its
 * button: the ErrorMessage followed by 'W razie problemów skontaktuj się z administratorem.' (400,
 * 429), or 'Wystąpił błąd po stronie serwera. …' (500). A 400 naming a field ("Pole Email: …")
 * also gives that field and its message, which the form marks next to it.
 */
export class LeadApiError extends Error {
  constructor(
    readonly status: number,
    readonly summary: string,
    readonly field: string | null,
    readonly fieldMessage: string | null,
  ) {
    super(summary);
  }
}

function summaryOf(err: ApiRequestError): string {
  if (err.status === 0) return CONNECTION_ERROR_MESSAGE;
  if (err.status >= 500) return SERVER_ERROR_MESSAGE;
  if (err.status === 400 || err.status === 409 || err.status === 429) return badRequestAlertText(err.message);
  return GENERIC_ERROR_MESSAGE;
}

/**
 * Posts a lead form through the shared API client. A 400 or 429 (or a 409 of `passCodes`) comes back
 * to the form instead of an alert; a server error or a lost connection is also announced by the
 * client's toast.
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  /** Refusals the form shows itself (e.g. a 409 that is not about the session). */
  passCodes?: number[],
): Promise<T> {
  try {
    return await api.post<T>(url, body, { alertOnBadRequest: false, passCodes });
  } catch (err) {
    if (!(err instanceof ApiRequestError)) throw err;
    const named = err.handled ? null : namedField(err.message);
    throw new LeadApiError(err.status, summaryOf(err), named?.field ?? null, named?.message ?? null);
  }
}
