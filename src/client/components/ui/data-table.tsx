import {
  Children,
  cloneElement,
  isValidElement,
  useLayoutEffect,
  useRef,
  type ReactElement,
  type ReactNode,
} from 'react';

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

/** How far a table may overflow its frame and still be shown as a table. */
const SLACK_PX = 24;

/**
 * Shows the table's rows as cards (`data-cards`) while the table is wider than its frame: on any phone, and
 * for the order tables beside the side menu. Measured before the first paint, so nothing jumps, and again
 * whenever the frame's width or the rows change.
 */
function useCardsWhenTooWide(rows: ReactNode) {
  const frame = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const [box, grid] = [frame.current, table.current];
    if (!box || !grid) return;
    grid.removeAttribute('data-cards');
    // The narrowest the table can be laid out, as a table.
    const needed = grid.scrollWidth;
    // A table that only loses its last cell's padding still reads as a table.
    const fit = () => grid.toggleAttribute('data-cards', box.clientWidth + SLACK_PX < needed);
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver(fit);
    resize.observe(box);
    return () => resize.disconnect();
  }, [rows]);
  return { frame, table };
}

/**
 * The dashboards' tables: headings and zebra rows while they fit; otherwise each row is a card that names
 * every cell by its column and gives its actions the card's width (`.data-table` in styles.css).
 */
export function DataTable({ columns, children }: { columns: ReactNode[]; children: ReactNode }) {
  const { frame, table } = useCardsWhenTooWide(children);
  return (
    <div
      ref={frame}
      className="data-table-frame border-base-300 rounded-box bg-base-100 overflow-x-auto border"
    >
      <table ref={table} className="data-table table-zebra table text-sm">
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
