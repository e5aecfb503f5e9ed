import { BRAND } from "../../domain/brand";

/**
 * What the HTML e-mails share (the alerts' and the bidders' notifications): escaping, the page
 * around a body, and the one-click unsubscribe headers.
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * RFC 8058: List-Unsubscribe with an https address and List-Unsubscribe-Post, which mail programs
 * show as "unsubscribe". The address is a page that asks for a click on GET (ADR 050); the mail
 * program's one-click POST to it unsubscribes.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The HTML page of an e-mail: the brand above the body, on a narrow white column. */
export const mailLayout = (title: string, body: string) => `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">${escapeHtml(BRAND.name)}</p>
${body}
</div></body></html>`;
