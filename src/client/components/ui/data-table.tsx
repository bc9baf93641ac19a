import type { ReactNode } from 'react';

/** The dashboards' tables: headings, zebra rows, sideways scrolling inside a card on narrow screens. */
export function DataTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="border-base-300 rounded-box bg-base-100 overflow-x-auto border">
      <table className="table-zebra table text-sm">
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A product picture in a table row. */
export function TableImage({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} className="rounded-field bg-base-200 size-12 object-cover" />;
}
