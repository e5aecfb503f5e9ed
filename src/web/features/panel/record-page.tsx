import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { reasonSchema } from "../../../domain/staff/table";
import type { AuditEntry } from "../../../server/staff/audit";
import { SubmitButton, TextArea } from "../../components/form/fields";
import { FormNotice, Notice } from "../accounts/ui";
import { AuditTable } from "./audit-table";
import { type PanelAnswer, usePanelForm } from "./panel-form";
import { Panel, PanelFormNotice, PanelPage, RemovePanel } from "./ui";

/**
 * The back-office's record screens (an offer, an auction, a banner, a lead, an account…): the frame
 * each one shares, and its forms. Their server side is panelRecordLoader and panelIntents.
 */

/**
 * A record's screen: its title with the way back to its list, the notice of a record just added
 * (`?dodano=1` after the redirect from its new-record form), its panels and, once stored, its history.
 */
export function RecordPage({
  title,
  back,
  added,
  audit,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  /** Said when the address has `?dodano`; null when this record's state no longer calls for it. */
  added?: ReactNode;
  /** The record's entries of the audit log; none for a record not yet saved. */
  audit?: AuditEntry[] | null;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  return (
    <PanelPage
      title={title}
      actions={
        back ? (
          <Link className="text-sm font-semibold text-brand-700 underline" to={back.to}>
            {back.label}
          </Link>
        ) : undefined
      }
    >
      {added && params.get("dodano") ? <Notice kind="success">{added}</Notice> : null}
      {children}
      {audit ? (
        <Panel title="Historia zmian">
          <AuditTable entries={audit} showRecord={false} />
        </Panel>
      ) : null}
    </PanelPage>
  );
}

type PanelFormState = Pick<
  ReturnType<typeof usePanelForm>,
  "formProps" | "intent" | "sending" | "notice" | "serverError" | "invalid"
>;

/** A grid's columns from the middle width up, and the class of a row spanning all of them. */
const GRIDS = {
  2: ["grid gap-4 md:grid-cols-2", "md:col-span-2"],
  3: ["grid gap-4 md:grid-cols-3", "md:col-span-3"],
  wide: ["grid gap-4 md:grid-cols-2 lg:grid-cols-3", "md:col-span-2 lg:col-span-3"],
} as const;

/**
 * One of a page's forms (usePanelForm): posts its `intent`; above its fields what it said or what to
 * fix (`notice`: "errors" when the page says its success elsewhere, "none" when the page says both),
 * then its fields and its button. Fields in a grid (`columns`) or one under another.
 */
export function PanelForm({
  form,
  label,
  submit,
  whileSending = null,
  look,
  columns,
  className,
  encType,
  notice = "panel",
  footer,
  children,
}: {
  form: PanelFormState;
  /** The form's name for screen readers. */
  label: string;
  /** The button's text; null when the form has buttons of its own among its children. */
  submit: ReactNode;
  whileSending?: string | null;
  look?: "outline";
  columns?: keyof typeof GRIDS;
  /** The form's classes when not a grid (a column of fields by default). */
  className?: string;
  encType?: "multipart/form-data";
  notice?: "panel" | "errors" | "none";
  /** Above the button, in its row. */
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const [grid, wholeRow] = columns ? GRIDS[columns] : [className ?? "flex flex-col gap-4", undefined];
  const said =
    notice === "none" ? null : notice === "errors" ? (
      <FormNotice form={form} />
    ) : (
      <PanelFormNotice form={form} />
    );
  return (
    <Form {...form.formProps} encType={encType} className={grid} aria-label={label}>
      <input type="hidden" name="intent" value={form.intent} />
      {said && wholeRow ? <div className={wholeRow}>{said}</div> : said}
      {children}
      {submit === null ? null : (
        <div className={wholeRow}>
          {footer}
          <SubmitButton sending={form.sending} whileSending={whileSending} look={look}>
            {submit}
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}

/** A decision that needs its reason (cancel an auction, refuse or block an account): the reason and the button. */
export function ReasonForm({
  form,
  label,
  button,
  notice,
  required,
}: {
  form: PanelFormState & { fields: ReturnType<typeof usePanelForm>["fields"] };
  label: string;
  button: string;
  notice?: "panel" | "errors";
  required?: boolean;
}) {
  return (
    <PanelForm
      form={form}
      label={button}
      submit={button}
      look="outline"
      className="flex flex-col gap-3"
      notice={notice}
    >
      <TextArea field={form.fields.Reason} label={label} maxLength={500} required={required} />
    </PanelForm>
  );
}

/**
 * The screen of a record staff write and remove whole (saveAndRemove: a banner, an FAQ entry): its
 * RecordPage, what to know about the stored record (`about`), the record's form in one panel and,
 * once the record is stored, the panel that removes it. `noun` names the record in the buttons and
 * notices ('Dodaj baner', 'Usuń baner', 'Baner zniknie ze strony…').
 */
export function SaveRecordPage({
  stored,
  title,
  back,
  audit,
  noun,
  about,
  panel,
  form,
  answer,
  encType,
  children,
}: {
  stored: boolean;
  title: string;
  back: { to: string; label: string };
  audit: AuditEntry[];
  noun: string;
  /** What to know about the stored record, above its form. */
  about?: ReactNode;
  /** The form's panel's heading. */
  panel: string;
  form: PanelFormState;
  /** The action's answer, for the removal's form. */
  answer: PanelAnswer | undefined;
  encType?: "multipart/form-data";
  /** The form's fields, in two columns. */
  children: ReactNode;
}) {
  const remove = usePanelForm(reasonSchema, { intent: "remove", answer });
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <RecordPage title={title} back={back} added={`Dodano ${noun}.`} audit={stored ? audit : null}>
      {about}
      <Panel title={panel}>
        <PanelForm
          form={form}
          label={Noun}
          columns={2}
          encType={encType}
          submit={`${stored ? "Zapisz" : "Dodaj"} ${noun}`}
          whileSending="Zapisywanie…"
        >
          {children}
        </PanelForm>
      </Panel>
      {stored ? (
        <RemovePanel form={remove} label={`Usuń ${noun}`} reason={remove.fields.Reason}>
          {Noun} zniknie ze strony od razu. Historia zmian zostaje w dzienniku.
        </RemovePanel>
      ) : null}
    </RecordPage>
  );
}
