import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import { useNavigation } from "react-router";
import { z } from "zod";
import type { Field } from "../../components/form/fields";
import { useSchemaForm } from "../../components/form/use-schema-form";

/** A panel action's answer to one of the page's forms (`intent` tells the forms of a page apart). */
export interface PanelAnswer {
  intent: string;
  result: SubmissionResult<string[]>;
  /** What the page says after a success that stays on it (e.g. 'Zapisano zmiany.'). */
  notice?: string;
}

/**
 * A back-office form on the kit: checked in the browser with the page's schema, then sent on to the
 * route's action through React Router's <Form> (no `send`), whose answer marks the fields. Works the
 * same before the scripts arrive: the browser posts it and the action answers with the page.
 */
export function usePanelForm<S extends z.ZodObject>(
  schema: S,
  opts: { intent: string; answer: PanelAnswer | undefined | null; defaultValue?: Record<string, unknown> },
) {
  const navigation = useNavigation();
  const lastResult = opts.answer?.intent === opts.intent ? opts.answer.result : undefined;
  // The record's values are the form's defaults: when a change (this form's, another form's, another
  // member's) brings new ones, a new form id makes conform start again from them, so a later submit
  // never sends the values the page had before (e.g. a lead's assignee before "Biorę to zgłoszenie").
  const id = `${useId()}-${valuesKey(opts.defaultValue)}`;
  const form = useSchemaForm(schema, { id, lastResult, defaultValue: opts.defaultValue });
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === opts.intent;
  const notice = opts.answer?.intent === opts.intent ? opts.answer.notice : undefined;
  return { ...form, intent: opts.intent, sending, notice };
}

/** A short, id-safe digest of a form's default values (djb2 over their JSON). */
function valuesKey(values: Record<string, unknown> | undefined): string {
  if (!values) return "0";
  const json = JSON.stringify(values);
  let h = 5381;
  for (let i = 0; i < json.length; i++) h = (h * 33) ^ json.charCodeAt(i);
  return (h >>> 0).toString(36);
}

/** A list field of a form (a report's damages, the calculator's services): its rows, each a set of fields. */
type ListField = FieldMetadata<Record<string, unknown>[], Record<string, unknown>, string[]>;
export const formRows = (field: Field) =>
  (field as unknown as ListField).getFieldList().map((item) => ({
    key: item.key ?? item.id,
    fields: item.getFieldset() as unknown as Record<string, Field>,
  }));

/** A form that is only its button (publish, take a lead, remove): nothing in it to check. */
export const buttonOnly = z.object({});
