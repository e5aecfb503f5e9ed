import { Fragment, type ReactNode } from "react";
import { formatDate } from "../../../domain/format";
import {
  POLICIES,
  type PolicyInline,
  type PolicyKind,
  parsePolicyText,
  policyVersionPath,
} from "../../../domain/policies";

/** A policy's version and its date, as the page states it: "Wersja 3 z 28.11.2026". */
export const versionLabel = (v: { version: number; createdAt: string }) =>
  `Wersja ${v.version} z ${formatDate(new Date(v.createdAt))}`;

/**
 * The version shown and the list of every version, each at its own address. An older version says
 * so and links the one in force.
 */
export function PolicyVersions({
  kind,
  shown,
  versions,
}: {
  kind: PolicyKind;
  shown: { version: number; createdAt: string };
  versions: readonly { version: number; createdAt: string }[];
}) {
  const current = versions[0];
  const archived = current && shown.version !== current.version;
  return (
    <div className="text-sm text-slate-600">
      <p>
        <strong className="text-slate-900">{versionLabel(shown)}</strong>
        {archived ? (
          <>
            {" "}
            – to wersja archiwalna. Obowiązuje{" "}
            <a className={link} href={POLICIES[kind].path}>
              {versionLabel(current).toLowerCase()}
            </a>
            .
          </>
        ) : null}
      </p>
      {versions.length > 1 ? (
        <details className="mt-2">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">
            Wszystkie wersje ({versions.length})
          </summary>
          <ul className="list-disc space-y-1 pl-5">
            {versions.map((v) => (
              <li key={v.version}>
                {v.version === shown.version ? (
                  <span aria-current="page">{versionLabel(v)}</span>
                ) : (
                  <a className={link} href={policyVersionPath(kind, v.version)}>
                    {versionLabel(v)}
                  </a>
                )}
                {v.version === current?.version ? " (obowiązuje)" : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

const link = "font-semibold text-brand-700 underline";

function Inlines({ parts }: { parts: readonly PolicyInline[] }) {
  return parts.map((p, i) => {
    const key = `${i}:${p.text}`;
    if (p.strong)
      return (
        <strong key={key} className="text-slate-900">
          {p.text}
        </strong>
      );
    if (p.href) {
      const external = p.href.startsWith("https://");
      return (
        <a
          key={key}
          className={link}
          href={p.href}
          {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          {p.text}
        </a>
      );
    }
    return <Fragment key={key}>{p.text}</Fragment>;
  });
}

/** A section's text as the panel saved it: paragraphs, lists and tables (policies.ts's markup). */
export function PolicyText({ text, caption }: { text: string; caption: string }) {
  return parsePolicyText(text).map((block, i) => {
    const key = `${block.kind}${i}`;
    if (block.kind === "list")
      return (
        <ul key={key} className="list-disc space-y-2 pl-5">
          {block.items.map((item) => (
            // A list's items differ in their words; an item written twice would be one mistake shown twice.
            <li key={item.map((p) => p.text).join("")}>
              <Inlines parts={item} />
            </li>
          ))}
        </ul>
      );
    if (block.kind === "table")
      return (
        <PolicyTable
          key={key}
          caption={caption}
          columns={block.head}
          rows={block.rows.map((row, j) => ({
            key: `${j}:${row[0]?.map((p) => p.text).join("")}`,
            cells: row.map((cell, c) => <Inlines key={block.head[c]} parts={cell} />),
          }))}
        />
      );
    return (
      <p key={key}>
        <Inlines parts={block.inlines} />
      </p>
    );
  });
}

/** A numbered section of a policy: its heading and text at reading width. */
export function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

/**
 * A table of the policies that reads on a phone too: a table from the small breakpoint up, each row a
 * card of labelled values below it (the cells carry their column's name).
 */
export function PolicyTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <table className="mt-3 w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b-2 border-slate-300">
          {columns.map((c) => (
            <th key={c} scope="col" className="py-2 pr-4 align-bottom font-semibold text-slate-900">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-200 max-sm:block max-sm:py-3">
            {row.cells.map((cell, i) => (
              <td key={columns[i]} className="py-2 pr-4 align-top text-slate-700 max-sm:block max-sm:py-0.5">
                <span className="font-semibold text-slate-900 sm:hidden">{columns[i]}: </span>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
