import { formatDateTime } from "../../../domain/format";
import { auditActionName, auditChanges, auditRecordName } from "../../../domain/staff/audit-labels";
import type { AuditEntry } from "../../../server/staff/audit";
import { cellClass, TableHead, TableScroll, tableClass } from "./ui";

/** Entries of the audit log: when, who, what, which record, and what changed. */
export function AuditTable({ entries, showRecord = true }: { entries: AuditEntry[]; showRecord?: boolean }) {
  if (entries.length === 0) return <p className="text-slate-700">Brak wpisów.</p>;
  return (
    <TableScroll label="Dziennik zmian">
      <table className={tableClass} aria-label="Dziennik zmian">
        <TableHead columns={["Kiedy", "Kto", "Co", ...(showRecord ? ["Rekord"] : []), "Zmiany"]} />
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(e.at)}</td>
              <td className={cellClass}>{e.staffName}</td>
              <td className={cellClass}>{auditActionName(e.action)}</td>
              {showRecord ? <td className={cellClass}>{auditRecordName(e.entity, e.entityId)}</td> : null}
              <td className={cellClass}>
                <ul>
                  {auditChanges(e.before, e.after).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
