// The usage table, grouped as chosen, with its total; its columns are the CSV's (usage-csv.ts).
import type { ReactElement } from 'react';
import type { UsageColumn, UsageRow } from './usage-csv';

export function UsageTable({
  caption,
  columns,
  rows,
  total,
}: {
  caption: string;
  columns: readonly UsageColumn[];
  rows: readonly UsageRow[];
  total: UsageRow;
}): ReactElement {
  const cell = (c: UsageColumn) => (c.numeric ? 'num' : c.key === 'model' ? 'mono' : undefined);
  return (
    <table className="usage-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.model ?? ''}|${r.date ?? ''}`}>
            {columns.map((c) => (
              <td key={c.key} className={cell(c)}>
                {c.screen(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          {columns.map((c) => (
            <td key={c.key} className={c.numeric ? 'num' : undefined}>
              {c.screen(total)}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
