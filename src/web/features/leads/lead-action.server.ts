import { type AppLoadContext, data, redirect } from "react-router";
import type { z } from "zod";
import { badRequestAlertText, namedField } from "../../../domain/errors";
import { countHit, minutesToWait, rateLimitedMessage } from "../../../server/http/rate-limit";
import { parseFormData } from "../../components/form/parse-form";
import { serviceRefusal } from "../../lib/service-refusal.server";

/**
 * A lead form posted to its page before the page hydrated (ADR 024): a slow phone shows the form
 * before its scripts arrive, and a person may send it then. The form's FormData is checked with the
 * schema the browser uses, limited per address under its API endpoint's name (the two count as one),
 * and stored by the same service; then on to the confirmation page. A refusal answers 400 (429 over
 * the limit) with conform's reply: the messages and the values sent, which the page shows as the
 * browser would have.
 */
export async function leadFormAction<S extends z.ZodObject>(opts: {
  request: Request;
  context: AppLoadContext;
  /** The form's schema, or how to choose it from what was posted. */
  schema: S | ((formData: FormData) => S);
  /** The API endpoint's rate-limit name. */
  endpoint: string;
  store: (value: z.output<S>, clientIp: string) => Promise<unknown>;
  sentPath: string;
}) {
  const formData = await opts.request.formData();
  const schema = typeof opts.schema === "function" ? opts.schema(formData) : opts.schema;
  const submission = parseFormData(formData, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const refuse = (message: string, status: number) => {
    const named = namedField(message);
    return data(
      submission.reply({
        formErrors: [badRequestAlertText(message)],
        fieldErrors: named ? { [named.field]: [named.message] } : {},
      }),
      { status },
    );
  };
  const { services, clientIp } = opts.context;
  const retryAfterS = await countHit(
    services.db,
    opts.endpoint,
    clientIp,
    services.config.LEADS_RATE_LIMIT,
    services.clock.now().getTime(),
  );
  if (retryAfterS !== null) return refuse(rateLimitedMessage(minutesToWait(retryAfterS)), 429);
  try {
    await opts.store(submission.value as z.output<S>, clientIp);
  } catch (err) {
    const refusal = serviceRefusal(err);
    if (refusal) return refuse(refusal.message, refusal.status);
    throw err;
  }
  return redirect(opts.sentPath);
}
