import type { ReactNode } from 'react';

/** Props of Table. */
export interface TableProps {
  /** Names the table for screen readers (not shown). */
  caption?: string;
  /** The column headers, in order; false, null or undefined leaves a column out. */
  columns: ReactNode[];
  /** Classes added to the table's own. */
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/** A data table that scrolls sideways on a narrow screen: caption, column headers, rows. */
export function Table({ caption, columns, className, children }: TableProps) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.filter((c) => c !== false && c != null).map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
