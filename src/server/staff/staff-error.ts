/**
 * A refusal of the back-office: the HTTP status, the Polish message and, when one field is the
 * reason, its name (the panel's form marks it). The panel answers pages, not the API's JSON, so there
 * is no ErrorCode; its route actions recognise the refusal by shape (the SSR build has its own copy
 * of this class).
 */
export class StaffError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}
