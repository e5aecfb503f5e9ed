/** A table's column headings, in a row of the auction page's tables (bids, tyres). */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return names.map((name) => (
    <th key={name} scope="col" className="px-3 py-2">
      {name}
    </th>
  ));
}
