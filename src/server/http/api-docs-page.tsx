import { renderToStaticMarkup } from "react-dom/server";
import { slugify } from "../../domain/slug";
import { ERROR_CODES } from "./openapi";

/**
 * /api/docs in a browser: the OpenAPI description the registry builds (openapi.ts), as one page a
 * developer of the fleet system or a partner reads without tools: operations by area, what each
 * needs (a token, the fleet system's key), its parameters, and the JSON Schemas of what it takes
 * and answers. Server-rendered without scripts, so the strict policy of non-page responses holds
 * (no script is allowed there at all); the JSON is beside it at /api/docs.json.
 */

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: { type?: string; description?: string; enum?: unknown[] };
}

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: { "200": { content?: Record<string, { schema: unknown }> } };
}

interface OpenApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

const SECURITY: Record<string, string> = {
  accessToken: "Wymaga tokenu dostępu (nagłówek Authorization: Bearer, z POST /api/Account/Login).",
  offersApiKey: "Wymaga klucza systemu flotowego (Authorization: Bearer OFFERS_API_KEY).",
};

function securityText(security: Record<string, unknown>[] | undefined): string | null {
  if (!security?.length) return null;
  const schemes = security.flatMap((s) => Object.keys(s));
  // [{}, {accessToken: []}]: a token is read when sent (e.g. a signed-in person's own data).
  if (security.some((s) => !Object.keys(s).length))
    return "Token dostępu opcjonalny: z nim odpowiedź uwzględnia zalogowaną osobę.";
  return schemes.map((s) => SECURITY[s] ?? s).join(" ");
}

function Schema({ title, schema }: { title: string; schema: unknown }) {
  return (
    <details>
      <summary>{title}</summary>
      <pre>{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}

function OperationView({ method, path, op }: { method: string; path: string; op: Operation }) {
  const security = securityText(op.security);
  const body = op.requestBody && Object.entries(op.requestBody.content)[0];
  const answer = op.responses["200"].content && Object.entries(op.responses["200"].content)[0];
  return (
    <article id={slugify(`${method} ${path}`)}>
      <h3>
        <span className={`method ${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>{op.summary}</p>
      {op.description && <p className="description">{op.description}</p>}
      {security && <p className="security">{security}</p>}
      {op.parameters?.length ? (
        <table>
          <caption>Parametry</caption>
          <thead>
            <tr>
              <th scope="col">nazwa</th>
              <th scope="col">gdzie</th>
              <th scope="col">wymagany</th>
              <th scope="col">typ i opis</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}:${p.name}`}>
                <td>
                  <code>{p.name}</code>
                </td>
                <td>{p.in === "path" ? "ścieżka" : "zapytanie"}</td>
                <td>{p.required ? "tak" : "nie"}</td>
                <td>
                  {[p.schema.type, p.schema.enum?.join(" | "), p.schema.description]
                    .filter(Boolean)
                    .join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {body && <Schema title={`Treść żądania (${body[0]})`} schema={body[1].schema} />}
      {answer && <Schema title={`Odpowiedź 200 (${answer[0]})`} schema={answer[1].schema} />}
    </article>
  );
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#fff}
main{max-width:64rem;margin:0 auto;padding:1.5rem 1rem 4rem}
h1{font-size:1.75rem;margin:0 0 .25rem}h2{margin-top:2.5rem;border-bottom:2px solid #e2e8f0;padding-bottom:.25rem}
h3{font-size:1rem;margin:1.5rem 0 .25rem;overflow-wrap:anywhere}
article{border-top:1px solid #e2e8f0;padding-top:.25rem}
.method{display:inline-block;min-width:4.5rem;padding:0 .375rem;border-radius:.25rem;color:#fff;background:#334155;font-size:.8125rem;text-align:center}
.method.get{background:#1d4ed8}.method.post{background:#15803d}.method.put{background:#a16207}.method.delete{background:#b91c1c}
.description{color:#475569}.security{color:#92400e}
table{border-collapse:collapse;margin:.5rem 0;font-size:.875rem;width:100%}
caption{text-align:left;font-weight:600}
th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f1f5f9;padding:.75rem;overflow-x:auto;font-size:.8125rem}
summary{cursor:pointer;color:#1e40af}
nav ul{columns:2;padding-left:1.25rem}
a{color:#1e40af}
@media (max-width:40rem){nav ul{columns:1}}
`;

export function renderApiDocsPage(json: Record<string, unknown>): string {
  // The registry's own output (OpenApiRegistry.document), so its shape is known.
  const doc = json as unknown as OpenApiDocument;
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0] ?? "Inne";
      const ops = byTag.get(tag) ?? [];
      ops.push({ method, path, op });
      byTag.set(tag, ops);
    }
  const count = [...byTag.values()].reduce((n, ops) => n + ops.length, 0);
  const page = (
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${doc.info.title}: dokumentacja`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{doc.info.title}</h1>
          <p>
            {count} operacji, OpenAPI 3.0 jako JSON: <a href="/api/docs.json">/api/docs.json</a>. Treści żądań
            i odpowiedzi to JSON w UTF-8; kwoty w pełnych złotych.
          </p>
          <nav aria-label="Obszary API">
            <ul>
              <li>
                <a href="#bledy">Błędy</a>
              </li>
              {[...byTag.keys()].map((tag) => (
                <li key={tag}>
                  <a href={`#${slugify(tag)}`}>{tag}</a> ({byTag.get(tag)?.length})
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="bledy">
            <h2 id="bledy">Błędy</h2>
            <p>
              Każdy błąd ma postać <code>{'{"ErrorCode": n, "ErrorMessage": "…"}'}</code>; komunikat jest po
              polsku i nadaje się do pokazania osobie, która wypełnia formularz.
            </p>
            <table>
              <thead>
                <tr>
                  <th scope="col">ErrorCode</th>
                  <th scope="col">HTTP</th>
                  <th scope="col">znaczenie</th>
                </tr>
              </thead>
              <tbody>
                {ERROR_CODES.map(([code, http, meaning]) => (
                  <tr key={code}>
                    <td>{code}</td>
                    <td>{http}</td>
                    <td>{meaning}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {[...byTag.entries()].map(([tag, ops]) => (
            <section key={tag} aria-labelledby={slugify(tag)}>
              <h2 id={slugify(tag)}>{tag}</h2>
              {ops.map((o) => (
                <OperationView key={`${o.method} ${o.path}`} {...o} />
              ))}
            </section>
          ))}
        </main>
      </body>
    </html>
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
