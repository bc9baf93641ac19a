/**
 * A number format made on first use. The first Intl formatter a page makes loads the locale's data, some 13 ms
 * on a desktop and four times that on a slow phone; made when a module loads, it held up the first paint of
 * pages that show no number at all.
 */
export function lazyNumberFormat(options?: Intl.NumberFormatOptions): (value: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (value) => (format ??= new Intl.NumberFormat('en-US', options)).format(value);
}

/** "1,234": counts of pieces, tools, orders and reviews. */
export const formatCount = lazyNumberFormat();
