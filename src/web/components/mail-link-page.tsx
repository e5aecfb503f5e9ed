import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { BRAND } from "../../domain/brand";
import { AlertCircleIcon, CheckCircleIcon } from "./shell/icons";

/**
 * The page behind a link in an e-mail that changes a setting (ADR 050): the alerts' activation and
 * unsubscribe links and the bidders' notification unsubscribe links. Opened (GET) it shows the state
 * and, when there is something to do, one button that posts to the same address (as a mail program's
 * one-click unsubscribe does); after the click, or when nothing is left to do, the result and links on.
 */
export interface MailLinkPageProps {
  title: string;
  lead: string;
  /**
   * The link did what the person came for (a tick: also an alert or notifications switched off, as
   * asked), or could not (a warning sign: e.g. confirming an alert that was switched off meanwhile).
   */
  ok: boolean;
  /** The button of a page that still asks for the click; none once there is nothing to do. */
  button?: string;
  /** A line under the lead (e.g. how many alerts are on). */
  detail?: ReactNode;
  /** Where to go on once done: the first is the main action. */
  links: { to: string; label: string }[];
}

const primary = "rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700";
const secondary = "rounded-lg border border-brand-600 px-5 py-3 font-semibold text-brand-700";

export function MailLinkPage({ title, lead, ok, button, detail, links }: MailLinkPageProps) {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-6 py-16 text-center">
      <title>{`${title} | ${BRAND.name}`}</title>
      {!button && (
        <div
          aria-hidden="true"
          data-outcome={ok ? "success" : "error"}
          className={`flex h-16 w-16 items-center justify-center rounded-full ${
            ok ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"
          }`}
        >
          {ok ? <CheckCircleIcon className="h-9 w-9" /> : <AlertCircleIcon className="h-9 w-9" />}
        </div>
      )}
      <h1 className="mt-6 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{lead}</p>
      {detail && <p className="mt-2 text-slate-700">{detail}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {button ? (
          <Form method="post">
            <button type="submit" className={primary}>
              {button}
            </button>
          </Form>
        ) : (
          links.map((l, i) => (
            <Link key={l.to} to={l.to} className={i === 0 ? primary : secondary}>
              {l.label}
            </Link>
          ))
        )}
      </div>
    </main>
  );
}

/** Never kept by a browser or a shared cache: such a page shows the state of the moment. */
export function mailLinkHeaders() {
  return { "Cache-Control": "private, no-store" };
}
