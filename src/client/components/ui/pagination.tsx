import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';

type Slot = number | 'gap';

/**
 * The page numbers to show: always the first and the last, the current one with its neighbours, and gaps
 * between, seven slots at most so that the bar keeps its width as the page changes.
 */
export function pageSlots(page: number, last: number): Slot[] {
  if (last <= 7) return Array.from({ length: last }, (_, index) => index + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, 'gap', last];
  if (page >= last - 3) return [1, 'gap', last - 4, last - 3, last - 2, last - 1, last];
  return [1, 'gap', page - 1, page, page + 1, 'gap', last];
}

interface PaginationProps {
  /** The page asked for, from 1. */
  page: number;
  pageSize: number;
  /** Rows on every page together. */
  total: number;
  /** Where another page of the same list is (its address). */
  hrefFor: (page: number) => string;
  /** While the answer for `page` is on its way, `total` may be another list's: no judging the page by it. */
  pending?: boolean;
  /** The navigation landmark's name. */
  label?: string;
}

const item = 'btn h-11 min-w-11 px-3';

function Step({ to, rel, children }: { to: string | null; rel: 'prev' | 'next'; children: ReactNode }) {
  if (!to) {
    return (
      <span className={`${item} btn-disabled`} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className={`${item} btn-outline`}>
      {children}
    </Link>
  );
}

/**
 * Previous, the page numbers, Next, as links (the page is in the address); "Page N of M" instead of the
 * numbers on a phone. Nothing when everything fits on one page; a page past the end goes to the last one.
 */
export function Pagination({
  page,
  pageSize,
  total,
  hrefFor,
  pending = false,
  label = 'Pages',
}: PaginationProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (!pending && total > 0 && page > last) return <Redirect to={hrefFor(last)} replace />;
  if (last <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-2">
      <Step to={page > 1 ? hrefFor(page - 1) : null} rel="prev">
        <span aria-hidden="true">‹</span> Previous
      </Step>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageSlots(page, last).map((slot, index) => (
          <li key={slot === 'gap' ? `gap-${index}` : slot}>
            {slot === 'gap' ? (
              <span className="px-1" aria-hidden="true">
                …
              </span>
            ) : (
              <Link
                to={hrefFor(slot)}
                className={`${item} ${slot === page ? 'btn-primary' : 'btn-ghost'}`}
                aria-label={`Page ${slot}`}
                aria-current={slot === page ? 'page' : undefined}
              >
                {slot}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className="px-2 text-sm sm:hidden">
        Page {page} of {last}
      </p>
      <Step to={page < last ? hrefFor(page + 1) : null} rel="next">
        Next <span aria-hidden="true">›</span>
      </Step>
    </nav>
  );
}
