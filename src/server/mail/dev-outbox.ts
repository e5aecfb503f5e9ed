import type { FastifyInstance } from "fastify";
import type { Services } from "../service-types";
import { listOutbox } from "./outbox";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The development outbox (only without SMTP_URL, never in production: app.ts): every queued e-mail, newest first, readable by a
 * person at /dev/outbox and by tests at /dev/outbox.json?to=address.
 */
export function registerDevOutbox(app: FastifyInstance, services: Services): void {
  app.get("/dev/outbox.json", async (request) => {
    const { to } = request.query as { to?: string };
    return listOutbox(services.db, { to: typeof to === "string" ? to : undefined });
  });
  app.get("/dev/outbox", async (_request, reply) => {
    const rows = await listOutbox(services.db, { limit: 200 });
    const items = rows
      .map(
        (r) => `<article><h2>${esc(r.subject)}</h2>
<p><b>Do:</b> ${esc(r.toAddress)} · <b>Utworzono:</b> ${r.createdAt.toISOString()} · <b>Status:</b> ${
          r.sentAt
            ? "wysłano"
            : `oczekuje (prób: ${r.attempts}${r.lastError ? `, błąd: ${esc(r.lastError)}` : ""})`
        }</p><pre>${esc(r.text)}</pre></article>`,
      )
      .join("\n");
    return reply
      .type("text/html; charset=utf-8")
      .header("x-robots-tag", "noindex")
      .send(`<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Skrzynka deweloperska</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Skrzynka deweloperska (${rows.length})</h1><p>Poczta, która zostałaby wysłana, gdyby ustawiono SMTP_URL.
Pliki .eml: ${esc(services.mail.devOutboxDir ?? "brak (baza w pamięci)")}</p>${items || "<p>Brak wiadomości.</p>"}</body></html>`);
  });
}
