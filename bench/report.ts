// Markdown tables and the number formats every part prints.

export type Cell = string | number;

export function printTable(title: string, header: string[], rows: Cell[][], notes: string[] = []): void {
  const numeric = (cell: Cell | undefined) => /^\**-?[\d.,]+\**$/.test(String(cell));
  const blank = (cell: Cell | undefined) => ['', '—', 'n/a'].includes(String(cell ?? ''));
  const align = header.map((_, i) =>
    rows.some((row) => numeric(row[i])) && rows.every((row) => numeric(row[i]) || blank(row[i]))
      ? '---:'
      : '---',
  );
  const line = (cells: Cell[]) => `| ${cells.join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(line(align));
  for (const row of rows) console.log(line(row));
  for (const note of notes) console.log(`\n${note}`);
}

/** 14006.4 → "14,006". */
export function whole(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
}

/** Two decimals, or three below 0.01 so that a tiny ratio still shows. */
export function ratio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toFixed(value > 0 && value < 0.01 ? 3 : 2);
}

/** Milliseconds: one decimal below 10, so that a fast answer's figure is not rounded to a ratio of 1 or 2. */
export function millis(value: number): string {
  return Number.isFinite(value) && value < 10 ? value.toFixed(1) : whole(value);
}

export function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

export function kilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

export function met(ok: boolean): string {
  return ok ? 'yes' : '**no**';
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
