import { ErrorCode } from "../../domain/errors";
import { ApiError } from "../http/errors";

/**
 * A refusal of the back-office: the HTTP status, the Polish message and, when one field is the
 * reason, its name (the panel's form marks it). The panel's route actions recognise it by shape.
 */
export class StaffError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly field: string | null = null,
  ) {
    const code =
      status === 403
        ? ErrorCode.Forbidden
        : status === 404
          ? ErrorCode.NotFound
          : status === 401
            ? ErrorCode.InvalidCredentials
            : status === 429
              ? ErrorCode.RateLimited
              : ErrorCode.Validation;
    super(status, code, message);
  }
}
