import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

type Cell = ReactElement<{ children?: ReactNode }>;

/** Each cell of a row given its column's name, which a phone shows beside the cell (`data-label`). */
function labelled(row: ReactNode, columns: ReactNode[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  const cells = Children.toArray(row.props.children).map((cell, index) => {
    const column = columns[index];
    return isValidElement(cell) && typeof column === 'string'
      ? cloneElement(cell as Cell, { 'data-label': column } as Partial<Cell['props']>)
      : cell;
  });
  return cloneElement(row, {}, ...cells);
}

/**
 * The dashboards' tables: headings and zebra rows from the tablet width up; below it, each row is a card
 * that names every cell by its column and gives its actions the card's width (`.data-table` in styles.css).
 */
export function DataTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="md:border-base-300 md:rounded-box md:bg-base-100 md:overflow-x-auto md:border">
      <table className="data-table table-zebra table text-sm">
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{Children.map(children, (row) => labelled(row, columns))}</tbody>
      </table>
    </div>
  );
}

/** A product picture in a table row. */
export function TableImage({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} className="rounded-field bg-base-200 size-12 object-cover" />;
}
