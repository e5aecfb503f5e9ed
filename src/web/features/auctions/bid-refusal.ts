import { namedField } from "../../../domain/errors";
import { ApiRequestError } from "../../api-client";
import type { FormRefusal } from "../../components/form/use-checked-form";
import { AskedFirst } from "./ask-once";

/**
 * What a refused bid or maximum says, under its one field: the server's reason without its 'Pole X:'
 * prefix, or `failed` when the request never got an answer. Null when the API client has told the
 * person already (a toast, or the way to the sign-in page).
 */
export function bidRefusal(field: string, failed: string) {
  return (err: unknown): FormRefusal | null => {
    if (err instanceof ApiRequestError && err.handled) return null;
    if (err instanceof AskedFirst) return { summary: err.message, field, fieldMessage: err.message };
    const message =
      err instanceof ApiRequestError ? (namedField(err.message)?.message ?? err.message) : failed;
    return { summary: message, field, fieldMessage: message };
  };
}
